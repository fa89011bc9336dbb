import { resolveConfig } from '@transloom/core/config';
import { describe, expect, it } from 'vitest';
import { scopeOfChange } from './changed-sources.js';

const config = resolveConfig(
  {
    sourceLocale: 'en',
    targetLocales: ['de'],
    files: [{ source: 'locales/{locale}/*.json' }],
    glossary: 'terms/glossary.en-{locale}.tsv',
  },
  '/repo/app',
  '/repo/app/transloom.config.json',
);
const change = (path: string, status = 'modified') => ({ path, status });

describe('scopeOfChange', () => {
  it('is the changed files when only files changed', () => {
    expect(
      scopeOfChange(
        [change('app/locales/en/a.json'), change('README.md', 'added')],
        config,
        '/repo',
      ),
    ).toEqual({ kind: 'files', files: ['/repo/app/locales/en/a.json', '/repo/README.md'] });
  });

  it.each([
    [[change('app/transloom.config.json')], 'app/transloom.config.json changed'],
    [[change('app/transloom.lock')], 'app/transloom.lock changed'],
    [[change('app/terms/glossary.en-de.tsv')], 'app/terms/glossary.en-de.tsv changed'],
    [[change('app/locales/en/a.json', 'removed')], 'app/locales/en/a.json was removed'],
    [[change('app/locales/en/b.json', 'renamed')], 'app/locales/en/b.json was renamed'],
    [
      Array.from({ length: 3000 }, (_, i) => change(`f${i}`)),
      'the pull request changes 3000 files or more',
    ],
  ])('is the whole project when %#: %s', (changed, why) => {
    expect(scopeOfChange(changed, config, '/repo')).toEqual({ kind: 'project', why });
  });
});
