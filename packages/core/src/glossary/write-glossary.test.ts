import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GlossaryEntry } from '@transloom/client/wire';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve-config.js';
import { GlossaryError, loadProjectGlossary, type ProjectGlossary } from './load-glossary.js';
import { formatGlossaryTable, writeProjectGlossary } from './write-glossary.js';

const entriesOf = (glossary: ProjectGlossary) =>
  new Map([...glossary.dictionaries].map(([locale, d]) => [locale, d.entries]));

describe('writing the project glossary back', async () => {
  const root = await mkdtemp(join(tmpdir(), 'transloom-glossary-write-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  const config = (glossary: string | Record<string, string>, targets = ['de', 'ja']) =>
    resolveConfig(
      {
        sourceLocale: 'en',
        targetLocales: targets,
        files: [{ source: 'a/{locale}.json' }],
        glossary,
      },
      root,
    );
  const read = (path: string) => readFile(join(root, path), 'utf8');

  // Each layout, written as people write them: CRLF, a byte order mark, quotes where none are
  // needed, blank lines, columns and rows the project does not use.
  const layouts: Array<{
    name: string;
    glossary: string | Record<string, string>;
    files: Record<string, string>;
    layout: ProjectGlossary['layout'];
    /** A de entry written without needless quotes. */
    edited: string;
  }> = [
    {
      name: 'table',
      glossary: 'table.csv',
      files: {
        'table.csv':
          '\uFEFFen,de,fr,ja\r\n"branch",Zweig,branche,ブランチ\r\n\r\n"a, b","c ""d""",,\r\nlock file,Sperrdatei,,ロックファイル\r\n',
      },
      layout: 'table',
      edited: 'lock file',
    },
    {
      name: 'entries with language columns',
      glossary: 'entries.csv',
      files: {
        'entries.csv':
          'branch,Zweig,EN,DE\nbranch,ブランチ,EN,JA\nfichier,Datei,FR,DE\n"a, b",c,EN,DE\nlock file,Sperrdatei,EN,DE',
      },
      layout: 'entries',
      edited: 'lock file',
    },
    {
      name: 'TSV entries of one locale',
      glossary: 'plain.tsv',
      files: { 'plain.tsv': 'branch\tZweig\ncommit\tCommit\n' },
      layout: 'entries',
      edited: 'commit',
    },
    {
      name: 'pairs',
      glossary: 'glossary.en-{locale}.tsv',
      files: {
        'glossary.en-de.tsv': 'branch\tZweig\nlock file\tSperrdatei\n',
        'glossary.en-ja.tsv': 'branch\tブランチ\ten\tja\n',
      },
      layout: 'pairs',
      edited: 'lock file',
    },
    {
      name: 'per-locale',
      glossary: { de: 'de.csv', ja: 'ja.csv' },
      files: { 'de.csv': 'branch,Zweig\r\n', 'ja.csv': '"branch",ブランチ\n' },
      layout: 'per-locale',
      edited: 'branch',
    },
  ];

  for (const { name, glossary, files, layout, edited } of layouts) {
    it(`loads, writes and reloads a ${name} glossary without changing a byte`, async () => {
      const targets = name.startsWith('TSV') ? ['de'] : ['de', 'ja'];
      for (const [path, text] of Object.entries(files)) await writeFile(join(root, path), text);
      const loaded = (await loadProjectGlossary(config(glossary, targets)))!;
      expect(loaded.layout).toBe(layout);
      expect(await writeProjectGlossary(config(glossary, targets), entriesOf(loaded))).toEqual([]);
      for (const [path, text] of Object.entries(files)) expect(await read(path)).toBe(text);
      const reloaded = (await loadProjectGlossary(config(glossary, targets)))!;
      expect(reloaded.dictionaries).toEqual(loaded.dictionaries);
      // Not only skipped: a target changed, then changed back, is written as it was.
      const changed = entriesOf(loaded);
      changed.set(
        'de',
        changed.get('de')!.map((e) => (e.source === edited ? { ...e, target: 'geändert' } : e)),
      );
      expect(await writeProjectGlossary(config(glossary, targets), changed)).toHaveLength(1);
      expect(entriesOf((await loadProjectGlossary(config(glossary, targets)))!)).toEqual(changed);
      await writeProjectGlossary(config(glossary, targets), entriesOf(loaded));
      for (const [path, text] of Object.entries(files)) expect(await read(path)).toBe(text);
    });
  }

  it('writes a table in its own layout: header, unused columns, row order and untouched bytes kept', async () => {
    await writeFile(
      join(root, 'pull.csv'),
      '\uFEFFen,de,fr,ja\r\n"branch",Zweig,branche,ブランチ\r\n\r\n"a, b","c ""d""",,\r\nlock file,Sperrdatei,,ロックファイル\r\n',
    );
    const wanted = new Map<string, GlossaryEntry[]>([
      [
        'de',
        [
          { source: 'branch', target: 'Zweig' },
          { source: 'commit', target: 'Commit' },
          { source: 'lock file', target: 'Sperre' },
        ],
      ],
      [
        'ja',
        [
          { source: 'branch', target: 'ブランチ' },
          { source: 'lock file', target: 'ロックファイル' },
        ],
      ],
    ]);
    expect(await writeProjectGlossary(config('pull.csv'), wanted)).toEqual(['pull.csv']);
    // `commit` goes after `branch`, as on the service; `a, b` lost its only entry and goes.
    expect(await read('pull.csv')).toBe(
      '\uFEFFen,de,fr,ja\r\n"branch",Zweig,branche,ブランチ\r\ncommit,Commit,,\r\n\r\nlock file,Sperre,,ロックファイル\r\n',
    );
    const reloaded = (await loadProjectGlossary(config('pull.csv')))!;
    expect(entriesOf(reloaded)).toEqual(wanted);
  });

  it('writes entry rows with their language columns and keeps the rows of other pairs', async () => {
    await writeFile(
      join(root, 'rows.csv'),
      'branch,Zweig,EN,DE\nfichier,Datei,FR,DE\nlock file,Sperrdatei,EN,DE\n',
    );
    const wanted = new Map<string, GlossaryEntry[]>([
      [
        'de',
        [
          { source: 'new term', target: 'neuer Begriff' },
          { source: 'lock file', target: 'Sperrdatei' },
        ],
      ],
      ['ja', [{ source: 'branch', target: 'ブランチ' }]],
    ]);
    expect(await writeProjectGlossary(config('rows.csv'), wanted)).toEqual(['rows.csv']);
    expect(await read('rows.csv')).toBe(
      'fichier,Datei,FR,DE\nnew term,neuer Begriff,EN,DE\nlock file,Sperrdatei,EN,DE\nbranch,ブランチ,EN,JA\n',
    );
    expect(entriesOf((await loadProjectGlossary(config('rows.csv')))!)).toEqual(wanted);
  });

  it('creates missing files: a table for one file, entry rows for a locale of a pair pattern', async () => {
    const wanted = new Map<string, GlossaryEntry[]>([
      ['de', [{ source: 'a, b', target: 'c "d"' }]],
      ['ja', [{ source: 'x', target: 'y' }]],
    ]);
    expect(await writeProjectGlossary(config('fresh.csv'), wanted)).toEqual(['fresh.csv']);
    expect(await read('fresh.csv')).toBe('en,de,ja\n"a, b","c ""d""",\nx,,y\n');
    expect(await writeProjectGlossary(config('new/g.en-{locale}.tsv'), wanted)).toEqual([
      'new/g.en-de.tsv',
      'new/g.en-ja.tsv',
    ]);
    expect(await read('new/g.en-ja.tsv')).toBe('x\ty\n');
    expect(formatGlossaryTable('en', wanted, 'tsv')).toBe('en\tde\tja\na, b\tc "d"\t\nx\t\ty\n');
  });

  it('refuses to rewrite a file whose rows it cannot read, and leaves it as it was', async () => {
    await writeFile(join(root, 'broken.csv'), 'en,de\n"branch,Zweig\n');
    const error = await writeProjectGlossary(
      config('broken.csv'),
      new Map([['de', [{ source: 'x', target: 'y' }]]]),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GlossaryError);
    expect((error as GlossaryError).message).toContain(
      'broken.csv:2:1: error: a quoted field is never closed [malformed-line]',
    );
    expect(await read('broken.csv')).toBe('en,de\n"branch,Zweig\n');
  });
});
