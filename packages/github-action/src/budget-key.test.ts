import { createClient } from '@transloom/client';
import { expect, it } from 'vitest';
import { createBudgetKey } from './budget-key.js';
import { ADMIN_KEY, startService } from './test-support/scenario.js';

const service = await startService();

it('makes a key the service itself stops at its limit, and turns it off', async () => {
  const budget = await createBudgetKey({
    apiUrl: service.url,
    adminKey: ADMIN_KEY,
    maxCharacters: 10,
    label: 'budget test',
  });
  const user = createClient({ apiKey: budget.key, serverUrl: service.url, maxRetries: 0 });
  // 11 characters: accepted (the limit was not reached before it), then refused.
  await user.translate({ text: 'Hello world', targetLang: 'DE' });
  await expect(user.translate({ text: 'Hi', targetLang: 'DE' })).rejects.toMatchObject({
    code: 'TRANSLOOM_QUOTA_EXCEEDED',
  });
  await budget.deactivate();
  await budget.deactivate();
  await expect(user.translate({ text: 'Hi', targetLang: 'DE' })).rejects.toMatchObject({
    code: 'TRANSLOOM_AUTHORIZATION',
  });
  const listed = (
    await createClient({ apiKey: ADMIN_KEY, serverUrl: service.url }).admin.keys.list()
  ).find((k) => k.keyId === budget.keyId);
  expect(listed).toMatchObject({
    label: 'budget test',
    isDeactivated: true,
    usageLimits: { characters: 10 },
  });
});
