import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { TransloomError } from '@transloom/client/errors';
import { targetVariants } from '../../plurals/target-variants.js';
import { parseSegment } from '../../segments/parse-segment.js';
import type { Original } from '../../segments/segment-markup.js';
import type { Selector, UnitTranslation } from '../format-adapter.js';
import { parseIcu } from './icu-to-segments.js';
import { poundSelector } from './pound-selector.js';
import {
  type IcuSyntax,
  type IcuUnit,
  icuTextOf,
  MARKUP_SENTINEL,
  renderIcuPieces,
} from './render-icu.js';

/** What verifying an ICU translation needs to know besides the unit. */
export interface IcuVerifyContext extends IcuSyntax {
  sourceLocale: string;
  targetLocale: string;
}

/**
 * A form as ICU reads it, one entry per piece: `t` + literal text, `s` + the spelling of an
 * argument or tag, `n` + the index of the plural whose number is printed (`#`, or
 * `{count, number}` for a plural without offset), `n?` for a `#` whose plural the unit does
 * not say.
 */
type Reading = string[];

/** A form of the written message: the key each selector took on its way, and what it reads. */
interface WrittenForm {
  keys: Map<number, string>;
  reading: Reading;
}

/** A problem found while reading the written message. */
class Unreadable extends TransloomError {
  constructor(message: string) {
    super('TRANSLOOM_UNREADABLE_TRANSLATION', message, { kind: 'service' });
  }
}

function pushText(reading: Reading, text: string): void {
  if (text === '') return;
  const last = reading.length - 1;
  if (last >= 0 && reading[last]!.startsWith('t')) reading[last] += text;
  else reading.push(`t${text}`);
}

const NUMBER_ARGUMENT = /^\{\s*([\p{L}\p{N}_$]+)\s*,\s*number\s*\}$/u;

// `{count, number}` prints what `#` prints in a plural on `count` without offset: one meaning.
function syntaxEntry(spelling: string, selectors: readonly Selector[]): string {
  const argument = NUMBER_ARGUMENT.exec(spelling)?.[1];
  const index =
    argument === undefined
      ? -1
      : selectors.findIndex((s) => s.type !== 'select' && s.argument === argument && !s.offset);
  return index === -1 ? `s${spelling}` : `n${index}`;
}

function selectorIndex(
  element: Extract<MessageFormatElement, { type: TYPE.plural | TYPE.select }>,
  selectors: readonly Selector[],
): number {
  const type =
    element.type === TYPE.select
      ? 'select'
      : element.pluralType === 'ordinal'
        ? 'selectordinal'
        : 'plural';
  const offset = element.type === TYPE.plural ? element.offset : 0;
  const index = selectors.findIndex(
    (s) => s.argument === element.value && s.type === type && (s.offset ?? 0) === offset,
  );
  if (index === -1)
    throw new Unreadable(
      `the written message selects on {${element.value}, ${type}}, which the source does not`,
    );
  return index;
}

/** Every form of a parsed message, as ICU would show it for each combination of keys. */
function readWritten(
  message: string,
  elements: readonly MessageFormatElement[],
  selectors: readonly Selector[],
  plural: number | undefined,
  start: WrittenForm[],
): WrittenForm[] {
  let forms = start;
  const push = (entry: string) => {
    for (const form of forms)
      if (entry.startsWith('t')) pushText(form.reading, entry.slice(1));
      else form.reading.push(entry);
  };
  for (const element of elements) {
    switch (element.type) {
      case TYPE.literal:
        push(`t${element.value}`);
        break;
      case TYPE.pound:
        push(plural === undefined ? 's#' : `n${plural}`);
        break;
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time: {
        const at = element.location!;
        push(syntaxEntry(message.slice(at.start.offset, at.end.offset), selectors));
        break;
      }
      case TYPE.tag:
        push(`s<${element.value}>`);
        forms = readWritten(message, element.children, selectors, plural, forms);
        push(`s</${element.value}>`);
        break;
      case TYPE.plural:
      case TYPE.select: {
        const index = selectorIndex(element, selectors);
        const next: WrittenForm[] = [];
        for (const form of forms) {
          const taken = form.keys.get(index);
          for (const [key, option] of Object.entries(element.options)) {
            if (taken !== undefined && taken !== key) continue;
            const branch = { keys: new Map(form.keys).set(index, key), reading: [...form.reading] };
            next.push(
              ...readWritten(
                message,
                option.value,
                selectors,
                element.type === TYPE.select ? undefined : index,
                [branch],
              ),
            );
          }
        }
        forms = next;
        break;
      }
    }
  }
  return forms;
}

/** A form of the translation as it should read once written. */
function readTranslated(segment: string, unit: IcuUnit, syntax: IcuSyntax): Reading {
  const selectors = unit.plural?.selectors ?? [];
  const reading: Reading = [];
  const piece = (original: Original | undefined, what: string) => {
    if (original === undefined) throw new Unreadable(`the translation has an unknown ${what}`);
    if (typeof original === 'string' && syntax.isIcuSyntax(original))
      reading.push(syntaxEntry(original, selectors));
    else pushText(reading, MARKUP_SENTINEL);
  };
  for (const token of parseSegment(segment)) {
    if (token.type === 'text') pushText(reading, token.value);
    else if (token.type === 'x') {
      const original = unit.markup.placeholders.get(token.id);
      if (original === '#' && syntax.isIcuSyntax(original)) {
        const own = poundSelector(selectors, token.id);
        reading.push(own === undefined ? 'n?' : `n${own}`);
      } else piece(original, `placeholder <x id="${token.id}"/>`);
    } else {
      const pair = unit.markup.pairs.get(token.id);
      piece(token.type === 'open' ? pair?.open : pair?.close, `tag <g id="${token.id}">`);
    }
  }
  return reading;
}

