import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve-config.js';
import { expandFiles, staticBase } from './expand-files.js';

describe('expandFiles', async () => {
  const root = await mkdtemp(join(tmpdir(), 'transloom-files-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  for (const path of [
    'locales/en/common.json',
    'locales/en/admin/users.json',
    'locales/de/common.json',
    'docs/intro.md',
    'docs/guide/setup.md',
    'i18n/de/docs/intro.md',
    'messages.xlf',
    'node_modules/x/docs/a.md',
  ]) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), '');
  }
  const expand = (files: unknown[], targets = ['de', 'pt-BR']) =>
    expandFiles(resolveConfig({ sourceLocale: 'en', targetLocales: targets, files }, root));

  it('swaps the locale in the source path when there is no target template', async () => {
    const files = await expand([{ source: 'locales/{locale}/**/*.json' }]);
    expect(files.map((f) => [f.source, f.target('pt-BR')])).toEqual([
      ['locales/en/admin/users.json', 'locales/pt-BR/admin/users.json'],
      ['locales/en/common.json', 'locales/pt-BR/common.json'],
    ]);
  });

  it('fills {locale} and {path} (the path below the glob’s fixed part) in a target template', async () => {
    const files = await expand([
      { source: 'docs/**/*.md', target: 'i18n/{locale}/{path}' },
      { source: 'messages.xlf', target: 'messages.{locale}.xlf' },
    ]);
    expect(files.map((f) => [f.source, f.target('de')])).toEqual([
      ['docs/guide/setup.md', 'i18n/de/guide/setup.md'],
      ['docs/intro.md', 'i18n/de/intro.md'],
      ['messages.xlf', 'messages.de.xlf'],
    ]);
    expect(staticBase('docs/**/*.md')).toBe('docs/');
    expect(staticBase('*.md')).toBe('');
  });

  it('does not take a target for a source, skips node_modules, and keeps per-entry locales', async () => {
    const files = await expand(
      [{ source: '**/*.md', target: 'i18n/{locale}/{path}', locales: ['de'] }],
      ['de', 'fr'],
    );
    expect(files.map((f) => f.source)).toEqual(['docs/guide/setup.md', 'docs/intro.md']);
    expect(files[0]!.locales).toEqual(['de']);
    expect(files[0]!.target('de')).toBe('i18n/de/docs/guide/setup.md');
  });

  it('joins a later entry that names a source again for locales of its own', async () => {
    const files = await expand(
      [
        { source: 'locales/{locale}/common.json', locales: ['de'] },
        {
          source: 'locales/en/common.json',
          target: 'locales/pt_BR/common.json',
          locales: ['pt-BR'],
        },
        // No locales of its own: a broader entry adds nothing to a file already named.
        { source: 'locales/en/*.json', target: 'other/{locale}/{path}' },
      ],
      ['de', 'pt-BR', 'fr'],
    );
    const common = files.find((f) => f.source === 'locales/en/common.json')!;
    expect(common.locales).toEqual(['de', 'pt-BR']);
    expect(common.locales.map((l) => common.target(l))).toEqual([
      'locales/de/common.json',
      'locales/pt_BR/common.json',
    ]);
    expect(files.map((f) => f.source)).toEqual(['locales/en/common.json']);
  });

  it('refuses two sources that would write one target', async () => {
    await expect(
      expand([{ source: 'docs/**/*.md', target: 'out/{locale}/page.md' }]),
    ).rejects.toThrow(
      "'docs/intro.md' and 'docs/guide/setup.md' would both write 'out/de/page.md'",
    );
  });
});
