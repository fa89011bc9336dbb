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

  it('leaves out the lock and .gitattributes, however they changed', () => {
    expect(
      scopeOfChange(
        [
          change('app/transloom.lock'),
          change('.gitattributes', 'added'),
          change('app/.gitattributes', 'removed'),
          change('app/locales/en/a.json'),
        ],
        config,
        '/repo',
      ),
    ).toEqual({ kind: 'files', files: ['/repo/app/locales/en/a.json'] });
    // Removed or renamed, the lock is no file of the project's either.
    expect(scopeOfChange([change('app/transloom.lock', 'renamed')], config, '/repo')).toEqual({
      kind: 'files',
      files: [],
    });
  });

  it.each([
    [[change('app/transloom.config.json')], 'app/transloom.config.json changed'],
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
