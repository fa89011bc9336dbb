import { createClient } from '@transloom/client';
import type { GlossaryEntry } from '@transloom/client/wire';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve-config.js';
import { TEST_KEY, testProject, testService } from '../test-support/test-project.js';
import {
  type GlossaryDictionary,
  loadProjectGlossary,
  type ProjectGlossary,
} from './load-glossary.js';
import { syncGlossary } from './sync-glossary.js';
import { writeProjectGlossary } from './write-glossary.js';

const dictionary = (
  targetLang: string,
  entries: Record<string, string>,
  hash: string,
): GlossaryDictionary => ({
  sourceLang: 'en',
  targetLang,
  entries: Object.entries(entries).map(([source, target]) => ({ source, target })),
  hash,
});

describe('syncGlossary', async () => {
  const server = await testService();
  const client = createClient({ apiKey: TEST_KEY, serverUrl: server.url });
  const log = () =>
    server
      .faults!.requests.splice(0)
      .map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, 'ID')}`);
  const project = (dictionaries: Array<[string, GlossaryDictionary]>): ProjectGlossary => ({
    dictionaries: new Map(dictionaries),
    warnings: [],
    layout: 'table',
    layoutDescription: '',
    files: [],
  });

  it('creates one glossary, then sends only the dictionaries whose content changed', async () => {
    log();
    const first = project([
      ['de', dictionary('de', { branch: 'Zweig' }, '1111')],
      ['ja', dictionary('ja', { branch: 'ブランチ' }, '2222')],
    ]);
    const created = await syncGlossary({
      client,
      glossary: first,
      locked: undefined,
      name: 'demo',
    });
    expect(created.created).toBe(true);
    expect(log()).toEqual(['POST /v3/glossaries']);
    expect(
      (await client.glossaries.get(created.locked!.id)).dictionaries
        .map((d) => d.targetLang)
        .sort(),
    ).toEqual(['de', 'ja']);
    log();

    const same = await syncGlossary({
      client,
      glossary: first,
      locked: created.locked,
      name: 'demo',
    });
    expect(same.pushed).toEqual([]);
    expect(log()).toEqual([]);

    const changed = project([
      ['de', dictionary('de', { branch: 'Ast' }, '3333')],
      ['ja', dictionary('ja', { branch: 'ブランチ' }, '2222')],
    ]);
    const updated = await syncGlossary({
      client,
      glossary: changed,
      locked: created.locked,
      name: 'demo',
    });
    expect(updated.pushed).toEqual(['de']);
    expect(log()).toEqual(['PUT /v3/glossaries/ID/dictionaries']);
    expect(await client.glossaries.entries(created.locked!.id, 'en', 'de')).toEqual([
      { source: 'branch', target: 'Ast' },
    ]);
    log();

    const fewer = await syncGlossary({
      client,
      glossary: project([['de', dictionary('de', { branch: 'Ast' }, '3333')]]),
      locked: updated.locked,
      name: 'demo',
    });
    expect(fewer.locked!.dictionaries).toEqual(new Map([['de', '3333']]));
    expect(log()).toEqual(['DELETE /v3/glossaries/ID/dictionaries']);
    expect(
      (await client.glossaries.get(created.locked!.id)).dictionaries.map((d) => d.targetLang),
    ).toEqual(['de']);
  });

  it('creates the glossary again when the service no longer has it, and deletes it when the project has none', async () => {
    const glossary = project([['de', dictionary('de', { branch: 'Zweig' }, '1111')]]);
    const made = await syncGlossary({ client, glossary, locked: undefined, name: 'demo' });
    await client.glossaries.delete(made.locked!.id);
    const verified = await syncGlossary({
      client,
      glossary,
      locked: made.locked,
      name: 'demo',
      verify: true,
    });
    expect(verified.created).toBe(true);
    expect(verified.locked!.id).not.toBe(made.locked!.id);
    const gone = await syncGlossary({
      client,
      glossary: undefined,
      locked: verified.locked,
      name: 'demo',
    });
    expect(gone.locked).toBeUndefined();
    expect((await client.glossaries.list()).map((g) => g.glossaryId)).not.toContain(
      verified.locked!.id,
    );
  });

  it("sends a file in the service's own format as written and pulls it back into the same bytes", async () => {
    const rows =
      'branch,Zweig,en,de\nZweig,Ast,en,de\nBranch,Zweig,en,de\nbranch,ブランチ,en,ja\nfichier,Datei,fr,de\n';
    const project = await testProject({ 'glossary.csv': rows });
    const config = resolveConfig(
      {
        sourceLocale: 'en',
        targetLocales: ['de', 'ja'],
        files: [{ source: 'a/{locale}.json' }],
        glossary: 'glossary.csv',
      },
      project.root,
    );
    const glossary = (await loadProjectGlossary(config))!;
    expect(glossary.warnings.map((w) => `${w.line}:${w.column} ${w.rule}`)).toEqual([
      '1:8 glossary-chained-entry',
      '3:1 glossary-case-duplicate',
      '3:8 glossary-chained-entry',
      '5:15 glossary-other-pair',
    ]);
    const made = await syncGlossary({ client, glossary, locked: undefined, name: 'rows' });
    const id = made.locked!.id;
    // Every entry arrives as written: none replaced another.
    expect(await client.glossaries.entries(id, 'en', 'de')).toEqual([
      { source: 'branch', target: 'Zweig' },
      { source: 'Zweig', target: 'Ast' },
      { source: 'Branch', target: 'Zweig' },
    ]);
    const pull = async () =>
      new Map<string, GlossaryEntry[]>([
        ['de', await client.glossaries.entries(id, 'en', 'de')],
        ['ja', await client.glossaries.entries(id, 'en', 'ja')],
      ]);
    expect(await writeProjectGlossary(config, await pull())).toEqual([]);
    expect(await project.read('glossary.csv')).toBe(rows);

    // Edited on the service: the pull writes it in the file's layout, and the next push reads
    // exactly the service's dictionaries back.
    await client.glossaries.replaceDictionary(id, {
      sourceLang: 'en',
      targetLang: 'de',
      entries: { branch: 'Ast', tag: 'Etikett' },
    });
    expect(await writeProjectGlossary(config, await pull())).toEqual(['glossary.csv']);
    expect(await project.read('glossary.csv')).toBe(
      'branch,Ast,en,de\ntag,Etikett,en,de\nbranch,ブランチ,en,ja\nfichier,Datei,fr,de\n',
    );
    const reloaded = (await loadProjectGlossary(config))!;
    expect(reloaded.dictionaries.get('de')!.entries).toEqual(
      await client.glossaries.entries(id, 'en', 'de'),
    );
    log();
    const pushed = await syncGlossary({
      client,
      glossary: reloaded,
      locked: made.locked,
      name: 'rows',
    });
    expect(pushed.pushed).toEqual(['de']);
    expect(log()).toEqual(['PUT /v3/glossaries/ID/dictionaries']);
  });
});
