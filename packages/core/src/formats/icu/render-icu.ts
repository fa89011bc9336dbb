import { UsageError } from '@transloom/client/errors';
import { compareSelectorKeys } from '../../plurals/selector-key-order.js';
import { parseSegment, type SegmentToken } from '../../segments/parse-segment.js';
import { MarkupMismatchError } from '../../segments/render-segment.js';
import type { Original, SegmentMarkup } from '../../segments/segment-markup.js';
import type { PluralStructure, UnitTranslation, Variant } from '../format-adapter.js';
import { encodeIcuLiteral } from './encode-icu-literal.js';
import { parseIcu } from './icu-to-segments.js';
import { poundSelector } from './pound-selector.js';

export { encodeIcuLiteral, type IcuLiteralContext } from './encode-icu-literal.js';

/**
 * Stands for a piece of the file format's own markup (an XLIFF inline element) in the ICU text
 * of a message: the format's reader hands ICU a private-use character in its place, as here.
 */
export const MARKUP_SENTINEL = '\uE000';

/** A piece of a written ICU message: ICU text (syntax and encoded literals), or markup of the file format. */
export type IcuPiece = string | { readonly markup: Original };

/** What an ICU message is written from: a unit's structure and markup. */
export interface IcuUnit {
  plural?: PluralStructure | undefined;
  markup: SegmentMarkup;
  /** Literal text of the source message -> how the source spells it, where that differs. */
  literals?: ReadonlyMap<string, string> | undefined;
}

/** How a format's ICU messages are read. */
export interface IcuSyntax {
  /** Whether an original is ICU syntax (`#`, `{count}`, `<b>`) rather than markup of the file format. */
  isIcuSyntax(original: Original): boolean;
  /** Rich-text tags are read (default true). */
  tags?: boolean;
}

/** How a format writes the parts of an ICU message. */
export interface IcuWriter extends IcuSyntax {
  /** Encodes the ICU text (syntax and literals) for the file. */
  encode(icu: string): string;
  /** The bytes of a placeholder or pair that is not ICU syntax (markup of the file format). */
  original(original: Original): string;
}

/** Where a form is written: inside which selector's branch. */
interface Level {
  /** The selector whose branch holds the text (undefined at the top of the message). */
  parent: number | undefined;
  /** The character after the text: `}` closing a branch, or nothing at the end of the message. */
  next: string | undefined;
}

/** Writes the forms of one unit as ICU pieces. */
class IcuPieces {
  readonly out: IcuPiece[] = [];
  private readonly tags: boolean;

  constructor(
    private readonly unit: IcuUnit,
    private readonly syntax: IcuSyntax,
    /** Reuse the source's spelling of literal text the translation keeps. */
    private readonly faithful: boolean,
  ) {
    this.tags = syntax.tags ?? true;
  }

  private originalOf(token: Exclude<SegmentToken, { type: 'text' }>): Original {
    if (token.type === 'x') {
      const original = this.unit.markup.placeholders.get(token.id);
      if (original === undefined)
        throw new MarkupMismatchError(`unknown placeholder <x id="${token.id}"/>`);
      return original;
    }
    const pair = this.unit.markup.pairs.get(token.id);
    if (pair === undefined) throw new MarkupMismatchError(`unknown tag <g id="${token.id}">`);
    return token.type === 'open' ? pair.open : pair.close;
  }

  private isSyntax(original: Original): original is string {
    return typeof original === 'string' && this.syntax.isIcuSyntax(original);
  }

  /**
   * The ICU text of a placeholder: its own bytes, except a `#` written where it would not print
   * its plural's number (inside another selector's branch), which becomes `{count, number}`:
   * the same number, formatted the same way, when the plural has no offset.
   */
  private syntaxOf(token: SegmentToken, original: string, level: Level): string {
    if (original !== '#' || token.type !== 'x') return original;
    const selectors = this.unit.plural?.selectors ?? [];
    const own = poundSelector(selectors, token.id);
    if (own === undefined || own === level.parent) return original;
    const selector = selectors[own]!;
    return selector.offset ? original : `{${selector.argument}, number}`;
  }

