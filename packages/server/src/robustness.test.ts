import { describe, expect, it } from 'vitest';
import { startTestServer } from './test-support/test-server.js';

const t = await startTestServer();
const raw = (path: string, body: string | Buffer, contentType: string, method = 'POST') =>
  t.call(method, path, { body: body as never, headers: { 'content-type': contentType } });

async function stillWorks() {
  const res = await t.call('POST', '/v2/translate', {
    json: { text: ['ok'], target_lang: 'DE', source_lang: 'EN' },
  });
  expect(res.status).toBe(200);
}

describe('bad input never crashes the service', () => {
  it.each([
    ['/v2/translate', '{"text": ["a"', 'not valid JSON'],
    ['/v2/translate', '[1,2,3]', 'JSON object'],
    ['/v2/translate', '"text"', 'JSON object'],
    ['/v3/glossaries', '{"name": 1, "dictionaries": []}', "'name' must be a string"],
    ['/v3/glossaries', '{"name": "x", "dictionaries": "no"}', 'array of objects'],
    ['/v2/write/rephrase', '{"text": [1, 2]}', 'only strings'],
    ['/v3/voice/realtime', '{"source_media_content_type": ["audio/ogg"]}', 'must be a string'],
  ])('%s with %s answers a 400 naming the problem', async (path, body, fragment) => {
    const res = await raw(path, body, 'application/json');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(fragment);
    await stillWorks();
  });

  it('refuses invalid UTF-8 in JSON and form bodies', async () => {
    const json = Buffer.concat([
      Buffer.from('{"text":["'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"],"target_lang":"DE"}'),
    ]);
    const a = await raw('/v2/translate', json, 'application/json');
    expect(a.status).toBe(400);
    expect(a.body.message).toContain('UTF-8');
    const b = await raw(
      '/v2/translate',
      'text=%FF%FE&target_lang=DE',
      'application/x-www-form-urlencoded',
    );
    expect(b.status).toBe(400);
    expect(b.body.message).toContain('UTF-8');
    await stillWorks();
  });

  it('answers 415 for unsupported content types and 413 for huge bodies', async () => {
    const xml = await raw('/v2/translate', '<text>hi</text>', 'application/xml');
    expect(xml.status).toBe(415);
    expect(xml.body.message).toContain('content type');
    const huge = await raw('/v2/usage-not-there', 'x'.repeat(2 * 1024 * 1024), 'application/json');
    expect([404, 413]).toContain(huge.status);
    const big = await raw(
      '/v3/voice/realtime',
      JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) }),
      'application/json',
    );
    expect(big.status).toBe(413);
    await stillWorks();
  });

  it('answers repeated form fields where one is expected', async () => {
    const res = await raw(
      '/v2/translate',
      'text=a&target_lang=DE&target_lang=FR',
      'application/x-www-form-urlencoded',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('only once');
  });

  it('ignores prototype names in bodies', async () => {
    const res = await raw(
      '/v2/translate',
      '{"text":["a"],"target_lang":"DE","__proto__":{"source_lang":"XX"},"constructor":1}',
      'application/json',
    );
    expect(res.status).toBe(200);
    const form = await raw(
      '/v2/translate',
      'text=a&target_lang=DE&toString=1&formality=constructor',
      'application/x-www-form-urlencoded',
    );
    expect(form.status).toBe(400);
    expect(form.body.message).toContain('formality');
  });

  it('answers unknown ids with 404 everywhere', async () => {
    for (const path of [
      '/v3/glossaries/00000000-0000-0000-0000-000000000000',
      '/v1/unstable/agent/tasks/nope',
      '/v1/experimental/content/nope?expires=1&signature=x',
    ]) {
      const res = await t.call('GET', path);
      expect([403, 404]).toContain(res.status);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('handles a burst of concurrent malformed and valid requests', async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? raw('/v2/translate', '{bad', 'application/json')
          : t.call('POST', '/v2/translate', {
              json: { text: [`text ${i}`], target_lang: 'DE', source_lang: 'EN' },
            }),
      ),
    );
    expect(results.filter((r) => r.status === 400)).toHaveLength(20);
    expect(results.filter((r) => r.status === 200)).toHaveLength(40);
  });
});
