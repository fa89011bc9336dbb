import { type FileHandle, mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { groupBy } from './group-by.js';

/**
 * Where translations are kept between runs. Keys are content hashes (hex); values are
 * translated segments. Stores are pluggable: local files by default, a shared one (Redis,
 * say) for teams and sharded CI.
 */
export interface TranslationStore {
  /** The values of those `keys` the store has. */
  getMany(keys: readonly string[]): Promise<Map<string, string>>;
  /** Adds entries; they must survive the process once it resolves. */
  putMany(entries: ReadonlyArray<readonly [string, string]>): Promise<void>;
  /** Releases what the store holds open. */
  close?(): Promise<void>;
}

/** The translation memory: an in-process LRU cache in front of a store. */
export interface TranslationMemory {
  getMany(keys: readonly string[]): Promise<Map<string, string>>;
  putMany(entries: ReadonlyArray<readonly [string, string]>): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link createTranslationMemory}. */
export interface TranslationMemoryOptions {
  store: TranslationStore;
  /** Entries kept in memory (default 200 000). */
  maxEntries?: number;
}

/** A translation memory over `store`, with the most recently used entries kept in memory. */
export function createTranslationMemory(options: TranslationMemoryOptions): TranslationMemory {
  // Made on first use: the cache allocates room for all its entries up front, which a run
  // with nothing to look up (the no-op rerun) should not pay for.
  let lru: LRUCache<string, string> | undefined;
  const cache = () => {
    lru ??= new LRUCache<string, string>({ max: options.maxEntries ?? 200_000 });
    return lru;
  };
  return {
    async getMany(keys) {
      const found = new Map<string, string>();
      const missing: string[] = [];
      for (const key of keys) {
        const value = cache().get(key);
        if (value === undefined) missing.push(key);
        else found.set(key, value);
      }
      if (missing.length > 0) {
        for (const [key, value] of await options.store.getMany(missing)) {
          cache().set(key, value);
          found.set(key, value);
        }
      }
      return found;
    },
    async putMany(entries) {
      if (entries.length === 0) return;
      await options.store.putMany(entries);
      for (const [key, value] of entries) cache().set(key, value);
    },
    close: async () => {
      await options.store.close?.();
    },
  };
}

/** A store that keeps nothing (`translationMemory: false`). */
export const noTranslationStore: TranslationStore = {
  getMany: async () => new Map(),
  putMany: async () => {},
};

// 16 shards by the key's first hex digit: few enough that a batch touches few files.
function shardOf(key: string): string {
  return (key[0] ?? '0').toLowerCase();
}

/**
 * The default store: 16 append-only JSON Lines files under `directory`, chosen by the key's
 * first hex digit. Each batch is one append per shard through a handle kept open for the run,
 * so a run killed mid-write leaves at most a torn last line, which reading skips.
 */
export function createFileTranslationStore(directory: string): TranslationStore {
  let made: Promise<unknown> | undefined;
  const handles = new Map<string, Promise<FileHandle>>();
  const handleOf = (shard: string) => {
    let handle = handles.get(shard);
    if (!handle) {
      handle = openForAppend(join(directory, `${shard}.jsonl`));
      handles.set(shard, handle);
    }
    return handle;
  };
  return {
    async getMany(keys) {
      const found = new Map<string, string>();
      await Promise.all(
        [...groupBy(keys, shardOf)].map(async ([shard, list]) => {
          const wanted = new Set(list);
          let text: string;
          try {
            text = await readFile(join(directory, `${shard}.jsonl`), 'utf8');
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
            throw error;
          }
          for (const line of text.split('\n')) {
            if (line === '') continue;
            let entry: unknown;
            try {
              entry = JSON.parse(line);
            } catch {
              continue; // a torn line from an interrupted append
            }
            if (Array.isArray(entry) && typeof entry[1] === 'string' && wanted.has(entry[0])) {
              // Later lines win: a key written twice keeps its newest value.
              found.set(entry[0] as string, entry[1]);
            }
          }
        }),
      );
      return found;
    },
    async putMany(entries) {
      made ??= mkdir(directory, { recursive: true });
      await made;
      await Promise.all(
        [...groupBy(entries, ([key]) => shardOf(key))].map(async ([shard, list]) => {
          const handle = await handleOf(shard);
          await handle.write(list.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
        }),
      );
    },
    async close() {
      const open = [...handles.values()];
      handles.clear();
      await Promise.all(open.map(async (handle) => (await handle).close()));
    },
  };
}

// Opens a shard for appending; a torn last line left by a killed run is ended first, so it
// cannot swallow the next entry.
async function openForAppend(path: string): Promise<FileHandle> {
  const handle = await open(path, 'a+');
  const { size } = await handle.stat();
  if (size > 0) {
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    if (last[0] !== 0x0a) await handle.write('\n');
  }
  return handle;
}