function sameReading(expected: Reading, written: Reading): boolean {
  return (
    expected.length === written.length &&
    expected.every((e, i) => e === written[i] || (e === 'n?' && written[i]!.startsWith('n')))
  );
}

// How an entry shows in a problem: text in quotes, an argument as written, a number as `#`.
function shown(entry: string, selectors: readonly Selector[]): string {
  if (entry.startsWith('t')) return JSON.stringify(entry.slice(1));
  if (entry.startsWith('s')) return entry.slice(1);
  const selector = selectors[Number(entry.slice(1))];
  return selector ? `# of ${selector.argument}` : '#';
}

function describe(
  expected: Reading,
  written: Reading,
  label: string,
  selectors: readonly Selector[],
): string {
  const values = (r: Reading) =>
    r
      .filter((e) => !e.startsWith('t'))
      .map((e) => shown(e, selectors))
      .sort();
  const ours = values(expected);
  const theirs = values(written);
  if (ours.join('\u0000') !== theirs.join('\u0000'))
    return `the written message${label} has the arguments [${theirs.join(', ')}] where the translation has [${ours.join(', ')}]`;
  const text = (r: Reading) => r.map((e) => (e.startsWith('t') ? e.slice(1) : shown(e, selectors)));
  return `the written message${label} reads ${JSON.stringify(text(written).join(''))} where the translation says ${JSON.stringify(text(expected).join(''))}`;
}

/**
 * Why the ICU message written for `translation` would not give it back, or undefined when it
 * does: the message, as it will go into the file, is checked by {@link verifyIcuMessage}.
 */
export function verifyIcu(
  translation: UnitTranslation,
  unit: IcuUnit,
  context: IcuVerifyContext,
): string | undefined {
  let message: string;
  try {
    message = icuTextOf(renderIcuPieces(translation, unit, context));
  } catch (error) {
    return `the message cannot be written: ${(error as Error).message}`;
  }
  return verifyIcuMessage(message, translation, unit, context);
}

/**
 * Why `message` (ICU text, the file's own markup as {@link MARKUP_SENTINEL}) does not say what
 * `translation` says, or undefined when it does. It is parsed with FormatJS's parser and read
 * form by form: it must select on the source's arguments, have exactly the forms the target
 * locale needs (a select's keys, the target's plural categories and exact values), and each
 * form must read as the translation's text with the same arguments, tags and numbers.
 */
export function verifyIcuMessage(
  message: string,
  translation: UnitTranslation,
  unit: IcuUnit,
  context: IcuVerifyContext,
): string | undefined {
  const selectors = unit.plural?.selectors ?? [];
  const keyOf = (keys: readonly string[]) => keys.join(' ');
  const label = (keys: string) => (keys === '' ? '' : ` (form ${keys})`);
  let expected: Array<{ keys: string; segment: string }>;
  if (typeof translation === 'string') {
    if (unit.plural)
      return 'the translation has one text where the message has plural or select forms';
    expected = [{ keys: '', segment: translation }];
  } else {
    if (!unit.plural) return 'the translation has forms where the message has no plural or select';
    const needed = targetVariants(unit.plural, context.sourceLocale, context.targetLocale)
      .map((v) => keyOf(v.keys))
      .sort();
    expected = translation.variants.map((v) => ({ keys: keyOf(v.keys), segment: v.segment }));
    const given = expected.map((v) => v.keys).sort();
    if (needed.join('\u0000') !== given.join('\u0000'))
      return `the translation has the forms [${given.join('; ')}] where ${context.targetLocale} needs [${needed.join('; ')}]`;
  }
  let written: WrittenForm[];
  try {
    const elements = parseIcu(message, context.tags ?? true);
    written = readWritten(message, elements, selectors, undefined, [
      { keys: new Map(), reading: [] },
    ]);
  } catch (error) {
    return error instanceof Unreadable
      ? error.message
      : `the written message cannot be read: ${(error as Error).message}`;
  }
  const forms = new Map<string, Reading>();
  for (const form of written) {
    const keys = keyOf(selectors.map((_, i) => form.keys.get(i) ?? '*'));
    if (forms.has(keys)) return `the written message has the form${label(keys)} twice`;
    forms.set(keys, form.reading);
  }
  for (const { keys, segment } of expected) {
    const reading = forms.get(keys);
    if (!reading) return `the written message has no form${label(keys)}`;
    let ours: Reading;
    try {
      ours = readTranslated(segment, unit, context);
    } catch (error) {
      return (error as Error).message;
    }
    if (!sameReading(ours, reading)) return describe(ours, reading, label(keys), selectors);
    forms.delete(keys);
  }
  const extra = forms.keys().next();
  return extra.done
    ? undefined
    : `the written message has a form the translation does not${label(extra.value)}`;
}
