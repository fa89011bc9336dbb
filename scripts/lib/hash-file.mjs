// One hash of a file's bytes for every script that compares or reads files (no engine loaded:
// the no-op floor of bench.mjs measures reading and hashing alone).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** The SHA-256 (hex) of a file's bytes. */
export async function hashFile(path) {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}
