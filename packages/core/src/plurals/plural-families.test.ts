import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import i18next from 'i18next';
import { IntlMessageFormat } from 'intl-messageformat';
import * as cldr from 'make-plural/examples';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../formats/load-document.js';
import { assembleTranslation, unitForms } from '../pipeline/unit-forms.js';
import { PLURAL_CATEGORIES } from './plural-categories.js';

type PluralType = 'cardinal' | 'ordinal';

// The English source: every branch names itself, so a rendered sentence shows which branch
// of the source it was built from.
const CARDINAL: Record<string, string> = { one: 'file [one]', other: 'files [other]' };
const ORDINAL: Record<string, string> = {
  one: 'st place [one]',
  two: 'nd place [two]',
  few: 'rd place [few]',
  other: 'th place [other]',
};
const I18NEXT_SOURCE = {
  ...Object.fromEntries(Object.entries(CARDINAL).map(([k, v]) => [`files_${k}`, `{{count}} ${v}`])),
  ...Object.fromEntries(
    Object.entries(ORDINAL).map(([k, v]) => [`place_ordinal_${k}`, `{{count}}${v}`]),
  ),
};
const ICU_SOURCE = {
  files: `{count, plural, ${Object.entries(CARDINAL)
    .map(([k, v]) => `${k} {# ${v}}`)
    .join(' ')}}`,
  place: `{count, selectordinal, ${Object.entries(ORDINAL)
    .map(([k, v]) => `${k} {#${v}}`)
    .join(' ')}}`,
};

/**
 * Which English branch each target category must be built from: the one that is true for the
 * category's numbers. Russian `one` holds 21, 31, 101, which English puts in `other`; French-like
 * ties and categories English never singles out go to `other` as well.
 */
const FAMILIES: Record<string, Record<PluralType, Record<string, string>>> = {
  ru: {
    cardinal: { one: 'other', few: 'other', many: 'other', other: 'other' },
    ordinal: { other: 'other' },
  },
  pl: {
    cardinal: { one: 'one', few: 'other', many: 'other', other: 'other' },
    ordinal: { other: 'other' },
  },
  ar: {
    cardinal: {
      zero: 'other',
      one: 'one',
      two: 'other',
      few: 'other',
      many: 'other',
      other: 'other',
    },
    ordinal: { other: 'other' },
  },
  ja: { cardinal: { other: 'other' }, ordinal: { other: 'other' } },
  cy: {
    cardinal: {
      zero: 'other',
      one: 'one',
      two: 'other',
      few: 'other',
      many: 'other',
      other: 'other',
    },
    // Welsh `few` is 3 and 4: English `few` (3rd) and `other` (4th) tie, and the general form wins.
    ordinal: { zero: 'other', one: 'one', two: 'two', few: 'other', many: 'other', other: 'other' },
  },
  ga: {
    cardinal: { one: 'one', two: 'other', few: 'other', many: 'other', other: 'other' },
    ordinal: { one: 'one', other: 'other' },
  },
};

/**
 * CLDR's sample numbers of each category (integers, and decimals with a fraction: `1.0` is
 * the number 1 to a runtime, which has no visible fraction digits to tell it apart).
 */
function samples(locale: string, type: PluralType): Array<[string, number]> {
  const table = (cldr as Record<string, Record<PluralType, Record<string, string[]>>>)[locale]![
    type
  ];
  return Object.entries(table).flatMap(([category, list]) =>
    list
      .filter((s) => /^[\d.]+$/.test(s) && !(s.includes('.') && Number.isInteger(Number(s))))
      .map((s): [string, number] => [category, Number(s)]),
  );
}

function categoriesOf(locale: string, type: PluralType): string[] {
  const table = (cldr as Record<string, Record<PluralType, Record<string, string[]>>>)[locale]![
    type
  ];
  return PLURAL_CATEGORIES.filter((c) => c in table);
}

// The fake service: the text with the locale in front, markup and numbers untouched.
function translateCatalog(catalog: Record<string, string>, locale: string) {
  const doc = loadDocument({ path: 'en.json', content: JSON.stringify(catalog) });
  const forms = new Map(doc.units.map((u) => [u.id, unitForms(u, 'en', locale)]));
  const translations = new Map(
    [...forms].map(([id, list]) => [
      id,
      assembleTranslation(
        list,
        list.map((form) => {
          const restored = form.restore(`${locale}: ${form.text}`);
          if ('error' in restored) throw new Error(`${form.text}: ${restored.error}`);
          return restored.segment;
        }),
      ),
    ]),
  );
  const rendered = JSON.parse(doc.render(translations, { targetLocale: locale }));
  return { forms, rendered: rendered as Record<string, string> };
}

const English = {
  cardinal: new Intl.PluralRules('en'),
  ordinal: new Intl.PluralRules('en', { type: 'ordinal' }),
};

describe.each(Object.keys(FAMILIES))('plural family of %s', (locale) => {
  const family = FAMILIES[locale]!;

  it('has the categories CLDR gives it, in the runtime too', () => {
    for (const type of ['cardinal', 'ordinal'] as const) {
      expect(Object.keys(family[type])).toEqual(categoriesOf(locale, type));
      const rules = new Intl.PluralRules(locale, { type });
      for (const [category, n] of samples(locale, type))
        expect([n, rules.select(n)]).toEqual([n, category]);
    }
  });

  for (const [syntax, source] of [
    ['i18next', I18NEXT_SOURCE],
    ['ICU', ICU_SOURCE],
  ] as const) {
    it(`sends each ${syntax} category the source form that is true of its numbers, shown with one of them`, () => {
      const { forms } = translateCatalog(source, locale);
      const ids =
        syntax === 'i18next'
          ? { cardinal: 'files#plural', ordinal: 'place#ordinal' }
          : { cardinal: 'files', ordinal: 'place' };
      for (const type of ['cardinal', 'ordinal'] as const) {
        const list = forms.get(ids[type])!;
        expect(list.map((f) => f.keys![0])).toEqual(categoriesOf(locale, type));
        const target = new Intl.PluralRules(locale, { type });
        for (const form of list) {
          const category = form.keys![0]!;
          const branch = family[type][category]!;
          const shown = Number(/^[\d.]+/.exec(form.text)?.[0]);
          // The number is one of the category's, and the source branch is the one that number takes in English.
          expect([category, target.select(shown), English[type].select(shown)]).toEqual([
            category,
            category,
            branch,
          ]);
          expect(form.text.endsWith(`[${branch}]`)).toBe(true);
        }
      }
    });
  }

  it('renders i18next keys for exactly its categories, which i18next picks for every CLDR sample', () => {
    const { rendered } = translateCatalog(I18NEXT_SOURCE, locale);
    expect(Object.keys(rendered)).toEqual([
      ...categoriesOf(locale, 'cardinal').map((c) => `files_${c}`),
      ...categoriesOf(locale, 'ordinal').map((c) => `place_ordinal_${c}`),
    ]);
    const i18n = i18next.createInstance();
    i18n.init({
      lng: locale,
      resources: { [locale]: { translation: rendered } },
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    for (const [category, n] of samples(locale, 'cardinal'))
      expect(i18n.t('files', { count: n })).toBe(
        `${locale}: ${n} ${CARDINAL[family.cardinal[category]!]}`,
      );
    for (const [category, n] of samples(locale, 'ordinal'))
      expect(i18n.t('place', { count: n, ordinal: true })).toBe(
        `${locale}: ${n}${ORDINAL[family.ordinal[category]!]}`,
      );
  });

  it('renders ICU plurals with exactly its categories, which the ICU runtime picks for every CLDR sample', () => {
    const { rendered } = translateCatalog(ICU_SOURCE, locale);
    const number = new Intl.NumberFormat(locale);
    for (const [id, type, texts, gap] of [
      ['files', 'cardinal', CARDINAL, ' '],
      ['place', 'ordinal', ORDINAL, ''],
    ] as const) {
      const [element] = parse(rendered[id]!);
      expect(element?.type).toBe(TYPE.plural);
      if (element?.type !== TYPE.plural) continue;
      expect(element.pluralType).toBe(type);
      expect(Object.keys(element.options)).toEqual(categoriesOf(locale, type));
      const message = new IntlMessageFormat(rendered[id]!, locale);
      for (const [category, n] of samples(locale, type))
        expect(message.format({ count: n })).toBe(
          `${locale}: ${number.format(n)}${gap}${texts[family[type][category]!]}`,
        );
    }
  });
});
