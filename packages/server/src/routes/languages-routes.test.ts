import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/test-server.js';

const t = await startTestServer();

describe('GET /v2/languages', () => {
  it('lists source languages (default) without supports_formality', async () => {
    const res = await t.call('GET', '/v2/languages');
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ language: 'DE', name: 'German' });
    expect(res.body).toHaveLength(33);
    expect(res.body.every((l: object) => !('supports_formality' in l))).toBe(true);
    expect((await t.call('GET', '/v2/languages?type=source')).body).toEqual(res.body);
  });

  it('lists targets with supports_formality', async () => {
    const res = await t.call('GET', '/v2/languages?type=target');
    expect(res.body).toContainEqual({
      language: 'EN-GB',
      name: 'English (British)',
      supports_formality: false,
    });
    expect(res.body).toContainEqual({
      language: 'PT-BR',
      name: 'Portuguese (Brazilian)',
      supports_formality: true,
    });
    expect(
      res.body
        .filter((l: { supports_formality: boolean }) => l.supports_formality)
        .map((l: { language: string }) => l.language)
        .sort(),
    ).toEqual(['DE', 'ES', 'ES-419', 'FR', 'IT', 'JA', 'NL', 'PL', 'PT-BR', 'PT-PT', 'RU']);
  });

  it('rejects an unknown type', async () => {
    const res = await t.call('GET', '/v2/languages?type=glossary');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("'type'");
  });

  it('lists glossary language pairs', async () => {
    const res = await t.call('GET', '/v2/glossary-language-pairs');
    expect(res.status).toBe(200);
    expect(res.body.supported_languages).toContainEqual({ source_lang: 'en', target_lang: 'de' });
    expect(res.body.supported_languages).not.toContainEqual({
      source_lang: 'en',
      target_lang: 'en',
    });
  });

  it('reads parameters from a GET form body, as the official Python client sends them', async () => {
    const target = await t.call('GET', '/v2/languages', { form: 'type=target' });
    expect(target.status).toBe(200);
    expect(target.body).toContainEqual(expect.objectContaining({ language: 'EN-GB' }));
    const twice = await t.call('GET', '/v2/languages?type=target', { form: 'type=source' });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain("'type' must be given only once");
    const json = await t.call('GET', '/v2/languages', {
      body: '{"type":"target"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
    expect(json.body.message).toContain('query string or a form body');
  });
});
