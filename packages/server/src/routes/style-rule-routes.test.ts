import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/test-server.js';

const dir = await mkdtemp(join(tmpdir(), 'transloom-style-'));
const file = join(dir, 'style-rules.json');
await writeFile(
  file,
  JSON.stringify({
    style_rules: Array.from({ length: 30 }, (_, i) => ({
      name: `List ${i}`,
      language: i % 2 ? 'en' : 'DE',
      configured_rules: { dates_and_times: { calendar_era: 'use_bce_and_ce' } },
      custom_instructions: [
        { label: 'Brevity', prompt: 'Prefer short sentences', source_language: 'en' },
      ],
    })),
  }),
);
const t = await startTestServer({ styleRules: file });

describe('GET /v3/style_rules', () => {
  it('pages through lists seeded from a JSON file (default page size 10)', async () => {
    const first = await t.call('GET', '/v3/style_rules');
    expect(first.status).toBe(200);
    expect(first.body.style_rules).toHaveLength(10);
    expect(first.body.style_rules[0]).toMatchObject({ name: 'List 0', language: 'DE', version: 1 });
    expect(first.body.style_rules[0].style_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(first.body.style_rules[0]).not.toHaveProperty('configured_rules');
    const third = await t.call('GET', '/v3/style_rules?page=2&page_size=12');
    expect(third.body.style_rules.map((s: { name: string }) => s.name)).toEqual([
      'List 24',
      'List 25',
      'List 26',
      'List 27',
      'List 28',
      'List 29',
    ]);
  });

  it('includes rules and custom instructions when detailed', async () => {
    const res = await t.call('GET', '/v3/style_rules?detailed=true&page_size=1');
    expect(res.body.style_rules[0].configured_rules).toEqual({
      dates_and_times: { calendar_era: 'use_bce_and_ce' },
    });
    expect(res.body.style_rules[0].custom_instructions).toEqual([
      { label: 'Brevity', prompt: 'Prefer short sentences', source_language: 'en' },
    ]);
    const viaForm = await t.call('GET', '/v3/style_rules', { form: 'detailed=1&page_size=1' });
    expect(viaForm.body).toEqual(res.body);
  });

  it('keeps page_size within 1..25', async () => {
    for (const size of ['0', '26', 'ten']) {
      const res = await t.call('GET', `/v3/style_rules?page_size=${size}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('page_size');
    }
    expect((await t.call('GET', '/v3/style_rules?page_size=25')).body.style_rules).toHaveLength(25);
    expect((await t.call('GET', '/v3/style_rules?page=-1')).status).toBe(400);
  });

  it('is for the paid tier only', async () => {
    expect((await t.call('GET', '/v3/style_rules', { key: 'free' })).status).toBe(403);
  });
});
