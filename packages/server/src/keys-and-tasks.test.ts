import { readFileSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { AgentWorkflow } from './agent/agent-workflow.js';
import { startServer } from './create-server.js';
import { openSqlite } from './store/sqlite/sqlite-connection.js';
import { SCHEMA_MIGRATIONS } from './store/sqlite/sqlite-database.js';
import { KEYS, startTestServer } from './test-support/test-server.js';

const auth = (key: string) => ({ authorization: `Service-Auth-Key ${key}` });
const tempDb = async () => join(await mkdtemp(join(tmpdir(), 'transloom-sec-')), 'service.db');

describe('keys at rest', () => {
  it('creates the database owner-only and stores no key in clear', async () => {
    const db = await tempDb();
    const server = await startServer({
      db,
      apiKeys: ['clear-api-key-0001'],
      adminKeys: ['clear-admin-key-0001'],
      port: 0,
    });
    const created = (await (
      await fetch(`${server.url}/v2/admin/developer-keys`, {
        method: 'POST',
        headers: { ...auth('clear-admin-key-0001'), 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { key: string };
    try {
      for (const file of [db, `${db}-wal`, `${db}-shm`])
        expect((statSync(file).mode & 0o777).toString(8), file).toBe('600');
      const bytes = [db, `${db}-wal`].map((f) => readFileSync(f).toString('latin1')).join('');
      for (const secret of ['clear-api-key-0001', 'clear-admin-key-0001', created.key])
        expect(bytes).not.toContain(secret);
    } finally {
      await server.close();
    }
  });

  it('hashes the clear keys of an older database on open; usage and access survive', async () => {
    const db = await tempDb();
    const old = openSqlite(db);
    old.exec(SCHEMA_MIGRATIONS[0] as string);
    old.pragma('user_version = 1');
    old
      .prepare(
        `INSERT INTO api_keys (key_id, label, kind, tier, creation_time, seq) VALUES (?, 'old', 'developer', 'paid', '2026-01-01T00:00:00.000Z', 1)`,
      )
      .run('old-clear-secret-0042');
    old
      .prepare(`INSERT INTO usage_daily (key_id, day, translation_chars) VALUES (?, ?, 77)`)
      .run('old-clear-secret-0042', new Date().toISOString().slice(0, 10));
    old.close();
    const server = await startServer({ db, adminKeys: ['adm-0000-0000'], port: 0 });
    try {
      const usage = (await (
        await fetch(`${server.url}/v2/usage`, { headers: auth('old-clear-secret-0042') })
      ).json()) as { character_count: number };
      expect(usage.character_count).toBe(77);
      const list = (await (
        await fetch(`${server.url}/v2/admin/developer-keys`, { headers: auth('adm-0000-0000') })
      ).json()) as Array<{ key_id: string; label: string }>;
      expect(list).toHaveLength(1);
      expect(list[0]!.key_id).toMatch(/^[0-9a-f-]{36}:[0-9a-f-]{36}$/);
      expect(JSON.stringify(list)).not.toContain('old-clear-secret');
    } finally {
      await server.close();
    }
    const check = openSqlite(db);
    const dump = JSON.stringify(check.prepare('SELECT * FROM api_keys').all());
    check.close();
    expect(dump).not.toContain('old-clear-secret-0042');
  });

  it('counts keys given at start-up against the cap of 25 active keys', async () => {
    const keys = Array.from({ length: 26 }, (_, i) => `startup-key-${String(i).padStart(4, '0')}`);
    await expect(startServer({ apiKeys: keys, port: 0 })).rejects.toThrow(/at most 25/);
    const ok = await startServer({
      apiKeys: keys.slice(0, 25),
      adminKeys: ['a-0000-0000'],
      port: 0,
    });
    try {
      const list = (await (
        await fetch(`${ok.url}/v2/admin/developer-keys`, { headers: auth('a-0000-0000') })
      ).json()) as Array<{ key_id: string }>;
      expect(list).toHaveLength(25);
      expect(list.every((k) => /^[0-9a-f-]{36}:[0-9a-f-]{36}$/.test(k.key_id))).toBe(true);
    } finally {
      await ok.close();
    }
  });
});

describe('agent tasks belong to their key', async () => {
  const t = await startTestServer({ publicUrl: 'https://transloom.example.com/base' });
  const other = (
    await t.call('POST', '/v2/admin/developer-keys', { key: 'admin', json: { label: 'other' } })
  ).body.key as string;

  it('answers 404 to another key on status and task page; admin keys may read', async () => {
    const data = new FormData();
    data.set('workflow_request', JSON.stringify({ input: { text: 'mine' } }));
    const started = await t.call('POST', '/v1/unstable/agent/workflows/echo/trigger', {
      body: data,
      headers: { host: 'evil.example.org' },
    });
    expect(started.status).toBe(200);
    const { task_id, polling_url, ui_url } = started.body;
    // Links come from the configured public URL, not from the Host header.
    expect(ui_url.startsWith('https://transloom.example.com/base/agent/tasks/')).toBe(true);
    await sleep(100);
    expect((await t.call('GET', polling_url, { key: { literal: other } })).status).toBe(404);
    expect((await t.call('GET', polling_url)).status).toBe(200);
    expect((await t.call('GET', polling_url, { key: 'admin' })).status).toBe(200);
    const page = `/agent/tasks/${task_id}`;
    expect((await t.call('GET', page, { key: 'none' })).status).toBe(401);
    expect((await t.call('GET', page, { key: { literal: other } })).status).toBe(404);
    expect((await t.call('GET', page)).status).toBe(200);
    const signed = new URL(ui_url);
    const viaLink = await t.call('GET', `${page}${signed.search}`, { key: 'none' });
    expect(viaLink.status).toBe(200);
    expect(viaLink.text).toContain(task_id);
    signed.searchParams.set('signature', 'forged');
    expect((await t.call('GET', `${page}${signed.search}`, { key: 'none' })).status).toBe(403);
  });
});

describe('agent tasks across a restart', () => {
  // Charges, then waits (long in the first process, not at all after the restart).
  const chargingWorkflow = (waitMs: number): AgentWorkflow => ({
    id: 'charging',
    description: 'Charges its text, then waits',
    async run(input, { chargeTranslation, signal }) {
      chargeTranslation(String(input.text).length);
      await sleep(waitMs, undefined, { signal });
      return { message: 'done' };
    },
  });

  it('bills a task once: a run cut short by a stop charges nothing, the resumed run once', async () => {
    const db = await tempDb();
    const first = await startServer({
      db,
      apiKeys: [KEYS.paid],
      workflows: [chargingWorkflow(60_000)],
      port: 0,
    });
    const data = new FormData();
    data.set('workflow_request', JSON.stringify({ input: { text: 'twelve chars' } }));
    const started = (await (
      await fetch(`${first.url}/v1/unstable/agent/workflows/charging/trigger`, {
        method: 'POST',
        headers: auth(KEYS.paid),
        body: data,
      })
    ).json()) as { polling_url: string };
    await sleep(200);
    const usage = async (url: string) =>
      (
        (await (await fetch(`${url}/v2/usage`, { headers: auth(KEYS.paid) })).json()) as {
          character_count: number;
        }
      ).character_count;
    expect(await usage(first.url)).toBe(0);
    await first.close();

    const second = await startServer({
      db,
      apiKeys: [KEYS.paid],
      workflows: [chargingWorkflow(0)],
      port: 0,
    });
    try {
      // Watched in the store (status polls are limited to 12 a minute), bounded in real time.
      const id = started.polling_url.split('/').pop()!;
      const deadline = performance.now() + 30_000;
      while (
        (await second.context.tasks.get(id))?.status === 'InProgress' &&
        performance.now() < deadline
      )
        await sleep(25);
      const status = (
        (await (
          await fetch(`${second.url}${started.polling_url}`, { headers: auth(KEYS.paid) })
        ).json()) as { status: string }
      ).status;
      expect(status).toBe('Completed');
      expect(await usage(second.url)).toBe(12);
    } finally {
      await second.close();
    }
    // A third start finds the task completed and runs (and bills) nothing again.
    const third = await startServer({
      db,
      apiKeys: [KEYS.paid],
      workflows: [chargingWorkflow(0)],
      port: 0,
    });
    try {
      await sleep(200);
      expect(await usage(third.url)).toBe(12);
    } finally {
      await third.close();
    }
  });
});
