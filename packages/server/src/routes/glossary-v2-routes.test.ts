import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/test-server.js';

const t = await startTestServer();

describe('glossaries v2 (one language pair)', () => {
  it('creates from a form or JSON, lists, reads, serves TSV entries and deletes', async () => {
    const created = await t.call('POST', '/v2/glossaries', {
      form: 'name=Terms&source_lang=EN&target_lang=de&entries_format=csv&entries=cart%2CWarenkorb%0Apay%2Czahlen',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      glossary_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Terms',
      ready: true,
      source_lang: 'en',
      target_lang: 'de',
      creation_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      entry_count: 2,
    });
    const id = created.body.glossary_id;
    const json = await t.call('POST', '/v2/glossaries', {
      json: { name: 'Json', source_lang: 'de', target_lang: 'en', entries: 'zahlen\tpay' },
    });
    expect(json.body).toMatchObject({ source_lang: 'de', target_lang: 'en', entry_count: 1 });

    expect((await t.call('GET', `/v2/glossaries/${id}`)).body).toEqual(created.body);
    const list = (await t.call('GET', '/v2/glossaries')).body.glossaries;
    expect(list).toContainEqual(created.body);
    expect(list).toContainEqual(json.body);

    const entries = await t.call('GET', `/v2/glossaries/${id}/entries`);
    expect(entries.headers.get('content-type')).toBe('text/tab-separated-values; charset=utf-8');
    expect(entries.text).toBe('cart\tWarenkorb\npay\tzahlen');

    expect((await t.call('DELETE', `/v2/glossaries/${id}`)).status).toBe(204);
    expect((await t.call('GET', `/v2/glossaries/${id}`)).status).toBe(404);
    expect((await t.call('GET', `/v2/glossaries/${id}/entries`)).status).toBe(404);
    expect((await t.call('DELETE', `/v2/glossaries/${id}`)).status).toBe(404);
  });

  it('applies the same rules as v3', async () => {
    const duplicate = await t.call('POST', '/v2/glossaries', {
      form: 'name=Bad&source_lang=en&target_lang=de&entries=a%09b%0Aa%09c',
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.code).toBe('duplicate-source');
    const noName = await t.call('POST', '/v2/glossaries', {
      form: 'source_lang=en&target_lang=de&entries=a%09b',
    });
    expect(noName.body.message).toBe("Parameter 'name' is required");
    const language = await t.call('POST', '/v2/glossaries', {
      form: 'name=X&source_lang=en&target_lang=tlh&entries=a%09b',
    });
    expect(language.body.message).toContain("'target_lang'");
  });

  it('leaves glossaries of several pairs to v3, and says so', async () => {
    const multi = await t.call('POST', '/v3/glossaries', {
      json: {
        name: 'Multi',
        dictionaries: [
          { source_lang: 'en', target_lang: 'de', entries: 'a\tb' },
          { source_lang: 'en', target_lang: 'fr', entries: 'a\tb' },
        ],
      },
    });
    const id = multi.body.glossary_id;
    const read = await t.call('GET', `/v2/glossaries/${id}`);
    expect(read.status).toBe(400);
    expect(read.body.message).toContain(`/v3/glossaries/${id}`);
    expect((await t.call('DELETE', `/v2/glossaries/${id}`)).status).toBe(400);
    expect((await t.call('GET', `/v3/glossaries/${id}`)).status).toBe(200);
    const list = (await t.call('GET', '/v2/glossaries')).body.glossaries;
    expect(list.map((g: { glossary_id: string }) => g.glossary_id)).not.toContain(id);
  });
});
