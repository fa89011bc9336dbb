import { countCharacters as clientCount } from '@transloom/client/wire';
import { describe, expect, it } from 'vitest';
import { Accounting, countCharacters } from './accounting.js';
import { openSqliteStore } from './store/sqlite/open-sqlite-store.js';
import { startTestServer } from './test-support/test-server.js';

const t = await startTestServer({ characterLimit: 1_000_000 });
const admin = (path: string, json: unknown) => t.call('PUT', path, { key: 'admin', json });

async function newKey(limit: number | null) {
  const created = (await t.call('POST', '/v2/admin/developer-keys', { key: 'admin', json: {} }))
    .body;
  await admin('/v2/admin/developer-keys/limits', { key_id: created.key_id, characters: limit });
  return { literal: created.key as string };
}

describe('character accounting and quotas', () => {
  it('counts characters as the client does, surrogate pairs and lone surrogates included', () => {
    const texts = [
      '',
      'Settings',
      'Einstellungen ü 日本語',
      'a 😀 b 👩‍👩‍👧',
      '\uD83D',
      'x\uD83Dy',
      '\uDE00 low first',
      '😀'.repeat(1000),
      'plain '.repeat(1000),
    ];
    for (const text of texts) expect(countCharacters(text), text).toBe(clientCount(text));
    expect(countCharacters('a 😀 b')).toBe(5);
  });

  it('makes the charges asked for in one turn together in the next, each within its limits', async () => {
    const store = openSqliteStore(':memory:');
    const now = new Date(Date.UTC(2026, 10, 27, 12));
    const key = await store.keys.ensure('charge-turn-key', 'developer', 'paid', now);
    await store.keys.setLimit(key.keyId, 12);
    const limited = { ...key, characterLimit: 12 };
    const accounting = new Accounting(store.usage, () => now, null);
    const used = async () =>
      (await store.usage.totals(key.keyId, '2026-11-01', '2026-11-30')).translation;
    const charges = [5, 7, 1].map((n) => accounting.charge(limited, 'translation', n));
    // Nothing is written while the turn that asked runs on (its promises' callbacks included).
    expect(await used()).toBe(0);
    const settled = await Promise.allSettled(charges);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(await used()).toBe(12);
    await (settled[0] as PromiseFulfilledResult<() => Promise<void>>).value();
    expect(await used()).toBe(7);
    await store.close();
  });

  it('counts text but not context, and reports key limits in /v2/usage', async () => {
    const key = await newKey(100);
    const res = await t.call('POST', '/v2/translate', {
      key,
      json: {
        text: ['abcde', 'fgh'],
        target_lang: 'DE',
        source_lang: 'EN',
        context: 'c'.repeat(500),
      },
    });
    expect(res.status).toBe(200);
    const usage = await t.call('GET', '/v2/usage', { key });
    expect(usage.body).toMatchObject({
      api_key_character_count: 8,
      api_key_character_limit: 100,
      character_limit: 1_000_000,
    });
    const unlimited = await t.call('GET', '/v2/usage', { key: await newKey(null) });
    expect(unlimited.body).not.toHaveProperty('api_key_character_count');
  });

  it('answers 456 before any work once a key reaches its limit', async () => {
    const key = await newKey(10);
    const ok = await t.call('POST', '/v2/translate', {
      key,
      json: { text: ['12345678'], target_lang: 'DE', source_lang: 'EN' },
    });
    expect(ok.status).toBe(200);
    // Still under the limit: this one may overshoot by its own characters.
    const over = await t.call('POST', '/v2/translate', {
      key,
      json: { text: ['12345'], target_lang: 'DE', source_lang: 'EN' },
    });
    expect(over.status).toBe(200);
    const blocked = await t.call('POST', '/v2/translate', {
      key,
      json: { text: ['1'], target_lang: 'DE', source_lang: 'EN' },
    });
    expect(blocked.status).toBe(456);
    expect(blocked.body.message).toContain('Quota');
    const rephrase = await t.call('POST', '/v2/write/rephrase', { key, json: { text: ['Hello'] } });
    expect(rephrase.status).toBe(456);
    expect((await t.call('GET', '/v2/usage', { key })).body.api_key_character_count).toBe(13);
  });

  it('blocks a key with limit 0 from the first character', async () => {
    const key = await newKey(0);
    const res = await t.call('POST', '/v2/translate', {
      key,
      json: { text: ['a'], target_lang: 'DE', source_lang: 'EN' },
    });
    expect(res.status).toBe(456);
  });

  it('never lets concurrent requests overshoot by more than one request', async () => {
    const key = await newKey(1000);
    const text = 'x'.repeat(100);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.call('POST', '/v2/translate', {
          key,
          json: { text: [text], target_lang: 'DE', source_lang: 'EN' },
        }),
      ),
    );
    const accepted = results.filter((r) => r.status === 200).length;
    expect(results.every((r) => r.status === 200 || r.status === 456)).toBe(true);
    expect(accepted).toBe(10);
    const used = (await t.call('GET', '/v2/usage', { key })).body.api_key_character_count;
    expect(used).toBeLessThanOrEqual(1000 + 100);
  });

  it('enforces the account limit across keys', async () => {
    const small = await startTestServer({ characterLimit: 10 });
    const first = await small.call('POST', '/v2/translate', {
      json: { text: ['0123456789'], target_lang: 'DE', source_lang: 'EN' },
    });
    expect(first.status).toBe(200);
    const second = await small.call('POST', '/v2/translate', {
      key: 'free',
      json: { text: ['a'], target_lang: 'DE', source_lang: 'EN' },
    });
    expect(second.status).toBe(456);
    expect((await small.call('GET', '/v2/usage')).body).toEqual({
      character_count: 10,
      character_limit: 10,
    });
  });

  it('starts counting afresh in a new calendar month (UTC)', async () => {
    let now = Date.UTC(2026, 0, 31, 23, 59, 0);
    const timed = await startTestServer({ clock: () => now });
    const created = (
      await timed.call('POST', '/v2/admin/developer-keys', { key: 'admin', json: {} })
    ).body;
    await timed.call('PUT', '/v2/admin/developer-keys/limits', {
      key: 'admin',
      json: { key_id: created.key_id, characters: 5 },
    });
    const send = () =>
      timed.call('POST', '/v2/translate', {
        key: { literal: created.key },
        json: { text: ['12345'], target_lang: 'DE', source_lang: 'EN' },
      });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(456);
    now = Date.UTC(2026, 1, 1, 0, 0, 1);
    expect((await send()).status).toBe(200);
  });
});
