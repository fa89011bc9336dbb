import { LRUCache } from 'lru-cache';

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
  /** Its entries are seen by other machines too (a shared memory): a run may be sharded. */
  readonly shared?: boolean;
  /**
   * Why the shared part of the store does not answer (unreachable, not configured), once it
   * is known; the store then goes on with its local part.
   */
  unavailable?(): string | undefined;
}

/** The translation memory: an in-process LRU cache in front of a store. */
export interface TranslationMemory {
  getMany(keys: readonly string[]): Promise<Map<string, string>>;
  putMany(entries: ReadonlyArray<readonly [string, string]>): Promise<void>;
  close(): Promise<void>;
  /** See {@link TranslationStore.shared}. */
  readonly shared?: boolean;
  /** See {@link TranslationStore.unavailable}. */
  unavailable?(): string | undefined;
}

/** Options of {@link createTranslationMemory}. */
export interface TranslationMemoryOptions {
  store: TranslationStore;
  /** Entries kept in memory at most (default 20 000). */
  maxEntries?: number;
  /** Characters of keys and texts kept in memory at most (default 1 000 000, about 3 MB). */
  maxCharacters?: number;
}

/** A translation memory over `store`, with the most recently used entries kept in memory. */
export function createTranslationMemory(options: TranslationMemoryOptions): TranslationMemory {
  // Made on first use: a run with nothing to look up (the no-op rerun) should not pay for it.
  // Bounded by size as well as count, and small: a run looks each text up once per locale, so
  // the cache serves a long-lived session (a dev server), whose working set is the texts of the
  // files being edited; a big run puts every answer through it, and a cache the size of the
  // run would only hold those answers until the process ends.
  let lru: LRUCache<string, string> | undefined;
  const cache = () => {
    lru ??= new LRUCache<string, string>({
      max: options.maxEntries ?? 20_000,
      maxSize: options.maxCharacters ?? 1_000_000,
      sizeCalculation: (value, key) => key.length + value.length,
    });
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
    shared: options.store.shared === true,
    unavailable: () => options.store.unavailable?.(),
  };
}

/** A store that keeps nothing (`translationMemory: false`). */
export const noTranslationStore: TranslationStore = {
  getMany: async () => new Map(),
  putMany: async () => {},
};
