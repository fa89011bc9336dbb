import type { AdapterUnit, UnitTranslation } from './format-adapter.js';

/** Whether `translation` is the unit's own source: its segment, or all its variants as they are. */
export function isUnchanged(
  unit: Pick<AdapterUnit, 'segment' | 'plural'>,
  translation: UnitTranslation,
): boolean {
  if (typeof translation === 'string') return !unit.plural && translation === unit.segment;
  const source = unit.plural?.variants ?? [];
  return (
    translation.variants.length === source.length &&
    translation.variants.every(
      (v, i) =>
        v.segment === source[i]!.segment &&
        v.keys.join('\u0000') === source[i]!.keys.join('\u0000'),
    )
  );
}
