import { resolve, sep } from 'node:path';

// A relative path of plain segments: none empty, `.` or `..`.
const PLAIN_RELATIVE = /^(?:(?!\.\.?\/)[^/]+\/)*(?!\.\.?$)[^/]+$/;

// The last root found to be its own path.resolve (a run asks about one root).
let normalRoot: string | undefined;

/** Whether `path` is relative and made of plain segments (none empty, `.` or `..`), on POSIX. */
export function isPlainRelative(path: string): boolean {
  return sep === '/' && PLAIN_RELATIVE.test(path);
}

/**
 * `path.resolve(root, path)`. On POSIX a plain relative path is joined to a root that is
 * already normal, which is all resolve would make of it, without its walk over every
 * character: a run resolves each of its thousands of sources and targets more than once.
 */
export function underRoot(root: string, path: string): string {
  if (isPlainRelative(path)) {
    if (root !== normalRoot && resolve(root) === root) normalRoot = root;
    if (root === normalRoot) return root.endsWith('/') ? root + path : `${root}/${path}`;
  }
  return resolve(root, path);
}
