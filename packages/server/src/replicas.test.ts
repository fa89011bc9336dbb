import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openServiceStore } from './store/open-service-store.js';
import { exited, type SpawnedServer, spawnServer } from './test-support/spawn-server.js';
import { usePostgresServer } from './test-support/use-postgres-server.js';

const ADMIN = 'replica-admin-key-0001';
const DEV = 'replica-developer-key-0001';

const postgres = usePostgresServer();
const running = new Set<SpawnedServer>();
afterAll(async () => {
  for (const server of running) {
    server.child.kill('SIGKILL');
    await exited(server.child);
  }
});

// One replica: the built server in its own process, on the given database.
async function replica(database: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const server = await spawnServer(
    ['--database', database, '--port', '0', '--admin-key', ADMIN, '--api-key', DEV, ...extra],
    env,
  );
  running.add(server);
  return server;
}

async function call(
  url: string,
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Service-Auth-Key ${key}` } : {}),
      ...(body !== undefined && !(body instanceof FormData)
        ? { 'content-type': 'application/json' }
        : {}),
    },
    ...(body !== undefined ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text,
  };
}

function trigger(url: string, workflow: string, input: Record<string, unknown>) {
  const data = new FormData();
  data.set('workflow_request', JSON.stringify({ input }));
  return call(url, 'POST', `/v1/unstable/agent/workflows/${workflow}/trigger`, DEV, data);
}

describe('replicas on one PostgreSQL database', () => {
  it('bill a limited key at most its limit plus what was in flight, hammered through two at once', async () => {
    const database = await postgres.createDatabase('limit');
    const [a, b] = await Promise.all([replica(database), replica(database)]);
    const created = await call(a.url, 'POST', '/v2/admin/developer-keys', ADMIN, {
      label: 'limited',
    });
    const limit = 3000;
    await call(b.url, 'PUT', '/v2/admin/developer-keys/limits', ADMIN, {
      key_id: created.body.key_id,
      characters: limit,
    });
    const text = 'x'.repeat(100);
    let answered = 0;
    // 16 clients, each alternating between the replicas until it is refused.
    await Promise.all(
      Array.from({ length: 16 }, async (_, client) => {
        for (let i = 0; ; i++) {
          const url = (client + i) % 2 === 0 ? a.url : b.url;
          const res = await call(url, 'POST', '/v2/translate', created.body.key, {
            text: [text],
            target_lang: 'DE',
            source_lang: 'EN',
          });
          if (res.status === 456) return;
          expect(res.status).toBe(200);
          answered++;
        }
      }),
    );
    const usage = (await call(a.url, 'GET', '/v2/usage', created.body.key)).body;
    // Every answered request is billed, and the limit is crossed by one request at most.
    expect(usage.api_key_character_count).toBe(answered * 100);
    expect(usage.api_key_character_count).toBeGreaterThanOrEqual(limit);
    expect(usage.api_key_character_count).toBeLessThan(limit + 100);
  }, 120_000);

  it('share keys, glossaries, style rules, tasks, presigned links and voice sessions', async () => {
    const database = await postgres.createDatabase('shared');
    const dir = await mkdtemp(join(tmpdir(), 'transloom-replicas-'));
    const styles = join(dir, 'styles.json');
    writeFileSync(styles, JSON.stringify([{ name: 'House', language: 'en' }]));
    const [a, b] = await Promise.all([
      replica(database, ['--style-rules', styles]),
      replica(database),
    ]);
    const key = (await call(a.url, 'POST', '/v2/admin/developer-keys', ADMIN, {})).body.key;
    expect((await call(b.url, 'GET', '/v2/usage', key)).status).toBe(200);
    expect((await call(b.url, 'GET', '/v3/style_rules', DEV)).body.style_rules[0].name).toBe(
      'House',
    );
    const glossary = await call(b.url, 'POST', '/v3/glossaries', DEV, {
      name: 'G',
      dictionaries: [
        { source_lang: 'en', target_lang: 'de', entries: 'a\tb', entries_format: 'tsv' },
      ],
    });
    expect(
      (await call(a.url, 'GET', `/v3/glossaries/${glossary.body.glossary_id}`, DEV)).status,
    ).toBe(200);

    // A task started on one replica is read, and its links opened, on the other.
    const started = await trigger(a.url, 'echo', { text: 'shared' });
    expect(started.status).toBe(200);
    let task: any;
    for (let i = 0; i < 20; i++) {
      await sleep(250);
      task = (await call(b.url, 'GET', started.body.polling_url, DEV)).body;
      if (task.status === 'Completed') break;
    }
    expect(task.status).toBe('Completed');
    const page = new URL(started.body.ui_url);
    expect((await call(b.url, 'GET', `${page.pathname}${page.search}`, null)).status).toBe(200);
    const content = new URL(task.result.response);
    expect(
      (await call(a.url, 'GET', `${content.pathname}${content.search}`, null)).body,
    ).toMatchObject({ message: 'shared' });

    // A voice session made on one replica streams on the other; a reconnection asked on the
    // first closes that stream, and the new token opens one on the first.
    const session = (
      await call(a.url, 'POST', '/v3/voice/realtime', DEV, {
        source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000',
        target_languages: ['DE'],
      })
    ).body;
    const streamPath = new URL(session.streaming_url).pathname;
    const open = (url: string, token: string) =>
      new Promise<{ ws: WebSocket; closed: Promise<number>; messages: string[] }>(
        (resolve, reject) => {
          const ws = new WebSocket(
            `${url.replace(/^http/, 'ws')}${streamPath}?token=${encodeURIComponent(token)}`,
          );
          const messages: string[] = [];
          ws.on('message', (data) => messages.push(data.toString()));
          const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
          ws.once('open', () => resolve({ ws, closed, messages }));
          ws.once('error', reject);
        },
      );
    const onB = await open(b.url, session.token);
    const moved = (
      await call(a.url, 'GET', `/v3/voice/realtime?token=${encodeURIComponent(session.token)}`, DEV)
    ).body;
    expect(moved.session_id).toBe(session.session_id);
    expect(await onB.closed).toBe(4000);
    const onA = await open(a.url, moved.token);
    onA.ws.send(JSON.stringify({ end_of_source_media: {} }));
    await onA.closed;
    expect(onA.messages.map((m) => Object.keys(JSON.parse(m))[0])).toContain('end_of_stream');
    // The session ended: its token is known nowhere.
    expect(
      (await call(b.url, 'GET', `/v3/voice/realtime?token=${encodeURIComponent(moved.token)}`, DEV))
        .status,
    ).toBe(404);
  }, 120_000);

  it('finish the task of a replica that was killed, on another, billed once', async () => {
    const database = await postgres.createDatabase('kill');
    const dir = await mkdtemp(join(tmpdir(), 'transloom-replica-kill-'));
    const marks = join(dir, 'marks.txt');
    writeFileSync(marks, '');
    // An engine that notes which process translates, then takes its time.
    const engine = join(dir, 'slow-engine.mjs');
    writeFileSync(
      engine,
      `import { appendFileSync } from 'node:fs';
       import { setTimeout as sleep } from 'node:timers/promises';
       export default {
         name: 'slow',
         async translate(input) {
           appendFileSync(${JSON.stringify(marks)}, process.pid + '\\n');
           await sleep(2500);
           return input.texts.map((text) => '[' + text + ']');
         },
       };`,
    );
    const args = ['--engine', engine, '--task-lease', '1000'];
    // Both replicas run: the second takes the task over once the first's lease lapses.
    const [a, b] = await Promise.all([replica(database, args), replica(database, args)]);
    const started = await trigger(a.url, 'translate', { text: 'twelve chars', target_lang: 'DE' });
    expect(started.status).toBe(200);
    const translating = () => readFileSync(marks, 'utf8').split('\n').filter(Boolean);
    for (let i = 0; i < 200 && translating().length === 0; i++) await sleep(50);
    expect(translating()).toEqual([String(a.child.pid)]);
    a.child.kill('SIGKILL');
    await exited(a.child);
    running.delete(a);

    const store = await openServiceStore(database);
    try {
      const id = started.body.task_id as string;
      let status = 'InProgress';
      for (let i = 0; i < 300 && status === 'InProgress'; i++) {
        await sleep(100);
        status = (await store.tasks.get(id))!.status;
      }
      expect(status).toBe('Completed');
      expect(translating()).toEqual([String(a.child.pid), String(b.child.pid)]);
      const result = (await call(b.url, 'GET', started.body.polling_url, DEV)).body;
      const content = new URL(result.result.response);
      expect(
        (await call(b.url, 'GET', `${content.pathname}${content.search}`, null)).body.message,
      ).toBe('[twelve chars]');
      expect((await call(b.url, 'GET', '/v2/usage', DEV)).body.character_count).toBe(12);
    } finally {
      await store.close();
    }
  }, 120_000);
});
