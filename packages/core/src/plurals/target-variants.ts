import { compareSelectorKeys } from './selector-key-order.js';
import { targetPluralKeys } from './target-plural-keys.js';

/** What {@link targetVariants} reads of a selector of a plural/select message. */
export interface VariantSelector {
  type: 'plural' | 'selectordinal' | 'select';
  offset?: number | undefined;
}

/** What {@link targetVariants} reads of a form of a plural/select message. */
export interface SourceVariant {
  /** One key per selector, `*` where the form does not depend on it. */
  keys: readonly string[];
}

/** One form of a message in the target locale. */
export interface TargetVariant<V extends SourceVariant> {
  /** One key per selector (`*` where no form depends on it). */
  keys: string[];
  /** Selector index -> the number a plural key is shown with. */
  numbers: Map<number, number>;
  /** The source form it is translated from. */
  source: V;
}

function matches(variant: SourceVariant, index: number, key: string): boolean {
  const own = variant.keys[index] ?? '*';
  return own === key || own === '*';
}

/**
 * The forms a plural/select message has in the target locale: per selector, a select keeps the
 * source's keys and a plural gets the target's keys ({@link targetPluralKeys}), each with the
 * source form it is built from and the number it is shown with; keys in the order they are
 * written ({@link compareSelectorKeys}).
 */
export function targetVariants<V extends SourceVariant>(
  structure: { readonly selectors: readonly VariantSelector[]; readonly variants: readonly V[] },
  sourceLocale: string,
  targetLocale: string,
): Array<TargetVariant<V>> {
  const out: Array<TargetVariant<V>> = [];
  const walk = (
    index: number,
    candidates: readonly V[],
    keys: string[],
    numbers: Map<number, number>,
  ) => {
    if (index === structure.selectors.length) {
      out.push({ keys, numbers, source: candidates[0]! });
      return;
    }
    const selector = structure.selectors[index]!;
    if (candidates.every((v) => (v.keys[index] ?? '*') === '*')) {
      walk(index + 1, candidates, [...keys, '*'], numbers);
      return;
    }
    const select = selector.type === 'select';
    const own = [
      ...new Set(candidates.map((v) => v.keys[index] ?? '*').filter((k) => k !== '*')),
    ].sort((a, b) => compareSelectorKeys(a, b, true));
    if (select) {
      for (const key of own)
        walk(
          index + 1,
          candidates.filter((v) => matches(v, index, key)),
          [...keys, key],
          numbers,
        );
      return;
    }
    // Which source sentence each target key is built from, and the count it is shown with.
    const targets = targetPluralKeys({
      sourceLocale,
      targetLocale,
      type: selector.type === 'selectordinal' ? 'ordinal' : 'cardinal',
      offset: selector.offset ?? 0,
      sourceKeys: own,
    });
    const ordered = [...targets].sort((a, b) => compareSelectorKeys(a.key, b.key, false));
    for (const target of ordered) {
      const chosen = candidates.filter((v) => matches(v, index, target.source));
      if (chosen.length === 0) continue;
      walk(index + 1, chosen, [...keys, target.key], new Map(numbers).set(index, target.value));
    }
  };
  walk(0, structure.variants, [], new Map());
  return out;
}
