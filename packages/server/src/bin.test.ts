import { spawnSync } from 'node:child_process';
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
