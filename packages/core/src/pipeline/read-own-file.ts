import { closeSync, constants, openSync, readFileSync } from 'node:fs';
import { isLinkRefused, NO_FOLLOW, type PathGuard } from './path-guard.js';

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
  if (!guard || NO_FOLLOW === undefined) return readFileSync(path);
  let fd: number;
  try {
    // Non-blocking too: a named pipe in the project is refused at its read instead of waiting
    // for a writer forever (a regular file reads as it would without the flag).
    fd = openSync(path, constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if (!isLinkRefused(error)) throw error;
    guard.checkSync(`files[${entryIndex}].${part}`, relative);
    return readFileSync(path);
  }
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
