import type { RedisTranslationStore } from './redis-translation-store.js';
import type { TranslationStore } from './translation-memory.js';

/** Options of {@link createSharedTranslationStore}. */
export interface SharedTranslationStoreOptions {
  /** The machine's own store (files), read first and always written. */
  local: TranslationStore;
  /** Opens the shared store; called once, on first use. */
  open: () => Promise<RedisTranslationStore>;
}

/** The local store in front of a shared one, going on alone when the shared one fails. */
export interface SharedTranslationStore extends TranslationStore {
  readonly shared: true;
  /** The shared store, opened if it was not yet; a MemoryUnavailableError when it cannot be. */
  remote(): Promise<RedisTranslationStore>;
  close(): Promise<void>;
}

/**
 * A store that reads the local store first and the shared one for what it lacks, and writes
 * both. The shared store is opened on first use (a run with nothing to look up never
 * connects). When it cannot be reached or fails a command, the store goes on with the local
 * store alone for the rest of its life: a lookup finds what the local store has, a write is
 * kept locally, and {@link TranslationStore.unavailable} says why, so the run says so once.
 */
export function createSharedTranslationStore(
  options: SharedTranslationStoreOptions,
): SharedTranslationStore {
  let opening: Promise<RedisTranslationStore> | undefined;
  let lost: string | undefined;
  const remote = () => {
    opening ??= options.open();
    return opening;
  };
  // The shared store, or undefined once it failed.
  const live = async (): Promise<RedisTranslationStore | undefined> => {
    if (lost !== undefined) return undefined;
    try {
      return await remote();
    } catch (error) {
      drop(error);
      return undefined;
    }
  };
  const drop = (error: unknown) => {
    if (lost !== undefined) return;
    lost = `${(error as Error).message}; this run goes on with the local translation memory only`;
    // No reconnection attempts for the rest of the run.
    opening?.then((store) => store.close()).catch(() => {});
  };
  return {
    shared: true,
    remote,
    unavailable: () => lost,
    async getMany(keys) {
      const found = await options.local.getMany(keys);
      const missing = keys.filter((key) => !found.has(key));
      const store = missing.length > 0 ? await live() : undefined;
      if (store) {
        try {
          for (const [key, value] of await store.getMany(missing)) found.set(key, value);
        } catch (error) {
          drop(error);
        }
      }
      return found;
    },
    async putMany(entries) {
      if (entries.length === 0) return;
      const local = options.local.putMany(entries);
      const store = await live();
      if (store) {
        try {
          await store.putMany(entries);
        } catch (error) {
          drop(error);
        }
      }
      await local;
    },
    async close() {
      const store =
        lost === undefined && opening ? await opening.catch(() => undefined) : undefined;
      await Promise.all([options.local.close?.(), store?.close()]);
    },
  };
}
