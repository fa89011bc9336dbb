import { beforeEach, describe, expect, it } from 'vitest';
import { GlossaryEntriesError, LimitError, NotFoundError } from '../errors.js';
import { startLocalServer } from '../test-support/local-server.js';

const server = await startLocalServer();
const client = server.client();

beforeEach(() => server.clearRequests());

describe('glossaries', () => {
  it('creates from a record, pairs, TSV and CSV, and reads everything back', async () => {
    const glossary = await client.glossaries.create({
      name: 'Product',
      dictionaries: [
        {
          sourceLang: 'EN',
          targetLang: 'DE',
          entries: { account: 'Konto', 'sign in': 'anmelden' },
        },
        {
          sourceLang: 'en',
          targetLang: 'fr',
          entries: [
            ['account', 'compte'],
            ['sign in', 'se connecter'],
          ],
        },
        { sourceLang: 'en', targetLang: 'it', entries: 'account\taccount\nsign in\taccedi' },
        {
          sourceLang: 'en',
          targetLang: 'es',
          entries: '"Hello, world","Hola, ""mundo"""\naccount,cuenta,en,es\nskip,me,en,pt',
        },
      ],
    });
    expect(glossary.glossaryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(glossary.dictionaries).toEqual([
      { sourceLang: 'en', targetLang: 'de', entryCount: 2 },
      { sourceLang: 'en', targetLang: 'fr', entryCount: 2 },
      { sourceLang: 'en', targetLang: 'it', entryCount: 2 },
      { sourceLang: 'en', targetLang: 'es', entryCount: 2 },
    ]);
    expect(await client.glossaries.get(glossary.glossaryId)).toEqual(glossary);
    expect(await client.glossaries.list()).toContainEqual(glossary);
    expect(await client.glossaries.entries(glossary.glossaryId, 'en', 'es')).toEqual([
      { source: 'Hello, world', target: 'Hola, "mundo"' },
      { source: 'account', target: 'cuenta' },
    ]);
  });

  it('rejects entries that break a rule before sending, naming entry and rule', async () => {
    const create = (entries: Record<string, string> | string) =>
      client.glossaries.create({
        name: 'Bad',
        dictionaries: [{ sourceLang: 'en', targetLang: 'de', entries }],
      });
    const cases: Array<[Record<string, string> | string, string, string]> = [
      [{ ok: 'fine', ' padded': 'x' }, 'surrounding-whitespace', 'line 2'],
      [{ empty: '' }, 'empty-target', 'line 1'],
      [{ 'tab\there': 'x' }, 'control-character', 'entry "tab\\there"'],
      [{ long: 'é'.repeat(600) }, 'phrase-too-long', 'line 1'],
      ['a\tb\na\tc', 'duplicate-source', 'line 2'],
      ['a\tb\tc', 'malformed-line', 'line 1'],
      [{}, 'no-entries', 'no entries'],
    ];
    for (const [entries, rule, fragment] of cases) {
      const error = await create(entries).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GlossaryEntriesError);
      expect((error as GlossaryEntriesError).issues[0]!.rule).toBe(rule);
      expect((error as Error).message).toContain(fragment);
      expect((error as Error).message).toContain('Dictionary en -> de');
    }
    const name = await client.glossaries
      .create({ name: 'n'.repeat(1025), dictionaries: [] })
      .catch((e: unknown) => e);
    expect(name).toBeInstanceOf(LimitError);
    expect(await server.requests()).toEqual([]);
  });

  it('merges with update, replaces and deletes dictionaries, and deletes glossaries', async () => {
    const { glossaryId } = await client.glossaries.create({
      name: 'Edit',
      dictionaries: [{ sourceLang: 'en', targetLang: 'de', entries: { one: 'eins', two: 'zwei' } }],
    });
    const renamed = await client.glossaries.update(glossaryId, {
      name: 'Edited',
      dictionary: { sourceLang: 'en', targetLang: 'de', entries: { two: 'ZWEI', three: 'drei' } },
    });
    expect(renamed).toMatchObject({ name: 'Edited', dictionaries: [{ entryCount: 3 }] });
    expect(await client.glossaries.entries(glossaryId, 'en', 'de')).toEqual([
      { source: 'one', target: 'eins' },
      { source: 'two', target: 'ZWEI' },
      { source: 'three', target: 'drei' },
    ]);
    expect(
      await client.glossaries.replaceDictionary(glossaryId, {
        sourceLang: 'en',
        targetLang: 'de',
        entries: { four: 'vier' },
      }),
    ).toEqual({
      sourceLang: 'en',
      targetLang: 'de',
      entryCount: 1,
    });
    await client.glossaries.replaceDictionary(glossaryId, {
      sourceLang: 'en',
      targetLang: 'nl',
      entries: { four: 'vier' },
    });
    await client.glossaries.deleteDictionary(glossaryId, 'en', 'nl');
    expect((await client.glossaries.get(glossaryId)).dictionaries).toHaveLength(1);
    await client.glossaries.delete(glossaryId);
    await expect(client.glossaries.get(glossaryId)).rejects.toBeInstanceOf(NotFoundError);
  });
});
