import { describe, expect, it } from 'vitest';
import { AuthorizationError, BadRequestError } from './errors.js';
import { KEYS, startLocalServer } from './test-support/local-server.js';

const server = await startLocalServer();
const admin = server.client({ apiKey: KEYS.admin });

describe('admin', () => {
  it('creates, lists, renames, limits and deactivates developer keys', async () => {
    const key = await admin.admin.keys.create({ label: 'ci' });
    expect(key).toMatchObject({
      label: 'ci',
      isDeactivated: false,
      usageLimits: { characters: null },
    });
    expect(key.keyId).toMatch(/:/);
    expect(key.key).toBeDefined();
    expect((await admin.admin.keys.create()).label).toBe('Developer key');
    expect((await admin.admin.keys.rename(key.keyId, 'ci-main')).label).toBe('ci-main');
    expect((await admin.admin.keys.setLimit(key.keyId, 0)).usageLimits.characters).toBe(0);
    expect((await admin.admin.keys.setLimit(key.keyId, null)).usageLimits.characters).toBeNull();
    const user = server.client({ apiKey: key.key! });
    await user.translate({ text: 'Hello world', targetLang: 'DE' });
    const off = await admin.admin.keys.deactivate(key.keyId);
    expect(off.isDeactivated).toBe(true);
    expect(off.deactivatedTime).toBeDefined();
    await expect(user.translate({ text: 'x', targetLang: 'DE' })).rejects.toBeInstanceOf(
      AuthorizationError,
    );
    const list = await admin.admin.keys.list();
    expect(list.find((k) => k.keyId === key.keyId)).toMatchObject({
      label: 'ci-main',
      isDeactivated: true,
    });
    expect(list.every((k) => k.key === undefined)).toBe(true);
  });

  it('reports analytics per key and per key and day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const total = await admin.admin.analytics({ startDate: today, endDate: today });
    expect(total.totalUsage.textTranslationCharacters).toBeGreaterThanOrEqual(11);
    expect(total.keyUsages).toBeUndefined();
    const byKey = await admin.admin.analytics({ startDate: today, endDate: today, groupBy: 'key' });
    expect(byKey.groupBy).toBe('key');
    expect(byKey.keyUsages!.find((u) => u.apiKeyLabel === 'ci-main')!.usage.totalCharacters).toBe(
      11,
    );
    const byDay = await admin.admin.analytics({
      startDate: today,
      endDate: today,
      groupBy: 'key_and_day',
    });
    expect(byDay.keyAndDayUsages![0]!.usageDate).toBe(`${today}T00:00:00.000Z`);
    await expect(
      admin.admin.analytics({ startDate: 'soon', endDate: today }),
    ).rejects.toBeInstanceOf(BadRequestError);
  });

  it('needs an admin key', async () => {
    await expect(server.client().admin.keys.list()).rejects.toBeInstanceOf(AuthorizationError);
  });
});
