import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exited, SERVER_BIN, spawnServer } from './test-support/spawn-server.js';

describe('transloom-server (pnpm serve)', () => {
  it('prints "listening on" once it accepts requests, and stops cleanly on SIGTERM', async () => {
    const server = await spawnServer([
      '--port',
      '0',
      '--api-key',
      'k1',
      '--free-key',
      'f1',
      '--admin-key',
      'a1',
      '--faults',
    ]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${server.url}/v2/usage`, {
      headers: { authorization: 'Service-Auth-Key k1' },
    });
    expect(res.status).toBe(200);
    expect((await fetch(`${server.url}/__transloom/requests`)).status).toBe(401);
    const log = await fetch(`${server.url}/__transloom/requests`, {
      headers: { authorization: 'Service-Auth-Key a1' },
    });
    expect(log.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    expect(server.stdout() + server.stderr()).not.toContain('k1');
  });

  it('takes keys from the environment and never prints them', async () => {
    const server = await spawnServer(['--port', '0'], {
      TRANSLOOM_API_KEY: 'env-secret-key',
      TRANSLOOM_ADMIN_KEY: 'env-admin-key',
    });
    const res = await fetch(`${server.url}/v2/admin/developer-keys`, {
      headers: { authorization: 'Service-Auth-Key env-admin-key' },
    });
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    await exited(server.child);
    expect(server.stdout() + server.stderr()).not.toContain('secret');
  });

  it('lists keys given on the command line by a key_id of two GUIDs, stable across restarts', async () => {
    const db = join(await mkdtemp(join(tmpdir(), 'transloom-cli-keys-')), 'service.db');
    const args = [
      '--port',
      '0',
      '--db',
      db,
      '--api-key',
      'cli-paid-key',
      '--free-key',
      'cli-free-key:fx',
      '--admin-key',
      'cli-admin',
    ];
    const list = async (url: string) =>
      (await (
        await fetch(`${url}/v2/admin/developer-keys`, {
          headers: { authorization: 'Service-Auth-Key cli-admin' },
        })
      ).json()) as Array<{ key_id: string; label: string; is_deactivated: boolean }>;
    const first = await spawnServer(args);
    const keys = await list(first.url);
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
    // The paid and the free key; admin keys are not developer keys.
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key.key_id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(key).toMatchObject({ label: 'Developer key', is_deactivated: false });
      expect(JSON.stringify(key)).not.toContain('cli-');
    }

    const again = await spawnServer(args);
    try {
      expect(await list(again.url)).toEqual(keys);
      // The key_id names the key in admin calls.
      const renamed = await fetch(`${again.url}/v2/admin/developer-keys/label`, {
        method: 'PUT',
        headers: {
          authorization: 'Service-Auth-Key cli-admin',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ key_id: keys[0]!.key_id, label: 'CI' }),
      });
      expect(((await renamed.json()) as { label: string }).label).toBe('CI');
    } finally {
      again.child.kill('SIGTERM');
      expect(await exited(again.child)).toBe(0);
    }
  }, 120_000);

  it('warns when no key is configured', async () => {
    const server = await spawnServer(['--port', '0']);
    server.child.kill('SIGTERM');
    await exited(server.child);
    expect(server.stderr()).toContain('no active API key');
  });

  it('exits 2 with usage for bad arguments', () => {
    for (const args of [['--port', 'eighty'], ['--bogus'], ['--character-limit', '-1']]) {
      const run = spawnSync(process.execPath, [SERVER_BIN, ...args], { encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('Usage: transloom-server');
    }
    const help = spawnSync(process.execPath, [SERVER_BIN, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--faults');
  });

  it('exits 1 when the engine module cannot be loaded', () => {
    const run = spawnSync(
      process.execPath,
      [SERVER_BIN, '--port', '0', '--engine', './missing-engine.js'],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Engine './missing-engine.js'");
  });
});
