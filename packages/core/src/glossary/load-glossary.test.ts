import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve-config.js';
import { formatDiagnostic } from '../document/diagnostics.js';
import { hashOf } from '../hashing/hash-of.js';
import { GlossaryError, hashOfEntries, loadProjectGlossary } from './load-glossary.js';

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
  const problems = async (glossary: string | Record<string, string>, targets?: string[]) => {
    const error = await loadProjectGlossary(config(glossary, targets)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GlossaryError);
    return (error as GlossaryError).diagnostics.map(formatDiagnostic);
  };

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
    expect(glossary.layout).toBe('table');
    expect(glossary.layoutDescription).toBe(
      'a CSV table in g.csv: a header row of locales (en, de, ja, pt-BR), then one row per term',
    );
    expect(glossary.files).toEqual(['g.csv']);
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
    expect(perLocale.layout).toBe('per-locale');
    expect(perLocale.layoutDescription).toBe(
      'one file of entry rows per target locale (de: de.csv)',
    );
  });

  it("reads the service's own CSV rows with language columns, one dictionary per pair", async () => {
    // Read as a table, the first row named 'en' the source column and every row's source was
    // "en": "duplicate source phrase".
    await writeFile(
      join(root, 'service.csv'),
      'Transloom,Transloom,en,de\nlock file,Sperrdatei,en,de\nlock file,ロックファイル,EN,JA\nfile,arquivo,en,pt\nfichier,file,fr,de\nbranch,branche,en,fr\n',
    );
    const glossary = (await loadProjectGlossary(config('service.csv')))!;
    expect(glossary.layout).toBe('entries');
    expect(glossary.layoutDescription).toBe(
      'CSV entry rows in service.csv, no header: source, target, source language, target language (en -> de, en -> ja, en -> pt-BR)',
    );
    expect(glossary.dictionaries.get('de')!.entries).toEqual([
      { source: 'Transloom', target: 'Transloom' },
      { source: 'lock file', target: 'Sperrdatei' },
    ]);
    expect(glossary.dictionaries.get('ja')!.entries).toEqual([
      { source: 'lock file', target: 'ロックファイル' },
    ]);
    // `pt` is the language of pt-BR: glossaries apply to languages, not variants.
    expect(glossary.dictionaries.get('pt-BR')).toMatchObject({
      targetLang: 'pt',
      entries: [{ source: 'file', target: 'arquivo' }],
    });
    // Rows of other pairs are ignored, as the service ignores them, and said so.
    expect(glossary.warnings.map(formatDiagnostic)).toEqual([
      'service.csv:5:14: warning: the row is for the pair "fr" -> "de", and the project translates from \'en\'; the row is ignored, as the service ignores it [glossary-other-pair]',
      'service.csv:6:19: warning: "fr" is not a target locale; the row is ignored, as the service ignores it [glossary-other-pair]',
    ]);
  });

  it('reads headerless TSV rows as the entries of the only target locale', async () => {
    await writeFile(join(root, 'plain.tsv'), 'branch\tZweig\ncommit\tCommit\n');
    const glossary = (await loadProjectGlossary(config('plain.tsv', ['de'])))!;
    expect(glossary.layout).toBe('entries');
    expect(glossary.layoutDescription).toBe(
      'TSV entry rows in plain.tsv, no header: source, target (en -> de)',
    );
    expect(glossary.dictionaries.get('de')!.entries).toEqual([
      { source: 'branch', target: 'Zweig' },
      { source: 'commit', target: 'Commit' },
    ]);
  });

  it('refuses rows without a language pair when several target locales could own them', async () => {
    await writeFile(join(root, 'nohead.csv'), '\nbranch,Zweig\n');
    expect(await problems('nohead.csv')).toEqual([
      "nohead.csv:2:1: error: entry rows without language columns name no target locale, and the project has several target locales (de, ja, pt-BR): add a header row of locales (en,de,ja,pt-BR), add the pair to each row (source,target,en,de), or use one file per locale ('glossary.{locale}.csv') [glossary-no-pair]",
    ]);
    await writeFile(join(root, 'mixed.csv'), 'branch,Zweig,en,de\ncommit,Commit\n');
    expect(await problems('mixed.csv')).toEqual([
      'mixed.csv:2:1: error: this row names no language pair, and the project has several target locales (de, ja, pt-BR); add the source and target language as the other rows do [glossary-no-pair]',
    ]);
  });

  it('reads a first row of locale codes as a header, and refuses one without the source locale', async () => {
    // `en,de` could be an entry too; the documented rule prefers the header.
    await writeFile(join(root, 'two.csv'), 'en,de\nbranch,Zweig\n');
    expect((await loadProjectGlossary(config('two.csv', ['de'])))!.layout).toBe('table');
    await writeFile(join(root, 'nosource.csv'), 'de,ja\nZweig,ブランチ\n');
    await writeFile(join(root, 'names.tsv'), 'source\ttarget\nbranch\tZweig\n');
    expect(await problems('names.tsv', ['de'])).toEqual([
      'names.tsv:1:1: error: the first row names columns (source, target), but entry rows have no header: delete it, or make it a header of locales (en,de) [glossary-header]',
    ]);
    expect(await problems('nosource.csv')).toEqual([
      "nosource.csv:1:1: error: the first row reads as a header of locales but does not name the source locale 'en': add a column for it, or if this row is an entry, move it below another one [glossary-header]",
    ]);
  });

  it('reads one file per language pair from a path with {locale}', async () => {
    await writeFile(join(root, 'glossary.en-de.tsv'), 'branch\tZweig\n');
    await writeFile(
      join(root, 'glossary.en-ja.tsv'),
      'branch\tブランチ\tEN\tja\nbranch\tramo\ten\tes\n',
    );
    const glossary = (await loadProjectGlossary(config('glossary.en-{locale}.tsv')))!;
    expect(glossary.layout).toBe('pairs');
    expect(glossary.layoutDescription).toBe(
      "one file of entry rows per target locale, from 'glossary.en-{locale}.tsv' (de: glossary.en-de.tsv, ja: glossary.en-ja.tsv; no file for pt-BR)",
    );
    expect(glossary.files).toEqual(['glossary.en-de.tsv', 'glossary.en-ja.tsv']);
    expect(glossary.dictionaries.get('ja')!.entries).toEqual([
      { source: 'branch', target: 'ブランチ' },
    ]);
    expect(glossary.warnings.map(formatDiagnostic)).toEqual([
      'glossary.en-ja.tsv:2:16: warning: the row is for "es", and this file is for \'ja\'; the row is ignored, as the service ignores it [glossary-other-pair]',
    ]);
    expect(await problems('none.{locale}.csv')).toEqual([
      'none.{locale}.csv:1:1: error: no file for any target locale (looked for none.de.csv, none.ja.csv, none.pt-BR.csv) [glossary-unreadable]',
    ]);
  });

  it("checks the contract's entry rules before sending, naming the file, line, column and rule", async () => {
    await writeFile(
      join(root, 'bad.csv'),
      'en,de\nbranch,Zweig\n branch ,Zweig\nbranch,Ast\ncommit\ntag,Etikett \n',
    );
    expect(await problems('bad.csv')).toEqual([
      'bad.csv:3:1: error: " branch ": the source phrase starts or ends with whitespace [surrounding-whitespace]',
      'bad.csv:4:1: error: "branch": duplicate source phrase, first given at bad.csv:2:1; a dictionary holds each source phrase once [duplicate-source]',
      'bad.csv:5:1: error: expected 2 fields (one per header column), found 1 [malformed-line]',
      'bad.csv:6:5: error: "Etikett ": the target phrase starts or ends with whitespace [surrounding-whitespace]',
    ]);
  });

  it('warns about columns it does not use', async () => {
    await writeFile(join(root, 'extra.csv'), 'en,de,fr\nbranch,Zweig,branche\n');
    const glossary = (await loadProjectGlossary(config('extra.csv')))!;
    expect(glossary.warnings.map(formatDiagnostic)).toEqual([
      'extra.csv:1:7: warning: column 3 ("fr") is not a target locale; it is ignored [glossary-header]',
    ]);
  });

  it('refuses two variants of one language with different entries (a glossary has one dictionary per pair)', async () => {
    await writeFile(join(root, 'pt.csv'), 'en,pt-BR,pt-PT\nfile,arquivo,ficheiro\n');
    await expect(loadProjectGlossary(config('pt.csv', ['pt-BR', 'pt-PT']))).rejects.toThrow(
      /'pt-BR' and 'pt-PT' share the en -> pt dictionary/,
    );
  });

  it('lists at most 100 errors of a file, then how many more', async () => {
    await writeFile(join(root, 'many.csv'), 'en,de\n'.concat('a\n'.repeat(150)));
    const lines = await problems('many.csv');
    expect(lines).toHaveLength(101);
    expect(lines.at(-1)).toBe(
      'many.csv:1:1: error: 50 more problems in this file are not listed [glossary-too-many-problems]',
    );
  });

  it('hashes a dictionary as locks always have, and reads one of 200 000 entries', async () => {
    const entries = [
      { source: 'a', target: 'b' },
      { source: 'c', target: 'd' },
    ];
    expect(hashOfEntries(entries)).toBe(hashOf('a', 'b', 'c', 'd'));
    const rows = Array.from({ length: 200_000 }, (_, i) => `term ${i}\tBegriff ${i}`);
    await writeFile(join(root, 'big.tsv'), `${rows.join('\n')}\n`);
    const glossary = (await loadProjectGlossary(config('big.tsv', ['de'])))!;
    expect(glossary.dictionaries.get('de')!.entries).toHaveLength(200_000);
  });
});
