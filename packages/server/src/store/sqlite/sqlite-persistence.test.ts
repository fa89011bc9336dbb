import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../create-server.js';
import { exited, spawnServer } from '../../test-support/spawn-server.js';
import { openSqlite } from './sqlite-connection.js';

const auth = (key: string) => ({
  authorization: `Service-Auth-Key ${key}`,
  'content-type': 'application/json',
});

describe('persistence', () => {
  it('keeps keys, glossaries, style rules, usage and tasks across a restart', async () => {
    const db = join(await mkdtemp(join(tmpdir(), 'transloom-db-')), 'service.db');
    const options = {
      db,
      apiKeys: ['dev'],
      adminKeys: ['adm'],
      styleRules: [{ name: 'House', language: 'en' }],
      port: 0,
    };
    const first = await startServer(options);
    const key = (await (
      await fetch(`${first.url}/v2/admin/developer-keys`, {
        method: 'POST',
        headers: auth('adm'),
        body: '{"label":"kept"}',
      })
    ).json()) as { key_id: string; key: string };
    const glossary = (await (
      await fetch(`${first.url}/v3/glossaries`, {
        method: 'POST',
        headers: auth('dev'),
        body: JSON.stringify({
          name: 'G',
          dictionaries: [
            { source_lang: 'en', target_lang: 'de', entries: 'a\tb', entries_format: 'tsv' },
          ],
        }),
      })
    ).json()) as { glossary_id: string };
    await fetch(`${first.url}/v2/translate`, {
      method: 'POST',
      headers: auth(key.key),
      body: '{"text":["hello"],"target_lang":"DE"}',
    });
    const data = new FormData();
    data.set('workflow_request', JSON.stringify({ input: { text: 'later', delay_ms: 60_000 } }));
    const task = (await (
      await fetch(`${first.url}/v1/unstable/agent/workflows/echo/trigger`, {
        method: 'POST',
        headers: { authorization: 'Service-Auth-Key dev' },
        body: data,
      })
    ).json()) as { task_id: string };
    await first.close();

    const second = await startServer({ ...options, styleRules: [] });
    try {
      const get = async (path: string, k = 'dev') =>
        (await fetch(`${second.url}${path}`, { headers: auth(k) })).json() as Promise<any>;
      expect(
        (await get(`/v3/glossaries/${glossary.glossary_id}`)).dictionaries[0].entry_count,
      ).toBe(1);
      expect((await get('/v3/style_rules')).style_rules[0].name).toBe('House');
      expect((await get('/v2/usage', key.key)).character_count).toBe(5);
      expect(
        (await get('/v2/admin/developer-keys', 'adm')).find((k: any) => k.key_id === key.key_id)
          .label,
      ).toBe('kept');
      // The interrupted task runs again after the restart.
      expect((await get(`/v1/unstable/agent/tasks/${task.task_id}`)).status).toBe('InProgress');
    } finally {
      await second.close();
    }
  });

  it('leaves the database consistent after kill -9 during writes', async () => {
    const db = join(await mkdtemp(join(tmpdir(), 'transloom-kill-')), 'service.db');
    const args = ['--db', db, '--port', '0', '--api-key', 'dev'];
    const server = await spawnServer(args);
    // About 700 KB: each dictionary is written as several chunks, so a kill can cut one short.
    const entries = Array.from({ length: 30_000 }, (_, i) => `term ${i}\tBegriff ${i}`).join('\n');
    const body = JSON.stringify({
      name: 'G',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries, entries_format: 'tsv' }],
    });
    let created = 0;
    let inFlight = 0;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        inFlight++;
        try {
          const res = await fetch(`${server.url}/v3/glossaries`, {
            method: 'POST',
            headers: auth('dev'),
            body,
          });
          if (res.status === 201) created++;
          await fetch(`${server.url}/v2/translate`, {
            method: 'POST',
            headers: auth('dev'),
            body: '{"text":["count me"],"target_lang":"DE","source_lang":"EN"}',
          });
        } catch {
          return;
        } finally {
          inFlight--;
        }
      }
    };
    const writers = Promise.all([writer(), writer()]);
    // Kill once a few glossaries are in, while writes are under way (however slow the machine).
    const deadline = Date.now() + 60_000;
    while ((created < 3 || inFlight < 2) && Date.now() < deadline) await sleep(5);
    expect(created).toBeGreaterThanOrEqual(3);
    await sleep(Math.random() * 30);
    server.child.kill('SIGKILL');
    expect(await exited(server.child)).toBe('SIGKILL');
    stop = true;
    await writers;

    const check = openSqlite(db, { readOnly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    const counts = check
      .prepare(
        `SELECT g.glossary_id, d.entry_count AS n,
           (SELECT SUM(length(CAST(c.data AS TEXT)) - length(replace(CAST(c.data AS TEXT), char(10), '')) + 1)
              FROM text_chunks c WHERE c.chunk_set = d.chunk_set) AS lines
         FROM glossaries g LEFT JOIN glossary_dictionaries d USING (glossary_id)`,
      )
      .all() as Array<{ n: number; lines: number }>;
    check.close();
    // Every glossary is complete: what a kill cut short is not visible.
    expect(counts.length).toBeGreaterThanOrEqual(created);
    expect(counts.every((c) => c.n === 30_000 && c.lines === 30_000)).toBe(true);

    const again = await spawnServer(args);
    try {
      const list = (await (
        await fetch(`${again.url}/v3/glossaries`, { headers: auth('dev') })
      ).json()) as { glossaries: unknown[] };
      expect(list.glossaries.length).toBe(counts.length);
      const usage = (await (
        await fetch(`${again.url}/v2/usage`, { headers: auth('dev') })
      ).json()) as { character_count: number };
      expect(usage.character_count % 8).toBe(0);
      // Chunks of a write the kill cut short are swept after the restart.
      let orphans = -1;
      for (const since = performance.now(); orphans !== 0 && performance.now() - since < 30_000; ) {
        await sleep(50);
        const look = openSqlite(db, { readOnly: true });
        orphans = (
          look
            .prepare(
              `SELECT COUNT(*) AS n FROM text_chunks
                 WHERE chunk_set NOT IN (SELECT chunk_set FROM glossary_dictionaries)`,
            )
            .get() as { n: number }
        ).n;
        look.close();
      }
      expect(orphans).toBe(0);
    } finally {
      again.child.kill('SIGTERM');
      expect(await exited(again.child)).toBe(0);
    }
  }, 180_000);
});
