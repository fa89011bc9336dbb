import { spawn } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
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
import { startTransloom } from './test-support/start-transloom.js';
import { waitUntil } from './test-support/wait-until.js';

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

describe('a run stopped with SIGSTOP (Ctrl-Z)', async () => {
  // Slow answers, so the first run is still sending when it is stopped.
  const server = await e2eService({
    engine: {
      name: 'slow',
      async translate(input) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return input.texts.map((t) => `[${t}]`);
      },
    },
  });
  // A short refresh age: the stop lasts several times longer, which only age could notice.
  const STALE_MS = 500;
  const env = { ...serviceEnv(server), TRANSLOOM_RUN_LOCK_STALE_MS: String(STALE_MS) };

  it('keeps the project however long it is stopped; the next run waits, then a third is refused while the second works', async () => {
    const root = await starterProject();
    const lockFile = join(root, '.transloom/run.lock');
    const lockPid = () =>
      readFile(lockFile, 'utf8').then(
        (text) => JSON.parse(text).pid as number,
        () => undefined,
      );
    const first = startTransloom(['translate', '--locale', 'de'], { cwd: root, env });
    await waitUntil(async () => (await lockPid()) === first.pid);
    first.signal('SIGSTOP');

    const second = startTransloom(['translate', '--json'], { cwd: root, env });
    await second.said('waiting for another run on this project');
    // Unrefreshed for three times its age: a lock judged by age would have changed hands
    // (and been released by the second, if it was as quick as the project is small).
    const firstHolds = async () => (await lockPid()) === first.pid;
    await waitUntil(
      async () =>
        !(await firstHolds()) || Date.now() - (await stat(lockFile)).mtimeMs > 3 * STALE_MS,
    );
    expect(await lockPid()).toBe(first.pid);
    expect(second.stderr()).not.toContain('texts to translate');

    first.signal('SIGCONT');
    const one = await first.done;
    expect(one.code).toBe(0);
    // The second takes the lock the first released, and is stopped in turn while it holds it.
    await waitUntil(async () => (await lockPid()) === second.pid);
    second.signal('SIGSTOP');
    const third = await runTransloom(['translate', '--no-wait'], { cwd: root, env });
    expect(third.code).toBe(2);
    expect(third.stderr).toContain(
      `another run is working on this project (pid ${second.pid} on ${hostname()}`,
    );
    second.signal('SIGCONT');
    const two = await second.done;
    expect(two.code).toBe(0);
    // What the first translated (German) is not sent again.
    expect(two.json.locales.de.translated).toBe(0);
    expect(two.json.locales.pl.translated).toBeGreaterThan(0);
    await expect(stat(lockFile)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await runTransloom(['check'], { cwd: root, env })).code).toBe(0);
  }, 60_000);
});
