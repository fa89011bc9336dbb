import { type FileHandle, mkdir, open, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { STATE_DIRECTORY } from '../settings/state-directory.js';
import { readLockText } from './lock-file.js';

/**
 * Where a run writes its lock lines ahead of its targets: `.transloom/<lock name>.journal`.
 * Local state, never committed: what it holds reaches the lock when the run (or the next one)
 * writes it.
 */
export function lockJournalPath(root: string, lockFile: string): string {
  return join(root, STATE_DIRECTORY, `${basename(lockFile)}.journal`);
}

/**
 * The lock's write-ahead journal: before a target is renamed into place, the lock lines of
 * the texts written into it are appended here and flushed to the disk, so a run killed at
 * any moment (or stopped by a full disk) leaves, for every text in every target, a line that
 * says who wrote it; the next run reads the journal over the lock. Appends that come while
 * one is being flushed are flushed together (one `fdatasync` for all of them).
 */
export interface LockJournal {
  /** Appends lines (each ending with a newline); resolves once they are on the disk. */
  append(lines: string): Promise<void>;
  /** Whether this run appended anything. */
  used(): boolean;
  close(): Promise<void>;
}

/** A journal at `path`, opened on the first append. */
export function openLockJournal(path: string): LockJournal {
  let handle: Promise<FileHandle> | undefined;
  let waiting: Array<{ lines: string; done: () => void; fail: (error: unknown) => void }> = [];
  let flushing: Promise<void> | undefined;
  let failed: unknown;
  const flush = async () => {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        if (failed !== undefined) throw failed;
        handle ??= openForAppend(path);
        const file = await handle;
        await file.appendFile(batch.map((b) => b.lines).join(''));
        await file.datasync();
        for (const b of batch) b.done();
      } catch (error) {
        // A journal that cannot be written (a full disk) fails every append after it: a
        // target whose lines did not reach it is not renamed into place.
        failed ??= error;
        for (const b of batch) b.fail(error);
      }
    }
    flushing = undefined;
  };
  return {
    append(lines) {
      if (lines === '') return Promise.resolve();
      return new Promise<void>((done, fail) => {
        waiting.push({ lines, done, fail });
        flushing ??= flush();
      });
    },
    used: () => handle !== undefined,
    async close() {
      await flushing;
      if (handle) await (await handle).close().catch(() => {});
      handle = undefined;
    },
  };
}

// Opens the journal for appending; a torn last line (a run killed mid-append) is ended first,
// so it cannot swallow the next line (reading skips it).
async function openForAppend(path: string): Promise<FileHandle> {
  await mkdir(dirname(path), { recursive: true });
  const handle = await open(path, 'a+');
  const { size } = await handle.stat();
  if (size > 0) {
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    if (last[0] !== 0x0a) await handle.appendFile('\n');
  }
  return handle;
}

const UNIT_LINE =
  /^unit "(?:[^"\\]|\\.)*" "(?:[^"\\]|\\.)*" [0-9a-f]+(?: [^\s=]+=[0-9a-f]+:[0-9a-f]+(?::[hu][0-9a-f]*)?)*$/;

/**
 * The lines of a journal a run left (undefined when there is none): only whole unit lines,
 * so a line torn by a kill is left out.
 */
export function readLockJournal(path: string): string | undefined {
  const text = readLockText(path);
  if (text === undefined) return undefined;
  const lines = text.split('\n');
  // The last piece has no newline after it: torn, or empty.
  lines.pop();
  const whole = lines.filter((line) => UNIT_LINE.test(line));
  return whole.length === 0 ? undefined : `${whole.join('\n')}\n`;
}

/** Removes the journal, once the lock holds what it said. */
export async function removeLockJournal(path: string): Promise<void> {
  await rm(path, { force: true });
}
