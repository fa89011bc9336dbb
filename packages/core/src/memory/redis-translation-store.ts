import { TransloomError } from '@transloom/client/errors';
import type { Redis as RedisClient } from 'ioredis';
import { hideRedisSecrets, maskRedisUrl } from './redis-url.js';
import type { TranslationStore } from './translation-memory.js';

/** Options of {@link openRedisTranslationStore}. */
export interface RedisTranslationStoreOptions {
  url: string;
  /** Prefix of every key. */
  prefix: string;
  /** The only scope written into. */
  scope: string;
  /** Scopes read, in order (the first that has a key answers). */
  readScopes: readonly string[];
  /** Milliseconds to wait for the connection (default 5000). */
  connectTimeoutMs?: number;
  /** Milliseconds to wait for one command's answer (default 10000). */
  commandTimeoutMs?: number;
  /** Keys per pipelined batch (default 500). */
  batchSize?: number;
}

/** What {@link RedisTranslationStore.promote} did. */
export interface ScopePromotion {
  from: string;
  to: string;
  /** Entries written into `to`. */
  copied: number;
  /** Entries `to` already had (written once: never overwritten). */
  kept: number;
}

/** The shared translation memory on Redis: one hash per scope, each field written once. */
export interface RedisTranslationStore extends TranslationStore {
  readonly shared: true;
  /** Copies every entry of scope `from` that `to` lacks into `to` (default: the store's own scope). */
  promote(from: string, to?: string): Promise<ScopePromotion>;
  /** Entries a scope holds. */
  size(scope: string): Promise<number>;
  close(): Promise<void>;
}

/** The shared translation memory cannot be reached or refused a command. */
export class MemoryUnavailableError extends TransloomError {
  override name = 'MemoryUnavailableError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_MEMORY_UNAVAILABLE', message, { ...options, kind: 'service' });
  }
}

/** Batches of pipelined commands in flight at once. */
const BATCHES_AT_ONCE = 4;

/** The Redis key of a scope's hash. */
export function scopeKey(prefix: string, scope: string): string {
  return `${prefix}:tm:${scope}`;
}

// Runs `task` over `items` in slices of `size`, at most `width` slices at once.
async function inSlices<T>(
  items: readonly T[],
  size: number,
  width: number,
  task: (slice: readonly T[]) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const start = next;
      next += size;
      await task(items.slice(start, start + size));
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(width, Math.ceil(items.length / size)) }, worker),
  );
}

/**
 * Connects to the shared translation memory. Each scope is one Redis hash (`<prefix>:tm:<scope>`)
 * whose fields are memory keys: content hashes, so a field's value never needs to change, and
 * it is written with HSETNX, so concurrent writers need no lock and never overwrite each other.
 * A hash per scope rather than a key per entry: the prefix is not repeated in every entry, a
 * scope is read and promoted with HSCAN, and dropped with one DEL.
 *
 * The client (ioredis) is loaded here, on first use: a project without a shared memory never
 * loads it. It is set up so that a Redis that is gone never holds a run: a bounded connect
 * timeout, a timeout per command (a Redis that stops answering), no offline queue, and no
 * reconnection (a Redis that went away fails every command at once).
 */
export async function openRedisTranslationStore(
  options: RedisTranslationStoreOptions,
): Promise<RedisTranslationStore> {
  const loaded = await import('ioredis');
  // ioredis is CommonJS: Node finds its named exports, a bundle (the CLI's) may give only `default`.
  const Redis =
    loaded.Redis ?? (loaded as unknown as { default: Pick<typeof loaded, 'Redis'> }).default.Redis;
  const label = maskRedisUrl(options.url);
  const fail = (what: string, error: unknown) =>
    new MemoryUnavailableError(
      `the shared translation memory at ${label} ${what}: ${hideRedisSecrets((error as Error)?.message ?? String(error), options.url)}`,
    );
  const client: RedisClient = new Redis(options.url, {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    commandTimeout: options.commandTimeoutMs ?? 10_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    autoResendUnfulfilledCommands: false,
    // A connection that drops is not opened again: the commands waiting on it fail at once
    // (rather than at their timeout), and the run goes on with its local memory.
    retryStrategy: () => null,
  });
  // Failures surface through the commands; without a listener, an 'error' event would end the process.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw fail('cannot be reached', error);
  }
  const batch = options.batchSize ?? 500;
  const own = scopeKey(options.prefix, options.scope);
  const reads = options.readScopes.map((s) => scopeKey(options.prefix, s));
  const exec = async (pipeline: ReturnType<RedisClient['pipeline']>) => {
    const results = await pipeline.exec();
    if (!results) throw new MemoryUnavailableError('Redis discarded a batch of commands');
    for (const [error] of results) if (error) throw error;
    return results.map(([, value]) => value);
  };
  const guarded = async <T>(what: string, task: () => Promise<T>): Promise<T> => {
    try {
      return await task();
    } catch (error) {
      throw error instanceof MemoryUnavailableError ? error : fail(what, error);
    }
  };
  return {
    shared: true,
    getMany(keys) {
      return guarded('did not answer a lookup', async () => {
        const found = new Map<string, string>();
        // One round trip per slice: every scope is asked at once, the first that has a key wins.
        await inSlices(keys, batch, BATCHES_AT_ONCE, async (slice) => {
          const pipeline = client.pipeline();
          for (const key of reads) pipeline.hmget(key, ...slice);
          const answers = (await exec(pipeline)) as Array<Array<string | null>>;
          slice.forEach((key, i) => {
            for (const answer of answers) {
              const value = answer[i];
              if (value !== null && value !== undefined) {
                found.set(key, value);
                break;
              }
            }
          });
        });
        return found;
      });
    },
    putMany(entries) {
      return guarded('did not store a batch', () =>
        inSlices(entries, batch, BATCHES_AT_ONCE, async (slice) => {
          const pipeline = client.pipeline();
          for (const [key, value] of slice) pipeline.hsetnx(own, key, value);
          await exec(pipeline);
        }),
      );
    },
    promote(from, to = options.scope) {
      return guarded(`did not promote scope '${from}'`, async () => {
        const source = scopeKey(options.prefix, from);
        const target = scopeKey(options.prefix, to);
        let cursor = '0';
        let copied = 0;
        let kept = 0;
        do {
          const [next, flat] = await client.hscan(source, cursor, 'COUNT', batch);
          cursor = next;
          if (flat.length === 0) continue;
          const pipeline = client.pipeline();
          for (let i = 0; i < flat.length; i += 2) pipeline.hsetnx(target, flat[i]!, flat[i + 1]!);
          for (const written of await exec(pipeline)) {
            if (written === 1) copied++;
            else kept++;
          }
        } while (cursor !== '0');
        return { from, to, copied, kept };
      });
    },
    size: (scope) => guarded('did not answer', () => client.hlen(scopeKey(options.prefix, scope))),
    async close() {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
