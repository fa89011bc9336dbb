// What a bench compares between two runs: every file of a project and the hash of its bytes.
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { STATE_DIRECTORY } from '../../packages/core/dist/index.js';
import { hashFile } from './hash-file.mjs';

/**
 * Every file under `root` (relative path -> SHA-256), the project's state directory and the
 * paths in `skip` (relative to `root`) aside.
 */
export async function digestTree(root, skip = []) {
  const left = new Set([STATE_DIRECTORY, ...skip]);
  const out = new Map();
  const walk = async (dir) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path);
      if (left.has(rel)) continue;
      if (entry.isDirectory()) await walk(path);
      else out.set(rel, await hashFile(path));
    }
  };
  await walk(root);
  return out;
}
