import { join } from 'node:path';
import { createClient } from '@transloom/client';
import { describe, expect, it } from 'vitest';
import { createGitFixture } from './test-support/git-fixture.js';
import { runBundle } from './test-support/run-bundle.js';
import {
  ADMIN_KEY,
  API_KEY,
  projectFiles,
  pullRequestEvent,
  startGitHub,
  startService,
} from './test-support/scenario.js';

const service = await startService();
const github = await startGitHub();
const admin = createClient({ apiKey: ADMIN_KEY, serverUrl: service.url }).admin.keys;
const LABEL = 'Transloom Action octo/site';

// Five strings of about 40 characters in two locales: about 400 characters in all.
const STRINGS = Object.fromEntries(
  Array.from({ length: 5 }, (_, i) => [`line${i}`, `This is sentence number ${i} of the page.`]),
);

function translate(
  name: string,
  inputs: Record<string, string>,
  onStart?: Parameters<typeof runBundle>[0]['onStart'],
) {
  const fixture = createGitFixture(projectFiles(STRINGS));
  const head = fixture.push('feature', { 'README.md': 'z\n' }, 'Change');
  fixture.checkout('feature');
  return runBundle({
    workspace: fixture.workspace,
    dir: join(fixture.root, name),
    event: pullRequestEvent({ number: 9, headRef: 'feature', headSha: head }),
    apiUrl: github.url,
    inputs: { mode: 'translate', 'working-directory': 'app', 'api-url': service.url, ...inputs },
    ...(onStart ? { onStart } : {}),
  });
}

async function budgetKeys() {
  return (await admin.list()).filter((k) => k.label === LABEL);
}

describe('a budget per run', () => {
  it('without an admin key, max-characters is the engine budget: the run stops cleanly at it', async () => {
    const run = await translate('engine', { 'api-key': API_KEY, 'max-characters': '100' });
    expect(run.code).toBe(1);
    expect(Number(run.outputs['billed-characters'])).toBeGreaterThan(0);
    expect(Number(run.outputs['billed-characters'])).toBeLessThanOrEqual(100);
    expect(run.annotations.at(-1)!.message).toContain('stopped at the budget');
    expect(Number(run.outputs.missing)).toBeGreaterThan(0);
  });

  it('with an admin key, runs with a key limited by the service, then deactivates it', async () => {
    const before = (await budgetKeys()).length;
    const run = await translate('admin', { 'admin-key': ADMIN_KEY, 'max-characters': '120' });
    expect(run.code).toBe(1);
    const keys = await budgetKeys();
    expect(keys).toHaveLength(before + 1);
    const key = keys.at(-1)!;
    expect(key).toMatchObject({ isDeactivated: true, usageLimits: { characters: 120 } });
    expect(Number(run.outputs['billed-characters'])).toBeLessThanOrEqual(120);
    expect(run.annotations.at(-1)!.message).toMatch(/stopped at the (budget|quota)/);
    // Its secret was masked at once, and is nowhere else in what the run wrote.
    const masks = [...run.stdout.matchAll(/^::add-mask::(.+)$/gm)].map((m) => m[1]!);
    expect(masks).toContain(ADMIN_KEY);
    const created = masks.filter((m) => m !== ADMIN_KEY && !m.startsWith('ghs_'));
    expect(created).toHaveLength(1);
    for (const secret of [ADMIN_KEY, created[0]!])
      expect(run.everything.split(`::add-mask::${secret}`).join('')).not.toContain(secret);
    // The key no longer works.
    await expect(
      createClient({ apiKey: created[0]!, serverUrl: service.url, maxRetries: 0 }).translate({
        text: 'Hello',
        targetLang: 'DE',
      }),
    ).rejects.toMatchObject({ code: 'TRANSLOOM_AUTHORIZATION' });
  });

  it('deactivates the key when the run fails', async () => {
    service.faults!.arm({ kind: 'mangle', path: '/v2/translate' }, 100);
    try {
      const before = (await budgetKeys()).length;
      const run = await translate('failing', { 'admin-key': ADMIN_KEY, 'max-characters': '5000' });
      expect(run.code).toBe(1);
      expect(run.annotations.some((a) => a.title?.startsWith('Translation failed'))).toBe(true);
      const keys = await budgetKeys();
      expect(keys).toHaveLength(before + 1);
      expect(keys.at(-1)!.isDeactivated).toBe(true);
    } finally {
      service.faults!.clear();
    }
  });

  it('deactivates the key when the run is cancelled (SIGTERM mid-run)', async () => {
    // The first translation request is told to come back in 30 s: the run is waiting when
    // the runner cancels it.
    service.faults!.arm({ kind: '429', path: '/v2/translate', retryAfter: 30 }, 1);
    const before = (await budgetKeys()).length;
    const started = Date.now();
    const run = await translate(
      'cancelled',
      { 'admin-key': ADMIN_KEY, 'max-characters': '5000' },
      (child) => {
        const listener = (request: { url?: string }) => {
          if (!request.url?.startsWith('/v2/translate')) return;
          service.app.server.off('request', listener);
          setTimeout(() => child.kill('SIGTERM'), 200);
        };
        service.app.server.on('request', listener);
      },
    );
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('SIGTERM received');
    expect(run.annotations.at(-1)!.message).toContain('cancelled');
    const keys = await budgetKeys();
    expect(keys).toHaveLength(before + 1);
    expect(keys.at(-1)!.isDeactivated).toBe(true);
  });
});
