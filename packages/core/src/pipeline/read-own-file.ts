import { closeSync, constants, openSync, readFileSync, readSync } from 'node:fs';
import { hashBytes } from '../hashing/hash-of.js';
import { isLinkRefused, NO_FOLLOW, type PathGuard } from './path-guard.js';

// Opens a source or target of a run for reading; see readOwnFile.
function openOwnFile(
  guard: PathGuard | undefined,
  path: string,
  relative: string,
  entryIndex: number,
  part: 'source' | 'target',
): number {
  if (!guard || NO_FOLLOW === undefined) return openSync(path, 'r');
  try {
    // Non-blocking too: a named pipe in the project is refused at its read instead of waiting
    // for a writer forever (a regular file reads as it would without the flag).
    return openSync(path, constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if (!isLinkRefused(error)) throw error;
  }
  guard.checkSync(`files[${entryIndex}].${part}`, relative);
  return openSync(path, 'r');
}

// Opens a source or target as openOwnFile does, hands its descriptor to `use`, and closes it.
function usingOwnFile<T>(
  guard: PathGuard | undefined,
  path: string,
  relative: string,
  entryIndex: number,
  part: 'source' | 'target',
  use: (fd: number) => T,
): T {
  const fd = openOwnFile(guard, path, relative, entryIndex, part);
  try {
    return use(fd);
  } finally {
    closeSync(fd);
  }
}

const readWhole = (fd: number): Uint8Array => readFileSync(fd);

/**
 * Reads a source or target of a run (`path`, absolute; `relative` to the root, as the guard
 * names it). The file is opened without following a link as its last part, which
 * {@link PathGuard.checkFolderSync} left unchecked: a link met here is checked in full (a
 * ConfigError naming `files[entryIndex].part` when it leads out of the project or into
 * `.git`) before anything is read through it, so nothing outside the project is read, not even
 * a device or a pipe a link points to. Without a guard, the file is read as it is.
 */
export function readOwnFile(
  guard: PathGuard | undefined,
  path: string,
  relative: string,
  entryIndex: number,
  part: 'source' | 'target',
): Uint8Array {
  return usingOwnFile(guard, path, relative, entryIndex, part, readWhole);
}

// One buffer every hashed file is read into: a file a run only compares with the lock needs
// no buffer of its own (nor the size asked first), and thousands of them leave no garbage.
const SCRATCH = Buffer.allocUnsafeSlow(1 << 20);

/**
 * The hash ({@link hashBytes}) of a file {@link readOwnFile} would read, read into a buffer
 * shared by every call: for a file that is only compared with the lock. A file that fills the
 * buffer is read whole on its own.
 */
export function hashOwnFile(
  guard: PathGuard | undefined,
  path: string,
  relative: string,
  entryIndex: number,
  part: 'source' | 'target',
): string {
  return usingOwnFile(guard, path, relative, entryIndex, part, hashThroughScratch);
}

// A read at offset 0 leaves the file's own offset where it was, for the whole read. A regular
// file reads short only at its end (a file system that read short elsewhere would give a hash
// unlike the lock's, and the file would be read again in full).
function hashThroughScratch(fd: number): string {
  const length = readSync(fd, SCRATCH, 0, SCRATCH.length, 0);
  return hashBytes(length < SCRATCH.length ? SCRATCH.subarray(0, length) : readFileSync(fd));
}
