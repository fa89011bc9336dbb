import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { useRedisServer } from '../test-support/redis-server.js';
import { createFileTranslationStore } from './file-translation-store.js';
import {
  MemoryUnavailableError,
  openRedisTranslationStore,
  type RedisTranslationStoreOptions,
} from './redis-translation-store.js';
import { hideRedisSecrets, maskRedisUrl } from './redis-url.js';
import { resolveSharedMemory } from './shared-memory-settings.js';
import { createSharedTranslationStore } from './shared-translation-store.js';

describe('the shared translation memory on Redis', async () => {
  const redis = useRedisServer();
  const open = (
    scope: string,
    readScopes: string[],
    more: Partial<RedisTranslationStoreOptions> = {},
  ) => openRedisTranslationStore({ url: redis.url, prefix: 'test', scope, readScopes, ...more });

  it('writes each key once: concurrent writers never overwrite each other', async () => {
    const [a, b] = await Promise.all([open('main', ['main']), open('main', ['main'])]);
    await Promise.all([a.putMany([['k1', 'first']]), b.putMany([['k2', 'second']])]);
    await b.putMany([['k1', 'overwritten?']]);
    expect(await a.getMany(['k1', 'k2', 'k3'])).toEqual(
      new Map([
        ['k1', 'first'],
        ['k2', 'second'],
      ]),
    );
    await Promise.all([a.close(), b.close()]);
  });

  it('reads and writes in pipelined slices', async () => {
    const store = await open('bulk', ['bulk'], { batchSize: 100 });
    const entries = Array.from({ length: 1234 }, (_, i) => [`key${i}`, `value ${i}`] as const);
    await store.putMany(entries);
    const found = await store.getMany([...entries.map(([k]) => k), 'absent']);
    expect(found.size).toBe(1234);
    expect(found.get('key1233')).toBe('value 1233');
    expect(await store.size('bulk')).toBe(1234);
    await store.close();
  });

  it("keeps a pull request's entries out of the default branch's scope until they are promoted", async () => {
    const main = await open('main', ['main']);
    const pr = await open('feature/login', ['feature/login', 'main']);
    await main.putMany([['shared', 'from main']]);
    await pr.putMany([
      ['mine', 'from the pull request'],
      ['shared', 'the pull request would rather have this'],
    ]);
    // The pull request reads its own scope first, then the default branch's.
    expect(await pr.getMany(['mine', 'shared'])).toEqual(
      new Map([
        ['mine', 'from the pull request'],
        ['shared', 'the pull request would rather have this'],
      ]),
    );
    expect(await main.getMany(['mine', 'shared'])).toEqual(new Map([['shared', 'from main']]));
    expect(await main.promote('feature/login')).toEqual({
      from: 'feature/login',
      to: 'main',
      copied: 1,
      kept: 1,
    });
    // Promoted, and what main had stays.
    expect(await main.getMany(['mine', 'shared'])).toEqual(
      new Map([
        ['mine', 'from the pull request'],
        ['shared', 'from main'],
      ]),
    );
    await Promise.all([main.close(), pr.close()]);
  });

  it('keeps one hash per scope under the prefix', async () => {
    const client = new Redis(redis.url);
    try {
      expect((await client.keys('test:*')).sort()).toEqual(
        expect.arrayContaining(['test:tm:main', 'test:tm:feature/login']),
      );
      expect(await client.type('test:tm:main')).toBe('hash');
    } finally {
      client.disconnect();
    }
  });

  it('gives up on a Redis that stops answering after the command timeout, not later', async () => {
    const store = await open('paused', ['paused'], { commandTimeoutMs: 300 });
    redis.pause(true);
    try {
      const started = Date.now();
      const error = await store.getMany(['a']).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MemoryUnavailableError);
      expect((error as Error).message).toMatch(/did not answer a lookup: Command timed out/);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      redis.pause(false);
      await store.close();
    }
  });

  it('fails fast, naming the server but never its password, when Redis cannot be reached', async () => {
    const url = 'redis://reader:s3cret-Pa55@127.0.0.1:1/0';
    const started = Date.now();
    const error = await openRedisTranslationStore({
      url,
      prefix: 'test',
      scope: 'main',
      readScopes: ['main'],
    }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error).toBeInstanceOf(MemoryUnavailableError);
    expect((error as MemoryUnavailableError).code).toBe('TRANSLOOM_MEMORY_UNAVAILABLE');
    expect((error as Error).message).toContain('redis://reader:***@127.0.0.1:1/0');
    expect((error as Error).message).not.toContain('s3cret');
  });
});

