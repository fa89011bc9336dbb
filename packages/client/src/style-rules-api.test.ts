import { describe, expect, it } from 'vitest';
import { AuthorizationError, LimitError } from './errors.js';
import { KEYS, startLocalServer } from './test-support/local-server.js';

const server = await startLocalServer({
  styleRules: Array.from({ length: 27 }, (_, i) => ({
    name: `List ${i}`,
    language: 'en',
    configured_rules: { numbers: { decimal_separator: 'use_period' } },
    custom_instructions: [{ label: 'Tone', prompt: 'Friendly', source_language: 'en' }],
  })),
});
const client = server.client();

describe('style rules', () => {
  it('lists one page, with details on request', async () => {
    const page = await client.styleRules.list({ page: 1, pageSize: 5, detailed: true });
    expect(page.map((l) => l.name)).toEqual(['List 5', 'List 6', 'List 7', 'List 8', 'List 9']);
    expect(page[0]).toMatchObject({
      language: 'en',
      version: 1,
      configuredRules: { numbers: { decimal_separator: 'use_period' } },
      customInstructions: [{ label: 'Tone', prompt: 'Friendly', sourceLanguage: 'en' }],
    });
    const plain = await client.styleRules.list();
    expect(plain).toHaveLength(10);
    expect(plain[0]).not.toHaveProperty('configuredRules');
  });

  it('iterates over every page', async () => {
    const names: string[] = [];
    for await (const list of client.styleRules.all({ pageSize: 10 })) names.push(list.name);
    expect(names).toHaveLength(27);
    expect(names.at(-1)).toBe('List 26');
  });

  it('checks the page size before sending and needs the paid tier', async () => {
    await expect(client.styleRules.list({ pageSize: 26 })).rejects.toBeInstanceOf(LimitError);
    await expect(client.styleRules.list({ pageSize: 0 })).rejects.toBeInstanceOf(LimitError);
    await expect(server.client({ apiKey: KEYS.free }).styleRules.list()).rejects.toBeInstanceOf(
      AuthorizationError,
    );
  });
});
