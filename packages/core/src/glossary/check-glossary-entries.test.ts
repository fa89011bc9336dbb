import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve-config.js';
import { formatDiagnostic } from '../document/diagnostics.js';
import { GlossaryError, loadProjectGlossary } from './load-glossary.js';

describe('entries that collide in a dictionary', async () => {
  const root = await mkdtemp(join(tmpdir(), 'transloom-glossary-check-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  const config = (glossary: string, targets = ['de']) =>
    resolveConfig(
      {
        sourceLocale: 'en',
        targetLocales: targets,
        files: [{ source: 'a/{locale}.json' }],
        glossary,
      },
      root,
    );

  it('refuses a source phrase given twice, naming both positions', async () => {
    await writeFile(join(root, 'twice.tsv'), 'branch\tZweig\ncommit\tCommit\nbranch\tAst\n');
    const error = await loadProjectGlossary(config('twice.tsv')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GlossaryError);
    expect((error as GlossaryError).diagnostics.map(formatDiagnostic)).toEqual([
      'twice.tsv:3:1: error: "branch": duplicate source phrase, first given at twice.tsv:1:1; a dictionary holds each source phrase once [duplicate-source]',
    ]);
  });

  it('reports a duplicate once in a table, however many locales it collides in', async () => {
    await writeFile(join(root, 'twice.csv'), 'en,de,ja\nbranch,Zweig,枝\nbranch,Ast,ブランチ\n');
    const error = await loadProjectGlossary(config('twice.csv', ['de', 'ja'])).catch(
      (e: unknown) => e,
    );
    expect(
      (error as GlossaryError).diagnostics.map((d) => `${d.line}:${d.column} ${d.rule}`),
    ).toEqual(['3:1 duplicate-source']);
  });

  it("warns about a target that is another entry's source and about sources that differ only in case", async () => {
    await writeFile(
      join(root, 'suspicious.tsv'),
      'branch\tZweig\nZweig\tAst\nBranch\tZweig\ncommit\tCommit\nCommit\tCommit\n',
    );
    const glossary = (await loadProjectGlossary(config('suspicious.tsv')))!;
    // The contract allows both, so the dictionary is sent as written.
    expect(glossary.dictionaries.get('de')!.entries).toHaveLength(5);
    expect(glossary.warnings.map(formatDiagnostic)).toEqual([
      'suspicious.tsv:1:8: warning: the target phrase "Zweig" is also the source phrase of the entry at suspicious.tsv:2:1, which translates it to something else; check that both entries are meant [glossary-chained-entry]',
      'suspicious.tsv:3:1: warning: "Branch" differs only in letter case from the source phrase at suspicious.tsv:1:1; the service keeps both, but a tool that matches terms in any case applies only one [glossary-case-duplicate]',
      'suspicious.tsv:3:8: warning: the target phrase "Zweig" is also the source phrase of the entry at suspicious.tsv:2:1, which translates it to something else; check that both entries are meant [glossary-chained-entry]',
      'suspicious.tsv:5:1: warning: "Commit" differs only in letter case from the source phrase at suspicious.tsv:4:1; the service keeps both, but a tool that matches terms in any case applies only one [glossary-case-duplicate]',
    ]);
  });
});
