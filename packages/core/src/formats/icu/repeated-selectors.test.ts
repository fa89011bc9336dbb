import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { assembleTranslation, unitForms } from '../../pipeline/unit-forms.js';
import { mapSegmentText } from '../../segments/parse-segment.js';
import { loadDocument } from '../load-document.js';

// A deterministic stand-in for the service: every letter of the text upper-cased, markup and
// digits untouched, so each rendered sentence can be traced back to the source it came from.
const shout = (segment: string) => mapSegmentText(segment, (text) => text.toUpperCase());
// The same for a formatted message: letters outside `<tags>` upper-cased.
const shoutFormatted = (text: string) =>
  text.replace(/(^|>)([^<]*)/g, (_, a: string, b: string) => a + b.toUpperCase());

const strong = (chunks: unknown[]) => `<strong>${chunks.join('')}</strong>`;

/** Extracts `message`, sends each form for `locale` through the fake service and renders the catalog. */
function translate(message: string, locale: string) {
  const doc = loadDocument({ path: 'en.json', content: JSON.stringify({ message }) });
  const unit = doc.units[0]!;
  const forms = unitForms(unit, 'en', locale);
  const segments = forms.map((form) => {
    const restored = form.restore(shout(form.text));
    if ('error' in restored) throw new Error(`${form.text}: ${restored.error}`);
    return restored.segment;
  });
  const output = doc.render(new Map([[unit.id, assembleTranslation(forms, segments)]]), {
    targetLocale: locale,
  });
  return { forms, message: JSON.parse(output).message as string };
}

// Every plural/select element of a parsed message, with the keys of its branches.
function selectors(elements: readonly MessageFormatElement[]): Array<[string, string[]]> {
  const out: Array<[string, string[]]> = [];
  for (const element of elements) {
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      out.push([element.value, Object.keys(element.options)]);
      for (const option of Object.values(element.options)) out.push(...selectors(option.value));
    } else if (element.type === TYPE.tag) {
      out.push(...selectors(element.children));
    }
  }
  return out;
}

const REQUESTS_REMAINING =
  '{remaining, plural, =0 {No} other {<strong>#</strong>}} {type} {remaining, plural, one {request} other {requests}} remaining';

describe('two selectors on the same argument', () => {
  it('sends one whole sentence per target key, each built from the branch every selector takes for it', () => {
    expect(translate(REQUESTS_REMAINING, 'de').forms.map((f) => [f.keys, f.text])).toEqual([
      [['=0'], 'No <x id="1"/> requests remaining'],
      [['one'], '<g id="2">1</g> <x id="1"/> request remaining'],
      [['other'], '<g id="2">2</g> <x id="1"/> requests remaining'],
    ]);
    expect(translate(REQUESTS_REMAINING, 'pl').forms.map((f) => [f.keys, f.text])).toEqual([
      [['=0'], 'No <x id="1"/> requests remaining'],
      [['one'], '<g id="2">1</g> <x id="1"/> request remaining'],
      [['few'], '<g id="2">2</g> <x id="1"/> requests remaining'],
      [['many'], '<g id="2">5</g> <x id="1"/> requests remaining'],
      [['other'], '<g id="2">1.5</g> <x id="1"/> requests remaining'],
    ]);
  });

  it.each([
    ['de', ['=0', 'one', 'other'], [0, 1, 2, 5, 21, 100, 1.5]],
    ['pl', ['=0', 'one', 'few', 'many', 'other'], [0, 1, 2, 4, 5, 12, 21, 22, 25, 102, 0.5, 1.5]],
  ])(
    'renders a message for %s that keeps the =0 branch of the first selector and the one branch of the second',
    (locale, keys, numbers) => {
      const { message } = translate(REQUESTS_REMAINING, locale);
      // The output is ICU the formatjs parser reads, selecting on `remaining` with both
      // selectors' branches: the exact `=0` and every category of the target.
      const parsed = parse(message, { requiresOtherClause: true });
      const found = selectors(parsed);
      expect(found.map(([argument]) => argument)).toEqual(['remaining']);
      expect(found[0]![1]).toEqual(keys);
      // For every number, the rendered message says what the source says for that number.
      const source = new IntlMessageFormat(REQUESTS_REMAINING, 'en');
      const target = new IntlMessageFormat(message, locale);
      for (const remaining of numbers) {
        const values = { remaining, type: 'TYPE', strong };
        const expected = shoutFormatted(String(source.format(values))).replace(
          new Intl.NumberFormat('en').format(remaining),
          new Intl.NumberFormat(locale).format(remaining),
        );
        expect([remaining, target.format(values)]).toEqual([remaining, expected]);
      }
      expect(String(target.format({ remaining: 0, type: 'TYPE', strong }))).toBe(
        'NO TYPE REQUESTS REMAINING',
      );
      expect(String(target.format({ remaining: 1, type: 'TYPE', strong }))).toBe(
        '<strong>1</strong> TYPE REQUEST REMAINING',
      );
    },
  );

  it('keeps both branches of two selects on the same argument', () => {
    const message =
      '{who, select, female {She} other {They}} shared {who, select, male {his} other {their}} notes';
    const { forms, message: rendered } = translate(message, 'ja');
    expect(forms.map((f) => [f.keys, f.text])).toEqual([
      [['female'], 'She shared their notes'],
      [['male'], 'They shared his notes'],
      [['other'], 'They shared their notes'],
    ]);
    const source = new IntlMessageFormat(message, 'en');
    const target = new IntlMessageFormat(rendered, 'ja');
    for (const who of ['female', 'male', 'nonbinary'])
      expect(target.format({ who })).toBe(shoutFormatted(String(source.format({ who }))));
  });

  it('keeps apart the same argument in two branches of another selector, each with its own keys', () => {
    const message =
      '{role, select, admin {{n, plural, one {# admin seat} other {# admin seats}}} other {{n, plural, =0 {No seats} other {# seats}}}}';
    const doc = loadDocument({ path: 'en.json', content: JSON.stringify({ message }) });
    expect(doc.units[0]!.plural!.variants.map((v) => v.keys.join(' ')).sort()).toEqual([
      'admin one',
      'admin other',
      'other =0',
      'other other',
    ]);
    const { message: rendered } = translate(message, 'pl');
    const source = new IntlMessageFormat(message, 'en');
    const target = new IntlMessageFormat(rendered, 'pl');
    for (const role of ['admin', 'guest'])
      for (const n of [0, 1, 2, 5, 22])
        expect(target.format({ role, n })).toBe(shoutFormatted(String(source.format({ role, n }))));
  });
});
