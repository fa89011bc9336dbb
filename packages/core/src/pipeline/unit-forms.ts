import type { Unit, UnitTranslation } from '../formats/format-adapter.js';
import { countFormat } from '../plurals/plural-rules.js';
import { targetVariants } from '../plurals/target-variants.js';
import { escapeRegExp } from '../segments/escape-reg-exp.js';
import {
  compareSegmentMarkup,
  parseSegment,
  type SegmentToken,
  serializeSegment,
} from '../segments/parse-segment.js';

/**
 * One text to send for a unit: the unit's segment, or one form of a plural/select message
 * for the target locale. `restore` turns the service's answer back into a segment with the
 * unit's markup, or returns why it cannot.
 */
export interface UnitForm {
  /** Keys of the target variant, one per selector; undefined for a plain unit. */
  keys: string[] | undefined;
  /** The segment sent to the service. */
  text: string;
  restore(translated: string): { segment: string } | { error: string; numberLost?: boolean };
  /** A safer text to send when the answer to `text` lost its number (the form with its placeholders). */
  fallback: UnitForm | undefined;
}

// A class rather than an object with a closure: a big run holds one per unit and locale
// while it sends, and a closure costs a context each.
class PlainForm implements UnitForm {
  readonly fallback = undefined;

  constructor(
    readonly keys: string[] | undefined,
    readonly text: string,
  ) {}

  restore(translated: string): { segment: string } | { error: string } {
    const problem = compareSegmentMarkup(this.text, translated);
    return problem === null ? { segment: translated } : { error: problem };
  }
}

function plainForm(keys: string[] | undefined, segment: string): UnitForm {
  return new PlainForm(keys, segment);
}

const DIGITS = /\d/;

// Standalone occurrences of any spelling of a number: not glued to other digits.
function numberPattern(spellings: readonly string[]): RegExp {
  const alternatives = [...new Set(spellings)]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  return new RegExp(`(?<![\\d.,])(?:${alternatives.join('|')})(?![\\d]|[.,]\\d)`, 'g');
}

function countIn(tokens: readonly SegmentToken[], pattern: RegExp): number {
  let count = 0;
  for (const token of tokens)
    if (token.type === 'text') count += token.value.match(pattern)?.length ?? 0;
  return count;
}

/**
 * A form sent with its count written out ("3 files" rather than "{{count}} files"), so the
 * service inflects the words around it; the number is turned back into the placeholder.
 */
function numberForm(
  keys: string[],
  segment: string,
  numbers: ReadonlyMap<string, number>,
  sourceLocale: string,
  targetLocale: string,
): UnitForm {
  const fallback = plainForm(keys, segment);
  const tokens = parseSegment(segment);
  const order = tokens
    .filter((t): t is Extract<SegmentToken, { type: 'x' }> => t.type === 'x' && numbers.has(t.id))
    .map((t) => t.id);
  if (order.length === 0) return fallback;
  const values = new Set(order.map((id) => numbers.get(id)!));
  // Two selectors showing the same number cannot be told apart in the answer.
  if (values.size !== 1) return fallback;
  const value = [...values][0]!;
  const shown = countFormat(sourceLocale).format(value);
  const pattern = numberPattern([shown, String(value), countFormat(targetLocale).format(value)]);
  // The text must not already hold that number, or the answer's numbers would be ambiguous.
  if (!DIGITS.test(shown) || countIn(tokens, pattern) > 0) return fallback;
  const text = serializeSegment(
    tokens.map((t) => (t.type === 'x' && numbers.has(t.id) ? { type: 'text', value: shown } : t)),
  );
  return {
    keys,
    text,
    restore(translated) {
      let answer: SegmentToken[];
      try {
        answer = parseSegment(translated);
      } catch (error) {
        return { error: `the translation is not well-formed: ${(error as Error).message}` };
      }
      if (countIn(answer, pattern) !== order.length) {
        return {
          error: `the translation does not show the number ${shown} ${order.length} time(s)`,
          numberLost: true,
        };
      }
      let next = 0;
      const out: SegmentToken[] = [];
      for (const token of answer) {
        if (token.type !== 'text') {
          out.push(token);
          continue;
        }
        let last = 0;
        for (const match of token.value.matchAll(pattern)) {
          if (match.index > last)
            out.push({ type: 'text', value: token.value.slice(last, match.index) });
          out.push({ type: 'x', id: order[next++]! });
          last = match.index + match[0].length;
        }
        if (last < token.value.length) out.push({ type: 'text', value: token.value.slice(last) });
      }
      const restored = serializeSegment(out);
      const problem = compareSegmentMarkup(segment, restored);
      return problem === null ? { segment: restored } : { error: problem };
    },
    fallback,
  };
}

/** The texts to send for `unit` to be translated into `targetLocale`. */
export function unitForms(unit: Unit, sourceLocale: string, targetLocale: string): UnitForm[] {
  if (!unit.plural) return [plainForm(undefined, unit.segment)];
  const structure = unit.plural;
  return targetVariants(structure, sourceLocale, targetLocale).map((wanted) => {
    const numbers = new Map<string, number>();
    for (const [index, value] of wanted.numbers) {
      for (const id of structure.selectors[index]!.numberIds) numbers.set(id, value);
    }
    return numberForm(wanted.keys, wanted.source.segment, numbers, sourceLocale, targetLocale);
  });
}

/** A unit's translation from the restored segments of its forms (in the order of {@link unitForms}). */
export function assembleTranslation(
  forms: readonly UnitForm[],
  segments: readonly string[],
): UnitTranslation {
  if (forms.length === 1 && forms[0]!.keys === undefined) return segments[0]!;
  return { variants: forms.map((form, i) => ({ keys: form.keys!, segment: segments[i]! })) };
}
