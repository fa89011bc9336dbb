import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/test-server.js';

const t = await startTestServer();

function dictionary(entries: string, extra: Record<string, unknown> = {}) {
  return { source_lang: 'en', target_lang: 'de', entries, entries_format: 'tsv', ...extra };
}

async function create(name: string, dictionaries: unknown[]) {
  return t.call('POST', '/v3/glossaries', { json: { name, dictionaries } });
}

describe('glossaries v3', () => {
  it('creates a multilingual glossary and reads metadata and entries back', async () => {
    const res = await create('Product terms', [
      dictionary('account\tKonto\nsign in\tanmelden'),
      {
        source_lang: 'EN',
        target_lang: 'FR',
        entries: 'account,compte\n"Hello, world","Bonjour, ""monde"""',
        entries_format: 'csv',
      },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Product terms',
      dictionaries: [
        { source_lang: 'en', target_lang: 'de', entry_count: 2 },
        { source_lang: 'en', target_lang: 'fr', entry_count: 2 },
      ],
    });
    expect(res.body.glossary_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.creation_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const id = res.body.glossary_id;

    const meta = await t.call('GET', `/v3/glossaries/${id}`);
    expect(meta.body).toEqual(res.body);
    const list = await t.call('GET', '/v3/glossaries');
    expect(list.body.glossaries).toContainEqual(res.body);

    const fr = await t.call('GET', `/v3/glossaries/${id}/entries?source_lang=en&target_lang=fr`);
    expect(fr.body).toEqual({
      dictionaries: [
        {
          source_lang: 'en',
          target_lang: 'fr',
          entries: 'account\tcompte\nHello, world\tBonjour, "monde"',
          entries_format: 'tsv',
        },
      ],
    });
  });

  it('ignores CSV rows whose language columns name another pair', async () => {
    const res = await create('Columns', [
      dictionary('file,Datei,en,de\nfolder,dossier,en,fr\nsave,speichern,EN,DE', {
        entries_format: 'csv',
      }),
    ]);
    expect(res.status).toBe(201);
    expect(res.body.dictionaries[0].entry_count).toBe(2);
  });

  it.each([
    ['duplicate source', 'a\tb\nc\td\na\te', 'line 3', 'duplicate-source'],
    ['empty source', 'a\tb\n\tx', 'line 2', 'empty-source'],
    ['empty target', 'a\t', 'line 1', 'empty-target'],
    ['control character', 'a\u0007b\tx', 'line 1', 'control-character'],
    ['Unicode newline', 'ok\tfine\nline\u2028break\tx', 'line 2', 'unicode-newline'],
    ['leading whitespace', 'ok\tfine\n x\ty', 'line 2', 'surrounding-whitespace'],
    ['trailing Unicode whitespace', 'x\u00a0\ty', 'line 1', 'surrounding-whitespace'],
    ['phrase over 1024 bytes', `${'é'.repeat(513)}\tx`, 'line 1', 'phrase-too-long'],
    ['malformed row', 'a\tb\tc', 'line 1', 'malformed-line'],
  ])('rejects a %s with a 400 naming the line and the rule', async (_name, entries, line, rule) => {
    const res = await create('Bad', [dictionary(entries)]);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(line);
    expect(res.body.message).toContain(`[${rule}]`);
    expect(res.body.code).toBe(rule);
  });

  it('rejects a tab inside a quoted CSV field and an unterminated quote', async () => {
    const tab = await create('Bad', [dictionary('ok,fine\n"a\tb",c', { entries_format: 'csv' })]);
    expect(tab.body.message).toMatch(/line 2: .*control character/);
    const open = await create('Bad', [
      dictionary('ok,fine\n"never closed,c', { entries_format: 'csv' }),
    ]);
    expect(open.body.message).toContain('line 2');
    expect(open.body.code).toBe('malformed-line');
  });

  it('rejects a dictionary over 10 MB', async () => {
    const line = `${'x'.repeat(1000)}`;
    const entries = Array.from({ length: 10_600 }, (_, i) => `${i}${line}\ty`).join('\n');
    const res = await create('Huge', [dictionary(entries)]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('dictionary-too-large');
  });

  it('validates names, languages and dictionary lists', async () => {
    expect((await create('', [dictionary('a\tb')])).body.message).toContain("'name'");
    expect((await create('x'.repeat(1025), [dictionary('a\tb')])).body.message).toContain('1024');
    expect((await create('No dictionaries', [])).body.message).toContain('at least one');
    const same = await create('Same', [dictionary('a\tb', { target_lang: 'en' })]);
    expect(same.body.message).toContain('must differ');
    const unknown = await create('Unknown', [dictionary('a\tb', { target_lang: 'xx' })]);
    expect(unknown.body.message).toContain("'xx'");
    const twice = await create('Twice', [dictionary('a\tb'), dictionary('c\td')]);
    expect(twice.body.message).toContain('two dictionaries for en -> de');
    const empty = await create('Empty', [dictionary('\n')]);
    expect(empty.body.code).toBe('no-entries');
    const format = await create('Format', [dictionary('a\tb', { entries_format: 'xlsx' })]);
    expect(format.body.message).toContain('entries_format');
  });

  it('merges entries with PATCH and renames', async () => {
    const id = (await create('Merge', [dictionary('one\teins\ntwo\tzwei')])).body.glossary_id;
    const res = await t.call('PATCH', `/v3/glossaries/${id}`, {
      json: { name: 'Merged', dictionaries: [dictionary('two\tZWEI\nthree\tdrei')] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Merged',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: 3 }],
    });
    const entries = await t.call(
      'GET',
      `/v3/glossaries/${id}/entries?source_lang=en&target_lang=de`,
    );
    expect(entries.body.dictionaries[0].entries).toBe('one\teins\ntwo\tZWEI\nthree\tdrei');
    const added = await t.call('PATCH', `/v3/glossaries/${id}`, {
      json: {
        dictionaries: [
          { source_lang: 'de', target_lang: 'en', entries: 'eins\tone', entries_format: 'tsv' },
        ],
      },
    });
    expect(added.body.dictionaries).toHaveLength(2);
    const two = await t.call('PATCH', `/v3/glossaries/${id}`, {
      json: { dictionaries: [dictionary('a\tb'), dictionary('c\td')] },
    });
    expect(two.body.message).toContain('at most one');
    expect((await t.call('PATCH', `/v3/glossaries/${id}`, { json: {} })).status).toBe(400);
  });

  it('replaces or adds a dictionary with PUT', async () => {
    const id = (await create('Replace', [dictionary('one\teins\ntwo\tzwei')])).body.glossary_id;
    const res = await t.call('PUT', `/v3/glossaries/${id}/dictionaries`, {
      json: dictionary('three\tdrei'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ source_lang: 'en', target_lang: 'de', entry_count: 1 });
    const added = await t.call('PUT', `/v3/glossaries/${id}/dictionaries`, {
      json: { source_lang: 'en', target_lang: 'it', entries: 'three\ttre', entries_format: 'tsv' },
    });
    expect(added.body).toEqual({ source_lang: 'en', target_lang: 'it', entry_count: 1 });
    expect((await t.call('GET', `/v3/glossaries/${id}`)).body.dictionaries).toHaveLength(2);
  });

  it('deletes dictionaries and glossaries with 204, then answers 404', async () => {
    const id = (
      await create('Delete', [dictionary('a\tb'), dictionary('c\td', { target_lang: 'fr' })])
    ).body.glossary_id;
    const dict = await t.call(
      'DELETE',
      `/v3/glossaries/${id}/dictionaries?source_lang=en&target_lang=fr`,
    );
    expect(dict.status).toBe(204);
    expect(dict.text).toBe('');
    expect((await t.call('GET', `/v3/glossaries/${id}`)).body.dictionaries).toHaveLength(1);
    expect(
      (await t.call('DELETE', `/v3/glossaries/${id}/dictionaries?source_lang=en&target_lang=fr`))
        .status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/v3/glossaries/${id}/entries?source_lang=en&target_lang=fr`)).status,
    ).toBe(404);
    expect((await t.call('DELETE', `/v3/glossaries/${id}`)).status).toBe(204);
    expect((await t.call('GET', `/v3/glossaries/${id}`)).status).toBe(404);
    expect((await t.call('DELETE', `/v3/glossaries/${id}`)).status).toBe(404);
    expect((await t.call('PATCH', '/v3/glossaries/missing', { json: { name: 'x' } })).status).toBe(
      404,
    );
  });

  it('needs both languages to read entries', async () => {
    const id = (await create('Query', [dictionary('a\tb')])).body.glossary_id;
    const res = await t.call('GET', `/v3/glossaries/${id}/entries?source_lang=en`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('target_lang');
  });

  it('is available on the free tier', async () => {
    const res = await t.call('POST', '/v3/glossaries', {
      key: 'free',
      json: { name: 'Free', dictionaries: [dictionary('a\tb')] },
    });
    expect(res.status).toBe(201);
  });

  it('serves edited entries to translations at once', async () => {
    const id = (await create('Live', [dictionary('cart\tWarenkorb')])).body.glossary_id;
    const translate = () =>
      t.call('POST', '/v2/translate', {
        json: { text: ['Your cart'], source_lang: 'EN', target_lang: 'DE', glossary_id: id },
      });
    expect((await translate()).body.translations[0].text).toContain('Warenkorb');
    await t.call('PUT', `/v3/glossaries/${id}/dictionaries`, {
      json: dictionary('cart\tEinkaufswagen'),
    });
    expect((await translate()).body.translations[0].text).toContain('Einkaufswagen');
  });
});
