import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clearRequests,
  e2eService,
  runTransloom,
  serviceEnv,
  starterProject,
  translateRequests,
} from './test-support/e2e.js';

const texts = (requests: ReturnType<typeof translateRequests>) =>
  requests.reduce((n, r) => n + (r.texts ?? 0), 0);

describe('two runs on one project', async () => {
  const server = await e2eService();

  it('pays once: the second run waits for the first, then finds nothing to send', async () => {
    const alone = await starterProject();
    clearRequests(server);
    expect((await runTransloom(['translate'], { cwd: alone, env: serviceEnv(server) })).code).toBe(
      0,
    );
    const once = texts(translateRequests(server));
    expect(once).toBeGreaterThan(100);

    const root = await starterProject();
    clearRequests(server);
    const [a, b] = await Promise.all([
      runTransloom(['translate', '--json'], { cwd: root, env: serviceEnv(server) }),
      runTransloom(['translate', '--json'], { cwd: root, env: serviceEnv(server) }),
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(texts(translateRequests(server))).toBe(once);
    const waited = [a, b].find((run) => run.stderr.includes('waiting for another run'));
    expect(waited).toBeDefined();
    expect(waited!.json.requests).toBe(0);
  });

  it('exits 2 at once with --no-wait, naming the run that holds the project', async () => {
    const root = await starterProject();
    // Another run's lock, held by a live process.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
      stdio: 'ignore',
    });
    try {
      await mkdir(join(root, '.transloom'), { recursive: true });
      await writeFile(
        join(root, '.transloom/run.lock'),
        JSON.stringify({ pid: holder.pid, host: hostname(), since: '2026-01-01T00:00:00.000Z' }),
      );
      clearRequests(server);
      const refused = await runTransloom(['translate', '--no-wait'], {
        cwd: root,
        env: serviceEnv(server),
      });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        `transloom translate: another run is working on this project (pid ${holder.pid} on ${hostname()}`,
      );
      expect(translateRequests(server)).toHaveLength(0);
    } finally {
      holder.kill();
    }
  });
});
