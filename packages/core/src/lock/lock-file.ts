import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../fs/write-file-atomic.js';
import { joined, lockPieces, spells } from './format-lock.js';
import { emptyLock, type Lock, LockError } from './lock-types.js';
import { parseLock } from './parse-lock.js';

export { formatLock, LOCK_HEADER, packedLockedFile, unitLine } from './format-lock.js';
export {
  emptyLock,
  formatLockedTranslation,
  type Lock,
  LockError,
  type LockedFile,
  type LockedGlossary,
  type LockedTarget,
  type LockedTranslation,
  type LockedUnit,
  lockedFile,
  type Origin,
  originOf,
  parseLockedTranslation,
  RETRY,
} from './lock-types.js';
export { parseLock, unitPrefix } from './parse-lock.js';

/** Reads a text file as a lock stores it: hashes and paths, nearly always ASCII, copied as is. */
export function readLockText(path: string): string | undefined {
  try {
    // One synchronous read: a promise-based one reads a lock of megabytes in pieces.
    const bytes = readFileSync(path);
    return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Reads the lock file, or an empty lock when there is none; `journal`, the lines a run wrote
 * ahead of its targets and did not get to fold into the lock, is read over it (its lines are
 * true of the targets they were written with, as the lock's are). `instead` is read in the
 * file's place when given. Returns the lock file's own text too.
 */
export async function readLock(
  path: string,
  journal?: string,
  instead?: string,
): Promise<{ lock: Lock; text: string | undefined }> {
  const text = readLockText(path);
  // `instead`: the lines to read in the file's place (both sides of a conflict git holds).
  const read = instead ?? text;
  if (read === undefined && !journal) return { lock: emptyLock(), text };
  try {
    const lock = parseLock(
      journal ? `${read ?? ''}${read?.endsWith('\n') === false ? '\n' : ''}${journal}` : read!,
    );
    return { lock, text };
  } catch (error) {
    if (error instanceof LockError) error.message = error.message.replace('transloom.lock', path);
    throw error;
  }
}

/** Options of {@link writeLock}. */
export interface WriteLockOptions {
  /** Where the temporary file is written before it is renamed over the lock. */
  temporaryDirectory?: string;
}

/**
 * Writes the lock file atomically, unless `previous` shows it is unchanged, or there was no
 * lock and this one records nothing (a run that wrote nothing leaves no lock behind).
 * Returns whether it wrote.
 */
export async function writeLock(
  path: string,
  lock: Lock,
  previous?: string,
  options: WriteLockOptions = {},
): Promise<boolean> {
  if (previous === undefined && lock.files.size === 0 && lock.glossary === undefined) return false;
  const pieces = lockPieces(lock);
  if (previous !== undefined && spells(pieces, previous)) return false;
  await writeFileAtomic(path, joined(pieces), options);
  return true;
}