describe('the shared store in front of a Redis that goes away', async () => {
  const redis = useRedisServer();
  const dir = await mkdtemp(join(tmpdir(), 'transloom-shared-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('goes on with the local store, says why once, and keeps every write locally', async () => {
    const local = createFileTranslationStore(join(dir, 'tm'));
    const store = createSharedTranslationStore({
      local,
      open: () =>
        openRedisTranslationStore({
          url: redis.url,
          prefix: 'gone',
          scope: 'main',
          readScopes: ['main'],
        }),
    });
    await store.putMany([['a', 'before']]);
    expect(store.unavailable?.()).toBeUndefined();
    expect((await (await store.remote()).getMany(['a'])).get('a')).toBe('before');
    await redis.kill();
    const started = Date.now();
    await store.putMany([['b', 'after']]);
    expect(await store.getMany(['a', 'b', 'c'])).toEqual(
      new Map([
        ['a', 'before'],
        ['b', 'after'],
      ]),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    const reason = store.unavailable?.();
    expect(reason).toContain(`the shared translation memory at ${redis.url}`);
    expect(reason).toContain('goes on with the local translation memory only');
    await store.putMany([['c', 'later']]);
    expect(store.unavailable?.()).toBe(reason);
    await store.close();
    expect(await createFileTranslationStore(join(dir, 'tm')).getMany(['a', 'b', 'c'])).toEqual(
      new Map([
        ['a', 'before'],
        ['b', 'after'],
        ['c', 'later'],
      ]),
    );
  });
});

describe('Redis URLs and scopes', () => {
  it('masks the password wherever the URL or the password appear', () => {
    const url = 'rediss://default:p%40ss-w0rd@cache.example:6380/2';
    expect(maskRedisUrl(url)).toBe('rediss://default:***@cache.example:6380/2');
    expect(maskRedisUrl('redis://tok3n-only@host:6379')).toBe('redis://***@host:6379');
    expect(hideRedisSecrets(`cannot reach ${url}: auth p@ss-w0rd refused (p%40ss-w0rd)`, url)).toBe(
      'cannot reach rediss://default:***@cache.example:6380/2: auth *** refused (***)',
    );
  });

  it("writes into the branch the CI system names and reads the default branch's scope", () => {
    const config = {
      redis: true as const,
      prefix: 'transloom',
      scope: undefined,
      readScopes: undefined,
    };
    const url = 'redis://127.0.0.1:6379/0';
    const settings = (env: Record<string, string>) => {
      const resolved = resolveSharedMemory(config, { TRANSLOOM_REDIS_URL: url, ...env });
      if ('problem' in resolved) throw new Error(resolved.problem);
      return [resolved.settings.scope, resolved.settings.readScopes];
    };
    // A GitHub pull request: its head branch, and the branch it goes into.
    expect(
      settings({
        GITHUB_HEAD_REF: 'fix/typo',
        GITHUB_REF_NAME: '12/merge',
        GITHUB_BASE_REF: 'main',
      }),
    ).toEqual(['fix/typo', ['fix/typo', 'main']]);
    // A push to the default branch writes into its own scope.
    expect(settings({ GITHUB_REF_NAME: 'main' })).toEqual(['main', ['main']]);
    // GitLab names its default branch.
    expect(
      settings({
        CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'mr',
        CI_COMMIT_REF_NAME: 'mr',
        CI_DEFAULT_BRANCH: 'trunk',
      }),
    ).toEqual(['mr', ['mr', 'trunk']]);
    // A developer's machine.
    expect(settings({})).toEqual(['local', ['local', 'main']]);
    expect(resolveSharedMemory(config, {})).toEqual({
      problem: expect.stringContaining('TRANSLOOM_REDIS_URL is not set'),
    });
  });
});
