import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { usePostgresServer } from '../test-support/use-postgres-server.js';
import { chunkText } from './chunk-text.js';
import { GlossaryChangedError } from './glossary-store.js';
import { chunksVersion } from './hashing.js';
import { openServiceStore } from './open-service-store.js';
import { openPostgresPool } from './postgres/postgres-database.js';
import { migratePostgres, POSTGRES_MIGRATIONS } from './postgres/postgres-schema.js';
import type { ServiceStore } from './service-store.js';
import { utcDay, utcMonth } from './usage-store.js';

const postgres = usePostgresServer();

// One suite, run on each database: what every replica relies on the store for.
const drivers: Array<[string, () => Promise<string>]> = [
  ['sqlite', async () => ':memory:'],
  ['postgres', () => postgres.createDatabase('store')],
];

describe.each(drivers)('the store on %s', (_name, location) => {
  // Two handles on one database: two replicas on PostgreSQL, the same store twice on SQLite.
  async function open(): Promise<[ServiceStore, ServiceStore, () => Promise<void>]> {
    const where = await location();
    const first = await openServiceStore(where);
    const second = first.shared ? await openServiceStore(where) : first;
    return [
      first,
      second,
      async () => {
        await first.close();
        if (second !== first) await second.close();
      },
    ];
  }

  it('charges a limited key at most up to its limit plus the charges in flight', async () => {
    const [a, b, close] = await open();
    try {
      const key = await a.keys.create('limited', new Date());
      await a.keys.setLimit(key.keyId, 1000);
      const now = new Date();
      const charge = (store: ServiceStore) =>
        store.usage.charge({
          keyId: key.keyId,
          kind: 'translation',
          characters: 30,
          day: utcDay(now),
          month: utcMonth(now),
          accountLimit: null,
        });
      // 200 charges of 30 characters at once, half through each handle.
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, (_, i) => charge(i % 2 === 0 ? a : b)),
      );
      const charged = outcomes.filter((o) => o === 'charged').length;
      const used = (await b.usage.totals(key.keyId, utcMonth(now).from, utcMonth(now).to))
        .translation;
      expect(used).toBe(charged * 30);
      // The limit is reached with the charge that crosses it, and nothing is charged after.
      expect(used).toBeGreaterThanOrEqual(1000);
      expect(used).toBeLessThan(1000 + 30);
      expect(outcomes.filter((o) => o === 'key-limit')).toHaveLength(200 - charged);
    } finally {
      await close();
    }
  });

  it('hands each lapsed task to one replica, and bills a task once', async () => {
    const [a, b, close] = await open();
    try {
      const key = await a.keys.create('tasks', new Date());
      const now = Date.now();
      const lapsed = { owner: 'gone', now: now - 60_000, until: now - 1 };
      for (let i = 0; i < 12; i++) {
        await a.tasks.create(
          { taskId: randomUUID(), workflowId: 'echo', keyId: key.keyId, input: {}, createdAt: i },
          lapsed,
        );
      }
      const lease = (owner: string) => ({ owner, now, until: now + 30_000 });
      const [mine, theirs] = await Promise.all([
        a.tasks.claim(lease('a'), { limit: 12 }),
        b.tasks.claim(lease('b'), { limit: 12 }),
      ]);
      const ids = [...mine, ...theirs].map((t) => t.taskId);
      expect(new Set(ids).size).toBe(12);
      expect(ids).toHaveLength(12);
      // Held tasks are not claimed again while their lease runs; a released one is.
      expect(await b.tasks.claim(lease('b'), { limit: 12 })).toEqual([]);
      const task = (mine[0] ?? theirs[0])!;
      const owner = mine.length > 0 ? 'a' : 'b';
      expect(await a.tasks.renew([task.taskId], lease('someone else'))).toEqual([]);
      await a.tasks.release([task.taskId], owner);
      expect((await b.tasks.claim(lease('c'), { limit: 12 })).map((t) => t.taskId)).toEqual([
        task.taskId,
      ]);
      const charge = { keyId: key.keyId, day: utcDay(new Date()), characters: 7 };
      const done = await Promise.all([
        a.tasks.complete(task.taskId, [], now, charge),
        b.tasks.complete(task.taskId, [], now, charge),
      ]);
      expect(done.filter(Boolean)).toHaveLength(1);
      const month = utcMonth(new Date());
      expect((await a.usage.totals(key.keyId, month.from, month.to)).translation).toBe(7);
    } finally {
      await close();
    }
  });

  it('lets one connection take a voice token, and rotates it once', async () => {
    const [a, b, close] = await open();
    try {
      await a.voice.create({
        keyId: 'k',
        contentType: 'audio/ogg',
        sourceLanguage: null,
        sourceLanguageMode: 'auto',
        targetLanguages: ['DE'],
        messageFormat: 'json',
        glossaryId: null,
        formality: 'default',
        sessionId: 's1',
        tokenHash: 'h1',
        tokenIssuedAt: Date.now(),
        tokenUsed: false,
        droppedAt: null,
        connectedUntil: null,
      });
      expect((await b.voice.lookup('h1'))?.session.targetLanguages).toEqual(['DE']);
      const taken = await Promise.all([a.voice.takeToken('h1', 1), b.voice.takeToken('h1', 1)]);
      expect(taken.filter(Boolean)).toHaveLength(1);
      const rotated = await Promise.all([
        a.voice.rotate('s1', 'h1', 'h2', Date.now()),
        b.voice.rotate('s1', 'h1', 'h3', Date.now()),
      ]);
      expect(rotated.filter(Boolean)).toHaveLength(1);
      expect((await a.voice.lookup('h1'))?.current).toBe(false);
      await b.voice.end('s1');
      expect(await a.voice.lookup('h1')).toBeUndefined();
    } finally {
      await close();
    }
  });

  it('refuses a merged dictionary whose base another replica changed in between', async () => {
    const [a, b, close] = await open();
    try {
      const dictionary = (entries: string) => {
        const chunks = chunkText(entries);
        return {
          sourceLang: 'en',
          targetLang: 'de',
          chunks,
          entryCount: entries.split('\n').length,
          version: chunksVersion(chunks),
        };
      };
      await a.glossaries.create('g', 'G', [dictionary('one\teins')], new Date());
      const base = (await a.glossaries.dictionaryText('g', 'en', 'de'))!.version;
      // Another replica writes the dictionary after this one read its base.
      await b.glossaries.update('g', { dictionary: dictionary('two\tzwei') });
      await expect(
        a.glossaries.update('g', {
          dictionary: dictionary('one\teins\nthree\tdrei'),
          mergedFrom: base,
        }),
      ).rejects.toBeInstanceOf(GlossaryChangedError);
      const current = (await a.glossaries.dictionaryText('g', 'en', 'de'))!;
      expect(Buffer.concat(await b.glossaries.chunks.readAll(current.chunkSet)).toString()).toBe(
        'two\tzwei',
      );
      // Merged from the current base, it is written.
      await a.glossaries.update('g', {
        dictionary: dictionary('two\tzwei\nthree\tdrei'),
        mergedFrom: current.version,
      });
      expect((await b.glossaries.get('g'))?.dictionaries[0]?.entryCount).toBe(2);
    } finally {
      await close();
    }
  });

  it('shares one signing secret, keeps the first answer stored under a key, and prunes old ones', async () => {
    const [a, b, close] = await open();
    try {
      const [x, y] = await Promise.all([
        a.metaValue('signing_key', () => 'from-a'),
        b.metaValue('signing_key', () => 'from-b'),
      ]);
      expect(x).toBe(y);
      await a.upstream.saveAnswers([['k1', 'first']], 1);
      await b.upstream.saveAnswers(
        [
          ['k1', 'second'],
          ['k2', 'other'],
        ],
        2,
      );
      expect(await a.upstream.answers(['k1', 'k2', 'k3'])).toEqual(
        new Map([
          ['k1', 'first'],
          ['k2', 'other'],
        ]),
      );
      // Answers older than the cache keeps are deleted.
      expect(await b.upstream.prune(2)).toBe(1);
      expect([...(await a.upstream.answers(['k1', 'k2'])).keys()]).toEqual(['k2']);
      expect(await a.upstream.saveGlossary('d', 'up-1', 1)).toBe('up-1');
      expect(await b.upstream.saveGlossary('d', 'up-2', 2)).toBe('up-1');
    } finally {
      await close();
    }
  });
});

