import { expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve-config.js';
import { testProject } from '../test-support/test-project.js';
import { extractKeys } from './extract-keys.js';

const config = (root: string, sourceLocale = 'en') =>
  resolveConfig(
    {
      sourceLocale,
      targetLocales: ['de'],
      files: [{ source: 'locales/{locale}/*.json' }],
      extract: {
        input: ['src/**/*.js'],
        output: 'locales/{locale}/{ns}.json',
        defaultNamespace: 'common',
      },
    },
    root,
  );

it("takes a plural call as satisfied by the locale's plural forms or by the plain key i18next falls back to", async () => {
  const project = await testProject({
    'src/page.js': [
      "t('clicks', { count });", // every English form present
      "t('count', { count });", // only the plain key, as `count is {{count}}`
      "t('items', { count });", // one form of two
      "t('rows', { count });", // nothing at all
      "t('place', { count, ordinal: true });", // the plain key again
    ].join('\n'),
    'locales/en/common.json': `${JSON.stringify(
      {
        clicks_one: 'You clicked once',
        clicks_other: 'You clicked {{count}} times',
        count: 'count is {{count}}',
        items_one: 'One item',
        place: '{{count}}th place',
      },
      null,
      2,
    )}\n`,
  });
  const result = await extractKeys(config(project.root), { dryRun: true });
  expect(Object.fromEntries(result.added)).toEqual({
    'locales/en/common.json': ['items_other', 'rows_one', 'rows_other'],
  });
});

it('asks a plural call for every category of the source locale (Polish: one, few, many, other)', async () => {
  const project = await testProject({
    'src/page.js': "t('files', { count });\n",
    'locales/pl/common.json': '{\n  "files_one": "plik",\n  "files_few": "pliki"\n}\n',
  });
  const result = await extractKeys(config(project.root, 'pl'), { dryRun: true });
  expect(Object.fromEntries(result.added)).toEqual({
    'locales/pl/common.json': ['files_many', 'files_other'],
  });
});
