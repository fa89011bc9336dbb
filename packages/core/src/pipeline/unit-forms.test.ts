import { afterEach, describe, expect, it } from 'vitest';
import { loadDocument } from '../formats/load-document.js';
import { assembleTranslation, unitForms } from './unit-forms.js';

const unitOf = (catalog: Record<string, string>, id: string) => {
  const doc = loadDocument({ path: 'en.json', content: JSON.stringify(catalog) });
  return doc.units.find((u) => u.id === id)!;
};

// What a service would answer: the text with every letter upper-cased, markup untouched.
const shout = (segment: string) =>
  segment.replace(/(^|>)([^<]*)/g, (_, a: string, b: string) => a + b.toUpperCase());

describe('unitForms', () => {
  it('sends a plain unit as it is', () => {
    const forms = unitForms(unitOf({ hi: 'Hello {{name}}' }, 'hi'), 'en', 'de');
    expect(forms.map((f) => [f.keys, f.text])).toEqual([[undefined, 'Hello <x id="1"/>']]);
    expect(forms[0]!.restore('Hallo <x id="1"/>')).toEqual({ segment: 'Hallo <x id="1"/>' });
    expect(forms[0]!.restore('Hallo <x id="9"/>')).toEqual({
      error: 'placeholders differ: expected [1], got [9]',
    });
  });

  it("sends each of the target's plural forms with a number of its category, and turns the number back into the placeholder", () => {
    const unit = unitOf(
      { files_one: '{{count}} file', files_other: '{{count}} files' },
      'files#plural',
    );
    const forms = unitForms(unit, 'en', 'pl');
    // Polish one/few/many/other: 1 -> "1 file"; 2 and 5 -> the English other form; a fraction for other.
    expect(forms.map((f) => [f.keys, f.text])).toEqual([
      [['one'], '1 file'],
      [['few'], '2 files'],
      [['many'], '5 files'],
      [['other'], '1.5 files'],
    ]);
    expect(forms[1]!.restore('2 pliki')).toEqual({ segment: '<x id="1"/> pliki' });
    // Polish writes 1.5 as 1,5: either spelling is found.
    expect(forms[3]!.restore('1,5 pliku')).toEqual({ segment: '<x id="1"/> pliku' });
    const translation = assembleTranslation(
      forms,
      forms.map((f) => (f.restore(shout(f.text)) as { segment: string }).segment),
    );
    expect(translation).toEqual({
      variants: [
        { keys: ['one'], segment: '<x id="1"/> FILE' },
        { keys: ['few'], segment: '<x id="1"/> FILES' },
        { keys: ['many'], segment: '<x id="1"/> FILES' },
        { keys: ['other'], segment: '<x id="1"/> FILES' },
      ],
    });
  });

  it("gives a one-form language the source's general sentence, not its singular", () => {
    const unit = unitOf({ files_one: 'One file', files_other: '{{count}} files' }, 'files#plural');
    expect(unitForms(unit, 'en', 'ja').map((f) => [f.keys, f.text])).toEqual([
      [['other'], '2 files'],
    ]);
  });

  it("keeps i18next's _zero form in a language whose rules have no zero", () => {
    const unit = unitOf(
      { items_zero: 'No items', items_one: 'One item', items_other: '{{count}} items' },
      'items#plural',
    );
    expect(unitForms(unit, 'en', 'de').map((f) => [f.keys, f.text])).toEqual([
      [['zero'], 'No items'],
      [['one'], 'One item'],
      [['other'], '2 items'],
    ]);
  });

  it("builds i18next's _zero into the target's zero category only where that category is 0 alone", () => {
    const unit = unitOf(
      { items_zero: 'No items', items_one: 'One item', items_other: '{{count}} items' },
      'items#plural',
    );
    // Arabic zero is 0 alone: the source's zero form fits it.
    expect(unitForms(unit, 'en', 'ar').map((f) => [f.keys, f.text])).toEqual([
      [['zero'], 'No items'],
      [['one'], 'One item'],
      [['two'], '2 items'],
      [['few'], '3 items'],
      [['many'], '11 items'],
      [['other'], '100 items'],
    ]);
    // Latvian zero is 0, 10-20, 30, ...: i18next writes it as _zero too, so the form must be
    // true of 10 as well; Latvian one (1, 21, 31, ...) likewise takes the general form.
    expect(unitForms(unit, 'en', 'lv').map((f) => [f.keys, f.text])).toEqual([
      [['zero'], '10 items'],
      [['one'], '21 items'],
      [['other'], '2 items'],
    ]);
  });

  it('leaves out a target category that exact values cover entirely', () => {
    const doc = loadDocument({
      path: 'en.json',
      content: JSON.stringify({ n: '{n, plural, =0 {No items} one {One item} other {# items}}' }),
    });
    expect(unitForms(doc.units[0]!, 'en', 'ar').map((f) => f.keys![0])).toEqual([
      '=0',
      'one',
      'two',
      'few',
      'many',
      'other',
    ]);
  });

  it('expands ICU plurals with exact values and offsets, and selects, key by key', () => {
    const doc = loadDocument({
      path: 'en.json',
      content: JSON.stringify({
        guests:
          '{count, plural, offset:1 =0 {Nobody} =1 {Only {host}} one {{host} and # guest} other {{host} and # guests}}',
        pronoun: '{gender, select, female {She replied} male {He replied} other {They replied}}',
      }),
    });
    const guests = unitForms(doc.units.find((u) => u.id === 'guests')!, 'en', 'de');
    expect(guests.map((f) => [f.keys, f.text])).toEqual([
      [['=0'], 'Nobody'],
      [['=1'], 'Only <x id="1"/>'],
      [['one'], '<x id="1"/> and 1 guest'],
      [['other'], '<x id="1"/> and 2 guests'],
    ]);
    expect(guests[3]!.restore('<x id="1"/> und 2 Gäste')).toEqual({
      segment: '<x id="1"/> und <x id="2"/> Gäste',
    });
    const pronoun = unitForms(doc.units.find((u) => u.id === 'pronoun')!, 'en', 'ja');
    expect(pronoun.map((f) => f.keys)).toEqual([['female'], ['male'], ['other']]);
  });

  it('reports an answer that lost its number, and offers the form with its placeholder instead', () => {
    const unit = unitOf(
      { files_one: '{{count}} file', files_other: '{{count}} files' },
      'files#plural',
    );
    const [one] = unitForms(unit, 'en', 'de');
    expect(one!.restore('eine Datei')).toEqual({
      error: 'the translation does not show the number 1 1 time(s)',
      numberLost: true,
    });
    expect(one!.fallback!.text).toBe('<x id="1"/> file');
    expect(one!.fallback!.restore('<x id="1"/> Datei')).toEqual({ segment: '<x id="1"/> Datei' });
  });

  it('keeps the placeholder when the text already holds the number it would show', () => {
    const unit = unitOf(
      { top_one: 'Top 1: {{count}} file', top_other: 'Top 2: {{count}} files' },
      'top#plural',
    );
    const forms = unitForms(unit, 'en', 'de');
    expect(forms.map((f) => f.text)).toEqual([
      'Top 1: <x id="1"/> file',
      'Top 2: <x id="1"/> files',
    ]);
  });

  describe('Intl objects', () => {
    const { PluralRules, NumberFormat } = Intl;
    // The constructors are writable properties of `Intl`, though typed read-only.
    const intl = Intl as { PluralRules: typeof PluralRules; NumberFormat: typeof NumberFormat };
    afterEach(() => {
      intl.PluralRules = PluralRules;
      intl.NumberFormat = NumberFormat;
    });

    it('are made once per locale, not per unit or form', () => {
      const units = [
        unitOf({ files_one: '{{count}} file', files_other: '{{count}} files' }, 'files#plural'),
        unitOf({ n_one: '{{count}} thing', n_other: '{{count}} things' }, 'n#plural'),
        unitOf({ n_ordinal_one: '{{count}}st', n_ordinal_other: '{{count}}th' }, 'n#ordinal'),
      ];
      const locales = ['de', 'pl', 'ru', 'ar', 'ja'];
      for (const locale of locales) for (const unit of units) unitForms(unit, 'en', locale);
      let made = 0;
      intl.PluralRules = class extends PluralRules {
        constructor(...args: ConstructorParameters<typeof PluralRules>) {
          super(...args);
          made++;
        }
      } as typeof PluralRules;
      intl.NumberFormat = class extends NumberFormat {
        constructor(...args: ConstructorParameters<typeof NumberFormat>) {
          super(...args);
          made++;
        }
      } as typeof NumberFormat;
      for (const locale of locales) for (const unit of units) unitForms(unit, 'en', locale);
      expect(made).toBe(0);
    });
  });
});
