import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve-config.js';
import { GlossaryError, loadProjectGlossary } from './load-glossary.js';
import { formatGlossaryTable, writeProjectGlossary } from './write-glossary.js';

describe('the project glossary', async () => {
  const root = await mkdtemp(join(tmpdir(), 'transloom-glossary-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  const config = (glossary: string | Record<string, string>, targets = ['de', 'ja', 'pt-BR']) =>
    resolveConfig(
      {
        sourceLocale: 'en',
        targetLocales: targets,
        files: [{ source: 'a/{locale}.json' }],
        glossary,
      },
      root,
    );

  it('reads a table with a header row of locales into one dictionary per target', async () => {
    await writeFile(
      join(root, 'g.csv'),
      'en,de,ja,pt-BR\nTransloom,Transloom,Transloom,Transloom\n"pull request, draft",Entwurf,,rascunho\nlock file,Sperrdatei,ロックファイル,\n',
    );
    const glossary = (await loadProjectGlossary(config('g.csv')))!;
    expect(glossary.dictionaries.get('de')).toMatchObject({
      sourceLang: 'en',
      targetLang: 'de',
      entries: [
        { source: 'Transloom', target: 'Transloom' },
        { source: 'pull request, draft', target: 'Entwurf' },
        { source: 'lock file', target: 'Sperrdatei' },
      ],
    });
    // An empty cell is no entry; pt-BR's dictionary is the pt one.
    expect(glossary.dictionaries.get('ja')!.entries.map((e) => e.source)).toEqual([
      'Transloom',
      'lock file',
    ]);
    expect(glossary.dictionaries.get('pt-BR')).toMatchObject({
      targetLang: 'pt',
      entries: [{ source: 'Transloom' }, { source: 'pull request, draft' }],
    });
    expect(glossary.dictionaries.get('de')!.hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('reads TSV tables and one two-column file per locale', async () => {
    await writeFile(join(root, 'g.tsv'), 'en\tde\nbranch\tZweig\n');
    expect((await loadProjectGlossary(config('g.tsv')))!.dictionaries.get('de')!.entries).toEqual([
      { source: 'branch', target: 'Zweig' },
    ]);
    await writeFile(join(root, 'de.csv'), 'branch,Zweig\ncommit,Commit\n');
    const perLocale = (await loadProjectGlossary(config({ de: 'de.csv' })))!;
    expect([...perLocale.dictionaries.keys()]).toEqual(['de']);
    expect(perLocale.dictionaries.get('de')!.entries).toHaveLength(2);
  });

  it("checks the contract's entry rules before sending, naming the file, line and rule", async () => {
    await writeFile(
      join(root, 'bad.csv'),
      'en,de\nbranch,Zweig\n branch ,Zweig\nbranch,Ast\ncommit\n',
    );
    const error = await loadProjectGlossary(config('bad.csv')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GlossaryError);
    const lines = (error as GlossaryError).diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`);
    expect(lines).toEqual([
      'bad.csv:3 surrounding-whitespace',
      'bad.csv:4 duplicate-source',
      'bad.csv:5 malformed-line',
    ]);
    expect((error as GlossaryError).message).toContain(
      'bad.csv:4:1: error: entry "branch": duplicate source phrase, first given on line 2 (de) [duplicate-source]',
    );
  });

  it('needs the source locale in the header, and warns about columns it does not use', async () => {
    await writeFile(join(root, 'nohead.csv'), 'branch,Zweig\n');
    await expect(loadProjectGlossary(config('nohead.csv'))).rejects.toThrow(
      /must name the locale of each column, including the source locale 'en'/,
    );
    await writeFile(join(root, 'extra.csv'), 'en,de,fr\nbranch,Zweig,branche\n');
    const glossary = (await loadProjectGlossary(config('extra.csv')))!;
    expect(glossary.warnings.map((w) => w.message)).toEqual([
      "column 3 ('fr') is not a target locale; it is ignored",
    ]);
  });

  it('refuses two variants of one language with different entries (a glossary has one dictionary per pair)', async () => {
    await writeFile(join(root, 'pt.csv'), 'en,pt-BR,pt-PT\nfile,arquivo,ficheiro\n');
    await expect(loadProjectGlossary(config('pt.csv', ['pt-BR', 'pt-PT']))).rejects.toThrow(
      /'pt-BR' and 'pt-PT' share the en -> pt dictionary/,
    );
  });

  it('writes entries back as a table, quoting CSV fields that need it', async () => {
    const table = formatGlossaryTable(
      'en',
      new Map([
        ['de', [{ source: 'a, b', target: 'c "d"' }]],
        ['ja', [{ source: 'x', target: 'y' }]],
      ]),
      'csv',
    );
    expect(table).toBe('en,de,ja\n"a, b","c ""d""",\nx,,y\n');
    await writeProjectGlossary(
      config('round.csv'),
      new Map([['de', [{ source: 'a, b', target: 'c "d"' }]]]),
    );
    expect(
      (await loadProjectGlossary(config('round.csv')))!.dictionaries.get('de')!.entries,
    ).toEqual([{ source: 'a, b', target: 'c "d"' }]);
  });
});
