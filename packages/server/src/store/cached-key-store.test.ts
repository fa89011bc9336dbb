import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { usePostgresServer } from '../test-support/use-postgres-server.js';
import { CachedKeyStore } from './cached-key-store.js';
import type { KeyStore } from './key-store.js';
import { openServiceStore } from './open-service-store.js';
import type { ServiceStore } from './service-store.js';

const postgres = usePostgresServer();

/** The real store of `store`, counting the lookups that reach the database. */
function counted(store: ServiceStore): { keys: KeyStore; lookups: () => number } {
  let lookups = 0;
  const keys: KeyStore = Object.create(store.keys);
  keys.find = (secret) => {
    lookups++;
    return store.keys.find(secret);
  };
  return { keys, lookups: () => lookups };
}

const drivers: Array<[string, () => Promise<string>]> = [
  ['sqlite', async () => ':memory:'],
  ['postgres', () => postgres.createDatabase('keycache')],
];

describe.each(drivers)('the key cache on %s', (_name, location) => {
  // Two replicas on PostgreSQL (two handles on one database); the same store twice on SQLite.
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

  it('asks the database once per key while cached, and again after the time to live', async () => {
    const [store, , close] = await open();
    try {
      const created = await store.keys.create('cached', new Date());
      const db = counted(store);
      const cache = new CachedKeyStore(db.keys, { ttlMs: 300 });
      for (let i = 0; i < 20; i++)
        expect((await cache.find(created.secret))?.keyId).toBe(created.keyId);
      expect(db.lookups()).toBe(1);
      await sleep(400);
      await cache.find(created.secret);
      expect(db.lookups()).toBe(2);
      // Unknown secrets are never remembered: each one is asked for.
      await cache.find('no-such-key-000000');
      await cache.find('no-such-key-000000');
      expect(db.lookups()).toBe(4);
    } finally {
      await close();
    }
  });

  it('stops a key deactivated here at once, and one deactivated by another replica within the time to live', async () => {
    const [a, b, close] = await open();
    try {
      const here = await a.keys.create('here', new Date());
      const there = await a.keys.create('there', new Date());
      const replicaA = new CachedKeyStore(a.keys, { ttlMs: 1000 });
      const replicaB = new CachedKeyStore(b.keys, { ttlMs: 1000 });
      for (const replica of [replicaA, replicaB]) {
        expect((await replica.find(here.secret))?.deactivatedTime).toBeNull();
        expect((await replica.find(there.secret))?.deactivatedTime).toBeNull();
      }
      // Through this replica: forgotten at once.
      await replicaA.deactivate(here.keyId, new Date());
      expect((await replicaA.find(here.secret))?.deactivatedTime).not.toBeNull();
      // Through another replica's store: seen here within the time to live.
      const deactivated = performance.now();
      await b.keys.deactivate(there.keyId, new Date());
      let seenAfter = Number.POSITIVE_INFINITY;
      while (performance.now() - deactivated < 3000) {
        if ((await replicaA.find(there.secret))?.deactivatedTime) {
          seenAfter = performance.now() - deactivated;
          break;
        }
        await sleep(20);
      }
      expect(seenAfter).toBeLessThan(1000 + 500);
    } finally {
      await close();
    }
  });

  it('shows a new label or limit set here at once, and a key created elsewhere at once', async () => {
    const [a, b, close] = await open();
    try {
      const key = await a.keys.create('before', new Date());
      const cache = new CachedKeyStore(a.keys, { ttlMs: 60_000 });
      expect((await cache.find(key.secret))?.characterLimit).toBeNull();
      await cache.setLimit(key.keyId, 5000);
      expect((await cache.find(key.secret))?.characterLimit).toBe(5000);
      await cache.rename(key.keyId, 'after');
      expect((await cache.find(key.secret))?.label).toBe('after');
      const secret = 'created-on-another-replica-0001';
      expect(await cache.find(secret)).toBeUndefined();
      await b.keys.ensure(secret, 'developer', 'paid', new Date());
      expect((await cache.find(secret))?.deactivatedTime).toBeNull();
    } finally {
      await close();
    }
  });

  it('keeps nothing from a lookup that a deactivation overlapped', async () => {
    const [store, , close] = await open();
    try {
      const key = await store.keys.create('racing', new Date());
      // The database answers this lookup late, after the deactivation below has begun.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slow: KeyStore = Object.create(store.keys);
      let first = true;
      slow.find = async (secret) => {
        const found = await store.keys.find(secret);
        if (first) {
          first = false;
          await held;
        }
        return found;
      };
      const cache = new CachedKeyStore(slow, { ttlMs: 60_000 });
      const lookup = cache.find(key.secret);
      await sleep(10);
      await cache.deactivate(key.keyId, new Date());
      release();
      // The old row, read before the change: right for that request, but not to be kept.
      expect((await lookup)?.deactivatedTime).toBeNull();
      expect((await cache.find(key.secret))?.deactivatedTime).not.toBeNull();
    } finally {
      await close();
    }
  });

  it('asks the database every time with a time to live of 0', async () => {
    const [store, , close] = await open();
    try {
      const created = await store.keys.create('uncached', new Date());
      const db = counted(store);
      const cache = new CachedKeyStore(db.keys, { ttlMs: 0 });
      for (let i = 0; i < 5; i++) await cache.find(created.secret);
      expect(db.lookups()).toBe(5);
    } finally {
      await close();
    }
  });
});