describe('PostgreSQL migrations', () => {
  it('run once when two replicas start together, and again change nothing', async () => {
    const url = await postgres.createDatabase('migrate');
    const pools = [openPostgresPool(url, 2), openPostgresPool(url, 2)];
    try {
      const applied = await Promise.all(pools.map((pool) => migratePostgres(pool)));
      // One replica applied every step, the other none: it waited for the lock and found them.
      expect(applied.map((steps) => steps.length).sort()).toEqual([0, POSTGRES_MIGRATIONS.length]);
      expect(await migratePostgres(pools[0]!)).toEqual([]);
      const versions = await pools[1]!.rows<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(versions.map((v) => v.version)).toEqual(POSTGRES_MIGRATIONS.map((_, i) => i + 1));
      // Two whole stores opened at once on a fresh database both work.
      const fresh = await postgres.createDatabase('open');
      const stores = await Promise.all([openServiceStore(fresh), openServiceStore(fresh)]);
      const created = await stores[0]!.keys.create('k', new Date());
      expect((await stores[1]!.keys.byId(created.keyId))?.label).toBe('k');
      await Promise.all(stores.map((s) => s.close()));
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
    }
  });

  it('names the database without its password when it cannot be reached', async () => {
    const url = `postgres://someone:s3cret-pass@127.0.0.1:${postgres.port}/missing_db`;
    const error = await openServiceStore(url).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain('missing_db');
    expect(error?.message).not.toContain('s3cret-pass');
  });
});

// Last in this file: it stops the file's cluster.
describe('a PostgreSQL database that goes away', () => {
  it('is a 503 with Retry-After, which clients retry, and the service keeps running', async () => {
    const { startServer } = await import('../create-server.js');
    const server = await startServer({
      db: await postgres.createDatabase('gone'),
      apiKeys: ['gone-db-key-0001'],
      port: 0,
    });
    try {
      const translate = () =>
        fetch(`${server.url}/v2/translate`, {
          method: 'POST',
          headers: {
            authorization: 'Service-Auth-Key gone-db-key-0001',
            'content-type': 'application/json',
          },
          body: '{"text":["Hello"],"target_lang":"DE"}',
        });
      expect((await translate()).status).toBe(200);
      postgres.stop();
      const refused = await translate();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
    } finally {
      await server.close();
    }
  });
});
