import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/test-server.js';
import { GLOSSARY_EDIT_BODY_LIMIT } from './glossary-routes.js';

const t = await startTestServer();

// Forms exactly as the official clients write them: brackets percent-encoded.
function form(fields: Array<[string, string]>): string {
  return new URLSearchParams(fields).toString();
}

const dictionary = (i: number, source: string, target: string, entries: string, format = 'tsv') =>
  [
    [`dictionaries[${i}].source_lang`, source],
    [`dictionaries[${i}].target_lang`, target],
    [`dictionaries[${i}].entries`, entries],
    [`dictionaries[${i}].entries_format`, format],
  ] as Array<[string, string]>;

async function entriesOf(id: string, source: string, target: string): Promise<string> {
  const res = await t.call(
    'GET',
    `/v3/glossaries/${id}/entries?source_lang=${source}&target_lang=${target}`,
  );
  return res.body.dictionaries[0].entries;
}

describe('glossaries v3 as URL-encoded forms', () => {
  it('creates a glossary of several dictionaries from indexed fields', async () => {
    const body = form([
      ['name', 'Form glossary'],
      ...dictionary(0, 'EN', 'DE', 'account\tKonto\nsign in\tanmelden'),
      ...dictionary(1, 'en', 'fr', 'account,compte\n"a, b","c ""d"""', 'csv'),
    ]);
    expect(body).toContain('dictionaries%5B0%5D.source_lang=EN');
    const res = await t.call('POST', '/v3/glossaries', { form: body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Form glossary',
      dictionaries: [
        { source_lang: 'en', target_lang: 'de', entry_count: 2 },
        { source_lang: 'en', target_lang: 'fr', entry_count: 2 },
      ],
    });
    expect(await entriesOf(res.body.glossary_id, 'en', 'fr')).toBe('account\tcompte\na, b\tc "d"');
  });

  it('merges a PATCH form into the pair and renames, never dropping the entries', async () => {
    const id = (
      await t.call('POST', '/v3/glossaries', {
        form: form([['name', 'P'], ...dictionary(0, 'en', 'de', 'one\teins\ntwo\tzwei')]),
      })
    ).body.glossary_id;
    const res = await t.call('PATCH', `/v3/glossaries/${id}`, {
      form: form([['name', 'Patched'], ...dictionary(0, 'en', 'de', 'two\tZWEI\nthree\tdrei')]),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Patched',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: 3 }],
    });
    expect(await entriesOf(id, 'en', 'de')).toBe('one\teins\ntwo\tZWEI\nthree\tdrei');
    const renamed = await t.call('PATCH', `/v3/glossaries/${id}`, { form: 'name=Only+name' });
    expect(renamed.body).toMatchObject({ name: 'Only name', dictionaries: [{ entry_count: 3 }] });
    // Fields of no known shape are not ignored while the change is applied halfway.
    const flat = await t.call('PATCH', `/v3/glossaries/${id}`, {
      form: form([
        ['source_lang', 'en'],
        ['target_lang', 'de'],
        ['entries', 'x\ty'],
      ]),
    });
    expect(flat.status).toBe(400);
    expect(await entriesOf(id, 'en', 'de')).toBe('one\teins\ntwo\tZWEI\nthree\tdrei');
  });

  it('replaces a dictionary with a flat PUT form', async () => {
    const id = (
      await t.call('POST', '/v3/glossaries', {
        form: form([['name', 'R'], ...dictionary(0, 'en', 'de', 'one\teins')]),
      })
    ).body.glossary_id;
    const res = await t.call('PUT', `/v3/glossaries/${id}/dictionaries`, {
      form: form([
        ['source_lang', 'en'],
        ['target_lang', 'de'],
        ['entries', 'save,speichern'],
        ['entries_format', 'csv'],
      ]),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ source_lang: 'en', target_lang: 'de', entry_count: 1 });
    expect(await entriesOf(id, 'en', 'de')).toBe('save\tspeichern');
  });

  it('applies the entry rules to form dictionaries, naming the field', async () => {
    const bad = await t.call('POST', '/v3/glossaries', {
      form: form([['name', 'Bad'], ...dictionary(0, 'en', 'de', 'a\tb\na\tc')]),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('duplicate-source');
    expect(bad.body.message).toContain('line 2');
    const language = await t.call('POST', '/v3/glossaries', {
      form: form([
        ['name', 'Bad'],
        ...dictionary(0, 'en', 'de', 'a\tb'),
        ...dictionary(1, 'en', 'xx', 'a\tb'),
      ]),
    });
    expect(language.body.message).toContain("'dictionaries[1].target_lang'");
    const missing = await t.call('POST', '/v3/glossaries', {
      form: form([
        ['name', 'Bad'],
        ['dictionaries[0].source_lang', 'en'],
        ['dictionaries[0].target_lang', 'de'],
      ]),
    });
    expect(missing.body.message).toBe("Parameter 'dictionaries[0].entries' is required");
  });

  it.each([
    [
      'a gap in the indexes',
      [...dictionary(0, 'en', 'de', 'a\tb'), ...dictionary(2, 'en', 'fr', 'a\tb')],
      'skip index 1',
    ],
    ['a bare list field', [['dictionaries', 'en,de,a\tb']], "'dictionaries' cannot hold a list"],
    [
      'an index without a field',
      [['dictionaries[0]', 'x']],
      'not of the form dictionaries[<index>].<field>',
    ],
    ['a non-canonical index', [['dictionaries[01].source_lang', 'en']], 'not of the form'],
    [
      'a huge index',
      [...dictionary(0, 'en', 'de', 'a\tb'), ['dictionaries[99999999].source_lang', 'en']],
      'skip index 1',
    ],
    [
      'a field given twice',
      [...dictionary(0, 'en', 'de', 'a\tb'), ['dictionaries[0].entries', 'c\td']],
      "'dictionaries[0].entries' must be given only once",
    ],
  ] as Array<[string, Array<[string, string]>, string]>)(
    'refuses %s with a 400 that says what is wrong',
    async (_name, fields, message) => {
      const res = await t.call('POST', '/v3/glossaries', {
        form: form([['name', 'X'], ...fields]),
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    },
  );

  it('reads entries and deletes dictionaries with the pair in a form body', async () => {
    const id = (
      await t.call('POST', '/v3/glossaries', {
        form: form([
          ['name', 'D'],
          ...dictionary(0, 'en', 'de', 'a\tb'),
          ...dictionary(1, 'en', 'fr', 'c\td'),
        ]),
      })
    ).body.glossary_id;
    const read = await t.call('GET', `/v3/glossaries/${id}/entries`, {
      form: 'source_lang=en&target_lang=fr',
    });
    expect(read.body.dictionaries[0].entries).toBe('c\td');
    const gone = await t.call('DELETE', `/v3/glossaries/${id}/dictionaries`, {
      form: 'source_lang=en&target_lang=fr',
    });
    expect(gone.status).toBe(204);
    expect((await t.call('GET', `/v3/glossaries/${id}`)).body.dictionaries).toHaveLength(1);
  });

  it('holds form bodies to the same limits as JSON ones', async () => {
    const id = (
      await t.call('POST', '/v3/glossaries', {
        form: form([['name', 'L'], ...dictionary(0, 'en', 'de', 'a\tb')]),
      })
    ).body.glossary_id;
    const tooBig = await t.call('PATCH', `/v3/glossaries/${id}`, {
      form: `name=${'x'.repeat(GLOSSARY_EDIT_BODY_LIMIT)}`,
    });
    expect(tooBig.status).toBe(413);
    const name = await t.call('PATCH', `/v3/glossaries/${id}`, {
      form: `name=${'%C3%A9'.repeat(513)}`,
    });
    expect(name.body.message).toContain('1024');
    const badUtf8 = await t.call('PATCH', `/v3/glossaries/${id}`, { form: 'name=%FF' });
    expect(badUtf8.body.message).toContain('not valid UTF-8');
  });
});
