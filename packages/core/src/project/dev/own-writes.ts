import { readFile } from 'node:fs/promises';
import { hashBytes } from '../../hashing/hash-of.js';

/** Files a dev session wrote, by content, so that their change events start no second round. */
export interface OwnWrites {
  /**
   * Remembers `hash` (the engine's hash of the bytes it wrote) as the session's own content of
   * `path` (absolute); without a hash, the bytes now at `path` are read.
   */
  record(path: string, hash?: string): void;
  /** Whether the file at `path` still holds what the session wrote there (a person's later edit does not). */
  isOurs(path: string): Promise<boolean>;
  /** Resolves once every `record` has read its file. */
  settled(): Promise<void>;
}

// The engine's file hash (the `hash` of its `written` events).
async function hashFile(path: string): Promise<string | undefined> {
  try {
    return hashBytes(await readFile(path));
  } catch {
    return undefined; // gone again: nothing of ours to recognise
  }
}

/**
 * Content hashes of the files a dev session just wrote. A watcher event whose file still hashes
 * the same is the session's own write and is ignored; any other content is a person's edit
 * (the record is dropped then, so saving the old text again later is seen too).
 */
export function createOwnWrites(): OwnWrites {
  const hashes = new Map<string, Promise<string | undefined>>();
  const reading = new Set<Promise<unknown>>();
  return {
    record(path, known) {
      // Without the engine's hash, read at once: the write was atomic (a rename), so these are
      // the bytes that were written.
      const hash = known !== undefined ? Promise.resolve(known) : hashFile(path);
      hashes.set(path, hash);
      reading.add(hash);
      void hash.finally(() => reading.delete(hash));
    },
    async isOurs(path) {
      const recorded = hashes.get(path);
      if (!recorded) return false;
      const [ours, now] = await Promise.all([recorded, hashFile(path)]);
      if (ours !== undefined && ours === now) return true;
      if (hashes.get(path) === recorded) hashes.delete(path);
      return false;
    },
    async settled() {
      await Promise.all([...reading]);
    },
  };
}
