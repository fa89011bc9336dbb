import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { pluralCategories } from '../../plurals/plural-categories.js';
import { testProject, testService } from '../../test-support/test-project.js';

// A catalog written for English often holds a bare key and its `_other` form only: i18next
// reads the bare key for every form the file lacks. A translation into a language with more
// forms must write them all, or i18next shows the bare key's text for them.

// A number of each CLDR category, per locale.
const SAMPLES: Record<string, Record<string, number>> = {
  pl: { one: 1, few: 3, many: 5, other: 1.5 },
  ru: { one: 21, few: 22, many: 25, other: 1.5 },
  ar: { zero: 0, one: 1, two: 2, few: 3, many: 11, other: 100 },
  de: { one: 1, other: 2 },
  ja: { other: 3 },
};

describe('a bare key beside a lone _other form', async () => {
  const server = await testService();

  it('is a plural: every target gets its language’s forms, and i18next finds each', async () => {
    const locales = Object.keys(SAMPLES);
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales: locales,
        files: [{ source: 'locales/{locale}.json' }],
      }),
      'locales/en.json': `${JSON.stringify({ file: '{{count}} file', file_other: '{{count}} files', title: 'Files' }, null, 2)}\n`,
    });
    const run = await project.run(server);
    expect(run.failures).toEqual([]);
    const resources: Record<string, { translation: Record<string, string> }> = {
      en: { translation: JSON.parse(await project.read('locales/en.json')) },
    };
    for (const locale of locales)
      resources[locale] = { translation: JSON.parse(await project.read(`locales/${locale}.json`)) };
    const t = i18next.createInstance();
    await t.init({
      resources,
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
    });
    for (const locale of locales) {
      const catalog = resources[locale]!.translation;
      const forms = pluralCategories(locale, 'cardinal');
      expect(
        Object.keys(catalog)
          .filter((k) => k.startsWith('file_'))
          .sort(),
      ).toEqual(forms.map((c) => `file_${c}`).sort());
      for (const category of forms) {
        const n = SAMPLES[locale]![category]!;
        const text = t.getFixedT(locale)('file', { count: n });
        // The form of the category, with its number; never the English text.
        expect(text, `${locale} ${category}`).toBe(
          catalog[`file_${category}`]!.replace('{{count}}', String(n)),
        );
        expect(text).not.toMatch(/^\d+(\.\d+)? files?$/);
      }
    }
  });
});
