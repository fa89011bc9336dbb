import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { testProject, testService } from '../../test-support/test-project.js';

// A plural nested in a plural: each `#` prints its own plural's number, in every target
// language, as intl-messageformat (FormatJS) formats the written message.

const MESSAGE =
  '{photos, plural, one {# photo in {albums, plural, one {# album} other {# albums}}} other {# photos in {albums, plural, one {# album} other {# albums}}}}';

// One CLDR family per locale: the categories differ, and so do the numbers that reach them.
const LOCALES = ['de', 'fr', 'pl', 'ru', 'ar', 'ja', 'lt', 'cy', 'ga', 'sl'];
const NUMBERS = [0, 1, 2, 3, 5, 11, 21, 22, 100, 101];

describe('a plural nested in a plural', async () => {
  const server = await testService();

  it('keeps each # bound to its own plural and its number, in every plural family', async () => {
    const targetLocales = LOCALES;
    const project = await testProject({
      'transloom.config.json': JSON.stringify({
        sourceLocale: 'en',
        targetLocales,
        files: [{ source: 'messages/{locale}.json' }],
      }),
      'messages/en.json': JSON.stringify({ gallery: MESSAGE }),
    });
    const run = await project.run(server);
    expect(run.failures).toEqual([]);
    for (const locale of targetLocales) {
      const written = JSON.parse(await project.read(`messages/${locale}.json`)).gallery as string;
      const format = new IntlMessageFormat(written, locale);
      for (const photos of NUMBERS)
        for (const albums of NUMBERS) {
          const text = format.format({ photos, albums }) as string;
          // Both numbers appear, as the locale writes them: the outer one, then the inner one.
          const [outer, inner] = [photos, albums].map((n) =>
            new Intl.NumberFormat(locale).format(n),
          );
          const where = `${locale} ${photos}/${albums}: ${text}`;
          const first = text.indexOf(outer!);
          expect(first, where).toBeGreaterThanOrEqual(0);
          const rest = text.slice(first + outer!.length);
          const second = rest.indexOf(inner!);
          expect(second, where).toBeGreaterThanOrEqual(0);
          // No other number: a # bound to the wrong plural, or written as a fixed one, shows.
          const others =
            text.slice(0, first) + rest.slice(0, second) + rest.slice(second + inner!.length);
          expect(others.match(/\p{Nd}/u), where).toBeNull();
        }
    }
  });
});
