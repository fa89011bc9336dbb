import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../store/sqlite/sqlite-connection.js';
import { exited, type SpawnedServer, spawnServer } from '../test-support/spawn-server.js';

const auth = { authorization: 'Service-Auth-Key dev' };

async function usage(server: SpawnedServer): Promise<number> {
  const res = await fetch(`${server.url}/v2/usage`, { headers: auth });
  return ((await res.json()) as { character_count: number }).character_count;
}

async function status(server: SpawnedServer, pollingUrl: string): Promise<string> {
  const res = await fetch(`${server.url}${pollingUrl}`, { headers: auth });
  return ((await res.json()) as { status: string }).status;
}

describe('kill -9 while an agent task runs', () => {
  it('bills nothing for the cut run; the restarted service runs it once and bills it once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'transloom-task-kill-'));
    const db = join(dir, 'service.db');
    // An engine that never answers: the translate task is surely running when the kill comes.
    const stalled = join(dir, 'stalled-engine.mjs');
    await writeFile(
      stalled,
      "export default { name: 'stalled', translate: () => new Promise(() => {}) };\n",
    );
    const first = await spawnServer([
      '--db',
      db,
      '--port',
      '0',
      '--api-key',
      'dev',
      '--engine',
      stalled,
    ]);
    const data = new FormData();
    const text = 'Kill me while I am being translated.';
    data.set('workflow_request', JSON.stringify({ input: { text, target_lang: 'DE' } }));
    const trigger = await fetch(`${first.url}/v1/unstable/agent/workflows/translate/trigger`, {
      method: 'POST',
      headers: auth,
      body: data,
    });
    expect(trigger.status).toBe(200);
    const task = (await trigger.json()) as { task_id: string; polling_url: string };
    // The run has started (its attempt is recorded) before the kill.
    const look = openSqlite(db, { readOnly: true });
    const attempts = () =>
      (
        look.prepare('SELECT attempts FROM agent_tasks WHERE task_id = ?').get(task.task_id) as {
          attempts: number;
        }
      ).attempts;
    const started = performance.now();
    while (attempts() < 1 && performance.now() - started < 30_000) await sleep(25);
    expect(attempts()).toBe(1);
    expect(await status(first, task.polling_url)).toBe('InProgress');
    first.child.kill('SIGKILL');
    expect(await exited(first.child)).toBe('SIGKILL');

    const killed = look
      .prepare('SELECT status, charged FROM agent_tasks WHERE task_id = ?')
      .get(task.task_id);
    expect(killed).toEqual({ status: 'InProgress', charged: 0 });
    expect(
      (
        look.prepare('SELECT COUNT(*) AS n FROM usage_daily WHERE translation_chars > 0').get() as {
          n: number;
        }
      ).n,
    ).toBe(0);
    look.close();

    const second = await spawnServer(['--db', db, '--port', '0', '--api-key', 'dev']);
    try {
      // Watched in the database: status polls are limited to 12 a minute.
      const watch = openSqlite(db, { readOnly: true });
      const stored = () =>
        (
          watch.prepare('SELECT status FROM agent_tasks WHERE task_id = ?').get(task.task_id) as {
            status: string;
          }
        ).status;
      const since = performance.now();
      while (stored() === 'InProgress' && performance.now() - since < 30_000) await sleep(50);
      watch.close();
      expect(await status(second, task.polling_url)).toBe('Completed');
      expect(await usage(second)).toBe(text.length);
    } finally {
      second.child.kill('SIGTERM');
      expect(await exited(second.child)).toBe(0);
    }

    // A third start finds the task done: nothing runs or bills again.
    const third = await spawnServer(['--db', db, '--port', '0', '--api-key', 'dev']);
    try {
      await sleep(300);
      expect(await status(third, task.polling_url)).toBe('Completed');
      expect(await usage(third)).toBe(text.length);
      const after = openSqlite(db, { readOnly: true });
      expect(
        after
          .prepare('SELECT attempts, charged FROM agent_tasks WHERE task_id = ?')
          .get(task.task_id),
      ).toEqual({ attempts: 2, charged: 1 });
      after.close();
    } finally {
      third.child.kill('SIGTERM');
      expect(await exited(third.child)).toBe(0);
    }
  }, 180_000);
});
