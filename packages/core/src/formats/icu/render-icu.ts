import { PLURAL_CATEGORIES } from '../../plurals/plural-categories.js';
import { renderSegment, type SegmentWriter } from '../../segments/render-segment.js';
import type { SegmentMarkup } from '../../segments/segment-markup.js';
import type { PluralStructure, UnitTranslation, Variant } from '../format-adapter.js';

/**
 * Encodes literal text for an ICU message: characters ICU would read as syntax (`{` `}`,
 * `#` inside a plural, `<` before a tag name when tags are on) are quoted with apostrophes,
 * and an apostrophe that would start a quote is doubled.
 */
export function encodeIcuLiteral(text: string, inPlural: boolean, tags = true): string {
  const special = (i: number): boolean => {
    const ch = text[i];
    if (ch === '{' || ch === '}') return true;
    if (ch === '#') return inPlural;
    if (ch === '<') return tags && /[A-Za-z/]/.test(text[i + 1] ?? '');
    return false;
  };
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (special(i)) {
      let run = '';
      while (i < text.length && special(i)) run += text[i++];
      i--;
      out += `'${run}'`;
    } else if (text[i] === "'") {
      out += special(i + 1) || text[i + 1] === "'" ? "''" : "'";
    } else {
      out += text[i];
    }
  }
  return out;
}

function order(key: string, selectType: boolean): number {
  if (key.startsWith('=')) return -1000 + Number(key.slice(1));
  if (key === 'other') return 1000;
  if (selectType) return 0;
  const index = (PLURAL_CATEGORIES as readonly string[]).indexOf(key);
  return index === -1 ? 500 : index;
}

/** How a format writes the parts of an ICU message. */
export interface IcuWriter {
  /** Encodes the ICU text (syntax and literals) for the file. */
  encode(icu: string): string;
  /** The bytes of a placeholder or pair that is not ICU syntax (markup of the file format). */
  original: SegmentWriter['original'];
  /** Whether `#` and `{...}` originals are ICU syntax (kept as text) rather than file markup. */
  isIcuSyntax(original: string): boolean;
  tags?: boolean;
}

function renderVariant(
  segment: string,
  markup: SegmentMarkup,
  writer: IcuWriter,
  inPlural: boolean,
): string {
  return renderSegment(segment, markup, {
    text: (value) => writer.encode(encodeIcuLiteral(value, inPlural, writer.tags ?? true)),
    original: (original) =>
      typeof original === 'string' && writer.isIcuSyntax(original)
        ? writer.encode(original)
        : writer.original(original),
  });
}

function renderLevel(
  variants: readonly Variant[],
  structure: PluralStructure,
  index: number,
  markup: SegmentMarkup,
  writer: IcuWriter,
  inPlural: boolean,
): string {
  if (
    index >= structure.selectors.length ||
    (variants.length === 1 && variants[0]!.keys.slice(index).every((k) => k === '*'))
  ) {
    return renderVariant(variants[0]!.segment, markup, writer, inPlural);
  }
  const selector = structure.selectors[index]!;
  const groups = new Map<string, Variant[]>();
  for (const variant of variants) {
    const key = variant.keys[index] ?? '*';
    const list = groups.get(key);
    if (list) list.push(variant);
    else groups.set(key, [variant]);
  }
  if (groups.size === 1 && groups.has('*'))
    return renderLevel(variants, structure, index + 1, markup, writer, inPlural);
  const select = selector.type === 'select';
  const keys = [...groups.keys()].filter((k) => k !== '*');
  const sorted = select
    ? keys.sort((a, b) => (a === 'other' ? 1 : b === 'other' ? -1 : 0))
    : keys.sort((a, b) => order(a, false) - order(b, false));
  const type = selector.type === 'selectordinal' ? 'selectordinal' : selector.type;
  const offset = selector.offset ? `offset:${selector.offset} ` : '';
  const branches = sorted.map(
    (key) =>
      `${key} {${renderLevel(groups.get(key)!, structure, index + 1, markup, writer, inPlural || !select)}}`,
  );
  return (
    writer.encode(`{${selector.argument}, ${type}, ${offset}`) +
    branches.join(' ') +
    writer.encode('}')
  );
}

/**
 * Writes a translation of an ICU unit: a plain segment, or variants, which become one plural
 * or select expression per selector around whole sentences (nested for several selectors).
 */
export function renderIcu(
  translation: UnitTranslation,
  unit: { plural?: PluralStructure | undefined; markup: SegmentMarkup },
  writer: IcuWriter,
): string {
  if (typeof translation === 'string')
    return renderVariant(translation, unit.markup, writer, false);
  if (!unit.plural) throw new Error('variants given for a message without plural or select');
  return renderLevel(translation.variants, unit.plural, 0, unit.markup, writer, false);
}
