import * as deepl from 'deepl-node';
import { describe, expect, it } from 'vitest';
import { startOfficialClient } from '../test-support/deepl-node-client.js';

// deepl-node over every glossary method it has, v2 and v3, each call checked against what the
// service then holds. The client sends every create and edit as a URL-encoded form.
const { client, t, proxy } = await startOfficialClient();

const entries = (record: Record<string, string>) => new deepl.GlossaryEntries({ entries: record });

let v2: deepl.GlossaryInfo;
let v2Csv: deepl.GlossaryInfo;
let v3: deepl.MultilingualGlossaryInfo;
let v3Csv: deepl.MultilingualGlossaryInfo;

async function stored(glossaryId: string, source: string, target: string): Promise<string> {
  const res = await t.call(
    'GET',
    `/v3/glossaries/${glossaryId}/entries?source_lang=${source}&target_lang=${target}`,
  );
  expect(res.status).toBe(200);
  return res.body.dictionaries[0].entries;
}

describe('deepl-node against the local service: glossaries v2', () => {
  it('createGlossary', async () => {
    v2 = await client.createGlossary(
      'Product v2',
      'en',
      'de',
      entries({ account: 'Konto', 'sign in': 'anmelden' }),
    );
    expect(v2).toMatchObject({
      name: 'Product v2',
      ready: true,
      sourceLang: 'en',
      targetLang: 'de',
      entryCount: 2,
    });
    expect(v2.glossaryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(v2.creationTime).toBeInstanceOf(Date);
    expect(await stored(v2.glossaryId, 'en', 'de')).toBe('account\tKonto\nsign in\tanmelden');
  });

  it('createGlossaryWithCsv', async () => {
    v2Csv = await client.createGlossaryWithCsv(
      'Csv v2',
      'en-GB',
      'fr',
      Buffer.from('file,fichier\n"Hello, world","Bonjour, ""monde"""\n'),
    );
    expect(v2Csv).toMatchObject({ sourceLang: 'en', targetLang: 'fr', entryCount: 2 });
    expect(await stored(v2Csv.glossaryId, 'en', 'fr')).toBe(
      'file\tfichier\nHello, world\tBonjour, "monde"',
    );
  });

  it('getGlossary', async () => {
    expect(await client.getGlossary(v2.glossaryId)).toEqual(v2);
  });

  it('listGlossaries', async () => {
    const list = await client.listGlossaries();
    expect(list).toContainEqual(v2);
    expect(list).toContainEqual(v2Csv);
  });

  it('getGlossaryEntries', async () => {
    const got = await client.getGlossaryEntries(v2);
    expect(got.entries()).toEqual({ account: 'Konto', 'sign in': 'anmelden' });
  });

  it('translateText with a v2 glossary', async () => {
    const result = await client.translateText('Open your account', 'en', 'de', { glossary: v2 });
    expect(result.text).toContain('Konto');
    expect(result.text).toContain('Öþéñ ýöúŕ');
  });

  it('deleteGlossary', async () => {
    await client.deleteGlossary(v2Csv);
    await expect(client.getGlossary(v2Csv.glossaryId)).rejects.toBeInstanceOf(
      deepl.GlossaryNotFoundError,
    );
    expect((await t.call('GET', `/v3/glossaries/${v2Csv.glossaryId}`)).status).toBe(404);
  });
});

describe('deepl-node against the local service: glossaries v3', () => {
  it('createMultilingualGlossary', async () => {
    v3 = await client.createMultilingualGlossary('Product v3', [
      { sourceLangCode: 'en', targetLangCode: 'de', entries: entries({ file: 'Datei' }) },
      {
        sourceLangCode: 'de',
        targetLangCode: 'en',
        entries: entries({ Datei: 'file', Ordner: 'folder' }),
      },
    ]);
    expect(v3.name).toBe('Product v3');
    expect(v3.dictionaries).toEqual([
      { sourceLangCode: 'en', targetLangCode: 'de', entryCount: 1 },
      { sourceLangCode: 'de', targetLangCode: 'en', entryCount: 2 },
    ]);
    expect(await stored(v3.glossaryId, 'de', 'en')).toBe('Datei\tfile\nOrdner\tfolder');
  });

  it('createMultilingualGlossaryWithCsv', async () => {
    v3Csv = await client.createMultilingualGlossaryWithCsv(
      'Csv v3',
      'en',
      'ja',
      'cat,猫\ndog,犬,en,ja\nbird,oiseau,en,fr\n',
    );
    // The row whose language columns name another pair is left out, as the contract says.
    expect(v3Csv.dictionaries).toEqual([
      { sourceLangCode: 'en', targetLangCode: 'ja', entryCount: 2 },
    ]);
    expect(await stored(v3Csv.glossaryId, 'en', 'ja')).toBe('cat\t猫\ndog\t犬');
  });

  it('getMultilingualGlossary', async () => {
    expect(await client.getMultilingualGlossary(v3.glossaryId)).toEqual(v3);
  });

  it('listMultilingualGlossaries', async () => {
    const list = await client.listMultilingualGlossaries();
    expect(list).toContainEqual(v3);
    expect(list).toContainEqual(v3Csv);
    // A v2 glossary is a one-dictionary v3 glossary.
    expect(list.find((g) => g.glossaryId === v2.glossaryId)?.dictionaries).toEqual([
      { sourceLangCode: 'en', targetLangCode: 'de', entryCount: 2 },
    ]);
  });

  it('getMultilingualGlossaryDictionaryEntries', async () => {
    const dictionary = await client.getMultilingualGlossaryDictionaryEntries(v3, 'DE', 'EN');
    expect(dictionary.sourceLangCode).toBe('de');
    expect(dictionary.targetLangCode).toBe('en');
    expect(dictionary.entries.entries()).toEqual({ Datei: 'file', Ordner: 'folder' });
  });

  it('updateMultilingualGlossaryName', async () => {
    const renamed = await client.updateMultilingualGlossaryName(v3, 'Renamed v3');
    expect(renamed.name).toBe('Renamed v3');
    expect(renamed.dictionaries).toEqual(v3.dictionaries);
    expect((await t.call('GET', `/v3/glossaries/${v3.glossaryId}`)).body.name).toBe('Renamed v3');
  });

  it('updateMultilingualGlossaryDictionary merges entries into the pair', async () => {
    const updated = await client.updateMultilingualGlossaryDictionary(v3, {
      sourceLangCode: 'en',
      targetLangCode: 'de',
      entries: entries({ file: 'Akte', folder: 'Ordner' }),
    });
    expect(updated.name).toBe('Renamed v3');
    expect(updated.dictionaries).toContainEqual({
      sourceLangCode: 'en',
      targetLangCode: 'de',
      entryCount: 2,
    });
    expect(await stored(v3.glossaryId, 'en', 'de')).toBe('file\tAkte\nfolder\tOrdner');
  });

  it('updateMultilingualGlossaryDictionaryWithCsv creates a new pair', async () => {
    const updated = await client.updateMultilingualGlossaryDictionaryWithCsv(
      v3,
      'en',
      'it',
      'file,"archivio, file"\n',
    );
    expect(updated.dictionaries).toContainEqual({
      sourceLangCode: 'en',
      targetLangCode: 'it',
      entryCount: 1,
    });
    expect(await stored(v3.glossaryId, 'en', 'it')).toBe('file\tarchivio, file');
  });

  it('replaceMultilingualGlossaryDictionary replaces the pair', async () => {
    const info = await client.replaceMultilingualGlossaryDictionary(v3, {
      sourceLangCode: 'en',
      targetLangCode: 'de',
      entries: entries({ save: 'speichern' }),
    });
    expect(info).toEqual({ sourceLangCode: 'en', targetLangCode: 'de', entryCount: 1 });
    expect(await stored(v3.glossaryId, 'en', 'de')).toBe('save\tspeichern');
  });

  it('replaceMultilingualGlossaryDictionaryWithCsv', async () => {
    const info = await client.replaceMultilingualGlossaryDictionaryWithCsv(
      v3,
      'de',
      'en',
      'speichern,save\nöffnen,open\n',
    );
    expect(info).toEqual({ sourceLangCode: 'de', targetLangCode: 'en', entryCount: 2 });
    expect(await stored(v3.glossaryId, 'de', 'en')).toBe('speichern\tsave\nöffnen\topen');
  });

  it('translateText with a v3 glossary, by id list too', async () => {
    const byGlossary = await client.translateText('Please save it', 'en', 'de', { glossary: v3 });
    const byIds = await client.translateText('Please save it', 'en', 'de', {
      glossaryIds: [v3.glossaryId],
    });
    expect(byGlossary.text).toContain('speichern');
    expect(byIds.text).toBe(byGlossary.text);
  });

  it('deleteMultilingualGlossaryDictionary', async () => {
    await client.deleteMultilingualGlossaryDictionary(v3, 'en', 'it');
    const after = await client.getMultilingualGlossary(v3.glossaryId);
    expect(after.dictionaries.map((d) => `${d.sourceLangCode}-${d.targetLangCode}`)).toEqual([
      'en-de',
      'de-en',
    ]);
    // The v2 endpoints handle glossaries of one pair only, and say so for this one.
    await expect(client.getGlossary(v3.glossaryId)).rejects.toThrow(/2 dictionaries.*\/v3\//);
  });

  it('deleteMultilingualGlossary', async () => {
    await client.deleteMultilingualGlossary(v3);
    await expect(client.getMultilingualGlossary(v3.glossaryId)).rejects.toBeInstanceOf(
      deepl.GlossaryNotFoundError,
    );
    // A one-pair v3 glossary reads through v2 as well.
    await expect(client.getGlossary(v3Csv.glossaryId)).resolves.toMatchObject({
      name: 'Csv v3',
      sourceLang: 'en',
      targetLang: 'ja',
      entryCount: 2,
    });
  });

  it('sent every glossary create and edit as a URL-encoded form', () => {
    const edits = proxy.requests.filter((r) => ['POST', 'PATCH', 'PUT'].includes(r.method));
    expect(edits.length).toBeGreaterThanOrEqual(9);
    expect(edits.every((r) => r.contentType?.startsWith('application/x-www-form-urlencoded'))).toBe(
      true,
    );
  });
});
