import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/test-server.js';

const t = await startTestServer();
const admin = <T = any>(method: string, path: string, json?: unknown) =>
  t.call<T>(method, path, { key: 'admin', ...(json === undefined ? {} : { json }) });

describe('developer keys', () => {
  it('creates a key whose secret is shown once and authenticates, with a default label', async () => {
    const res = await admin('POST', '/v2/admin/developer-keys', {});
    expect(res.status).toBe(200);
    expect(res.body.key_id).toMatch(/^[0-9a-f-]{36}:[0-9a-f-]{36}$/);
    expect(res.body.key.length).toBeGreaterThanOrEqual(40);
    // The id names the key; it is not a credential.
    const byId = await t.call('GET', '/v2/usage', { key: { literal: res.body.key_id } });
    expect(byId.status).toBe(403);
    expect(res.body).toMatchObject({
      label: 'Developer key',
      is_deactivated: false,
      usage_limits: { characters: null },
    });
    expect(res.body).not.toHaveProperty('deactivated_time');
    expect(res.body.creation_time).toMatch(/\.\d{3}Z$/);
    const usage = await t.call('GET', '/v2/usage', { key: { literal: res.body.key } });
    expect(usage.status).toBe(200);
    // The listing and every later answer name the key by id and never show the secret.
    const list = await admin('GET', '/v2/admin/developer-keys');
    expect(list.text).not.toContain(res.body.key);
    expect(list.body.find((k: any) => k.key_id === res.body.key_id)).not.toHaveProperty('key');
    const renamed = await admin('PUT', '/v2/admin/developer-keys/label', {
      key_id: res.body.key_id,
      label: 'named',
    });
    expect(renamed.text).not.toContain(res.body.key);
    const labelled = await admin('POST', '/v2/admin/developer-keys', { label: 'CI' });
    expect(labelled.body.label).toBe('CI');
  });

  it('lists active and deactivated keys; deactivation is immediate and permanent', async () => {
    const created = (await admin('POST', '/v2/admin/developer-keys', { label: 'temp' })).body;
    const key = created.key_id;
    const off = await admin('PUT', '/v2/admin/developer-keys/deactivate', { key_id: key });
    expect(off.body.is_deactivated).toBe(true);
    expect(off.body.deactivated_time).toMatch(/Z$/);
    const denied = await t.call('POST', '/v2/translate', {
      key: { literal: created.key },
      json: { text: ['x'], target_lang: 'DE' },
    });
    expect(denied.status).toBe(403);
    // A deactivated key and a key that never existed get the very same answer.
    const unknown = await t.call('POST', '/v2/translate', {
      key: { literal: 'never-issued-key-0123456789' },
      json: { text: ['x'], target_lang: 'DE' },
    });
    expect([unknown.status, unknown.text]).toEqual([denied.status, denied.text]);
    const again = await admin('PUT', '/v2/admin/developer-keys/deactivate', { key_id: key });
    expect(again.body.deactivated_time).toBe(off.body.deactivated_time);
    const list = await admin<any[]>('GET', '/v2/admin/developer-keys');
    expect(list.body.find((k) => k.key_id === key)).toMatchObject({
      is_deactivated: true,
      label: 'temp',
    });
    expect(list.body.some((k) => !k.is_deactivated)).toBe(true);
    expect(list.body.some((k) => k.label === 'Admin key')).toBe(false);
    expect(JSON.stringify(list.body)).not.toContain('paid-key-0001');
  });

  it('renames and sets limits of 0, N and null without changing the state', async () => {
    const key = (await admin('POST', '/v2/admin/developer-keys', {})).body.key_id;
    expect(
      (await admin('PUT', '/v2/admin/developer-keys/label', { key_id: key, label: 'renamed' })).body
        .label,
    ).toBe('renamed');
    for (const characters of [0, 1000, null]) {
      const res = await admin('PUT', '/v2/admin/developer-keys/limits', {
        key_id: key,
        characters,
      });
      expect(res.status).toBe(200);
      expect(res.body.usage_limits.characters).toBe(characters);
      expect(res.body.is_deactivated).toBe(false);
    }
    for (const characters of [-1, 1.5, 'lots']) {
      const res = await admin('PUT', '/v2/admin/developer-keys/limits', {
        key_id: key,
        characters,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('characters');
    }
    expect((await admin('PUT', '/v2/admin/developer-keys/limits', { key_id: key })).status).toBe(
      400,
    );
    expect(
      (await admin('PUT', '/v2/admin/developer-keys/label', { key_id: key, label: '' })).status,
    ).toBe(400);
    const long = await admin('PUT', '/v2/admin/developer-keys/label', {
      key_id: key,
      label: 'x'.repeat(257),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('at most 256');
    const lone = await admin('POST', '/v2/admin/developer-keys', { label: 'bad \ud800 label' });
    expect(lone.status).toBe(400);
    expect(lone.body.message).toContain('surrogate');
    expect(
      (await admin('PUT', '/v2/admin/developer-keys/label', { key_id: 'missing', label: 'x' }))
        .status,
    ).toBe(404);
  });

  it('refuses a 26th active key', async () => {
    const active = (await admin<any[]>('GET', '/v2/admin/developer-keys')).body.filter(
      (k) => !k.is_deactivated,
    ).length;
    for (let i = active; i < 25; i++)
      expect((await admin('POST', '/v2/admin/developer-keys', {})).status).toBe(200);
    const refused = await admin('POST', '/v2/admin/developer-keys', {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('At most 25');
    const victim = (await admin<any[]>('GET', '/v2/admin/developer-keys')).body.find(
      (k) => !k.is_deactivated && k.label !== 'Developer key',
    );
    await admin('PUT', '/v2/admin/developer-keys/deactivate', { key_id: victim.key_id });
    expect((await admin('POST', '/v2/admin/developer-keys', {})).status).toBe(200);
  });

  it('needs an admin key; admin keys are not developer keys', async () => {
    expect((await t.call('GET', '/v2/admin/developer-keys')).status).toBe(403);
    expect((await t.call('GET', '/v2/admin/developer-keys', { key: 'none' })).status).toBe(401);
    const translate = await t.call('POST', '/v2/translate', {
      key: 'admin',
      json: { text: ['x'], target_lang: 'DE' },
    });
    expect(translate.status).toBe(403);
  });
});

describe('GET /v2/admin/analytics', async () => {
  const fresh = await startTestServer();
  const freshAdmin = (path: string, json?: unknown) =>
    fresh.call(json === undefined ? 'GET' : 'POST', path, {
      key: 'admin',
      ...(json === undefined ? {} : { json }),
    });

  it('reports totals, per key and per key and day', async () => {
    const key = (await freshAdmin('/v2/admin/developer-keys', { label: 'analytics' })).body
      .key as string;
    await fresh.call('POST', '/v2/translate', {
      key: { literal: key },
      json: { text: ['Hello world'], target_lang: 'DE', source_lang: 'EN' },
    });
    await fresh.call('POST', '/v2/write/rephrase', {
      key: { literal: key },
      json: { text: ['Hello'], target_lang: 'en-GB' },
    });
    const today = new Date().toISOString().slice(0, 10);
    const total = await freshAdmin(`/v2/admin/analytics?start_date=${today}&end_date=${today}`);
    expect(total.status).toBe(200);
    expect(total.body.usage_report.total_usage.text_translation_characters).toBeGreaterThanOrEqual(
      11,
    );
    expect(total.body.usage_report).not.toHaveProperty('key_usages');
    expect(total.body.usage_report.start_date).toBe(`${today}T00:00:00`);

    const byKey = await freshAdmin(
      `/v2/admin/analytics?start_date=${today}&end_date=${today}&group_by=key`,
    );
    const mine = byKey.body.usage_report.key_usages.find(
      (u: any) => u.api_key_label === 'analytics',
    );
    expect(mine.usage).toEqual({
      total_characters: 16,
      text_translation_characters: 11,
      document_translation_characters: 0,
      text_improvement_characters: 5,
      speech_to_text_minutes: 0,
    });
    // The mask shows the first and last characters of the secret only (contract 4.8).
    expect(mine.api_key).toBe(`${key[0]}****${key.at(-1)}`);

    const byDay = await freshAdmin(
      `/v2/admin/analytics?start_date=${today}&end_date=${today}&group_by=key_and_day`,
    );
    expect(byDay.body.usage_report.group_by).toBe('key_and_day');
    const day = byDay.body.usage_report.key_and_day_usages.find(
      (u: any) => u.api_key_label === 'analytics',
    );
    expect(day.usage_date).toBe(`${today}T00:00:00.000Z`);
  });

  it('validates dates and group_by', async () => {
    expect((await freshAdmin('/v2/admin/analytics?end_date=2025-01-01')).body.message).toContain(
      'start_date',
    );
    expect(
      (await freshAdmin('/v2/admin/analytics?start_date=yesterday&end_date=2025-01-01')).status,
    ).toBe(400);
    expect(
      (await freshAdmin('/v2/admin/analytics?start_date=2025-02-01&end_date=2025-01-01')).body
        .message,
    ).toContain('before');
    expect(
      (
        await freshAdmin(
          '/v2/admin/analytics?start_date=2025-01-01&end_date=2025-01-31&group_by=day',
        )
      ).status,
    ).toBe(400);
  });
});