  variant(segment: string, level: Level): void {
    const tokens = parseSegment(segment);
    const texts = tokens.map((token) => {
      if (token.type === 'text') return undefined;
      const original = this.originalOf(token);
      return this.isSyntax(original) ? this.syntaxOf(token, original, level) : original;
    });
    const parent =
      level.parent === undefined ? undefined : this.unit.plural?.selectors[level.parent];
    const inPlural = parent !== undefined && parent.type !== 'select';
    tokens.forEach((token, k) => {
      if (token.type !== 'text') {
        const text = texts[k]!;
        this.out.push(typeof text === 'string' ? text : { markup: text });
        return;
      }
      const following = texts[k + 1];
      const next =
        k + 1 === tokens.length
          ? level.next
          : typeof following === 'string'
            ? following[0]
            : MARKUP_SENTINEL;
      const own = this.faithful ? this.unit.literals?.get(token.value) : undefined;
      this.out.push(own ?? encodeIcuLiteral(token.value, { inPlural, tags: this.tags, next }));
    });
  }

  level(variants: readonly Variant[], index: number, level: Level): void {
    const structure = this.unit.plural!;
    if (
      index >= structure.selectors.length ||
      (variants.length === 1 && variants[0]!.keys.slice(index).every((k) => k === '*'))
    ) {
      this.variant(variants[0]!.segment, level);
      return;
    }
    const selector = structure.selectors[index]!;
    const groups = new Map<string, Variant[]>();
    for (const variant of variants) {
      const key = variant.keys[index] ?? '*';
      const list = groups.get(key);
      if (list) list.push(variant);
      else groups.set(key, [variant]);
    }
    if (groups.size === 1 && groups.has('*')) {
      this.level(variants, index + 1, level);
      return;
    }
    const select = selector.type === 'select';
    const sorted = [...groups.keys()]
      .filter((k) => k !== '*')
      .sort((a, b) => compareSelectorKeys(a, b, select));
    const offset = selector.offset ? `offset:${selector.offset} ` : '';
    this.out.push(`{${selector.argument}, ${selector.type}, ${offset}`);
    sorted.forEach((key, i) => {
      this.out.push(`${i > 0 ? ' ' : ''}${key} {`);
      this.level(groups.get(key)!, index + 1, { parent: index, next: '}' });
      this.out.push('}');
    });
    this.out.push('}');
  }
}

function piecesOf(
  translation: UnitTranslation,
  unit: IcuUnit,
  syntax: IcuSyntax,
  faithful: boolean,
): IcuPiece[] {
  const pieces = new IcuPieces(unit, syntax, faithful);
  const top: Level = { parent: undefined, next: undefined };
  if (typeof translation === 'string') pieces.variant(translation, top);
  else if (!unit.plural)
    throw new UsageError('variants given for a message without plural or select');
  else pieces.level(translation.variants, 0, top);
  return pieces.out;
}

/** The ICU text of a written message, the file's own markup standing as {@link MARKUP_SENTINEL}. */
export function icuTextOf(pieces: readonly IcuPiece[]): string {
  return pieces.map((p) => (typeof p === 'string' ? p : MARKUP_SENTINEL)).join('');
}

// Whether two spellings of a message say the same to the parser that reads them back.
function readsTheSame(a: string, b: string, tags: boolean): boolean {
  try {
    return JSON.stringify(parseIcu(a, tags, false)) === JSON.stringify(parseIcu(b, tags, false));
  } catch {
    return false;
  }
}

/**
 * The pieces of a translation of an ICU unit: a plain segment, or variants, which become one
 * plural or select expression per selector around whole sentences (nested for several
 * selectors). Literal text is quoted as ICU needs it where it is written; text the translation
 * keeps from the source keeps the source's own spelling (`''`, `'{'..'}'`) when that reads the
 * same there.
 */
export function renderIcuPieces(
  translation: UnitTranslation,
  unit: IcuUnit,
  syntax: IcuSyntax,
): IcuPiece[] {
  const canonical = piecesOf(translation, unit, syntax, false);
  if (!unit.literals?.size) return canonical;
  const faithful = piecesOf(translation, unit, syntax, true);
  const text = icuTextOf(faithful);
  const plain = icuTextOf(canonical);
  return text !== plain && readsTheSame(text, plain, syntax.tags ?? true) ? faithful : canonical;
}

/** Writes a translation of an ICU unit in the file's encoding (see {@link renderIcuPieces}). */
export function renderIcu(translation: UnitTranslation, unit: IcuUnit, writer: IcuWriter): string {
  return renderIcuPieces(translation, unit, writer)
    .map((p) => (typeof p === 'string' ? writer.encode(p) : writer.original(p.markup)))
    .join('');
}
