import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashBytes } from '../hashing/hash-of.js';
import { PathGuard } from './path-guard.js';
import { hashOwnFile, readOwnFile } from './read-own-file.js';

describe("reading a run's own files", async () => {
  const root = await mkdtemp(join(tmpdir(), 'transloom-own-'));
  const outside = await mkdtemp(join(tmpdir(), 'transloom-own-out-'));
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });
  const guard = new PathGuard(root);

  it('hashes each file as its own bytes, whatever was read before it into the shared buffer', async () => {
    // Bigger than the shared buffer (read whole on its own), then a short file and an empty one.
    const sizes = { 'big.md': 3 * 1024 * 1024 + 7, 'small.md': 5, 'empty.md': 0 };
    for (const [name, size] of Object.entries(sizes))
      await writeFile(join(root, name), Buffer.alloc(size, name.charCodeAt(0)));
    for (const name of [...Object.keys(sizes), 'big.md', 'small.md']) {
      const path = join(root, name);
      expect(hashOwnFile(guard, path, name, 0, 'source'), name).toBe(
        hashBytes(await readFile(path)),
      );
      expect(
        Buffer.from(readOwnFile(guard, path, name, 0, 'source')).equals(await readFile(path)),
      ).toBe(true);
    }
  });

  it('meets a link as its last part and checks it before reading through it', async () => {
    await writeFile(join(outside, 'secret.md'), 'SECRET');
    await writeFile(join(root, 'inside.md'), 'inside');
    await symlink(join(outside, 'secret.md'), join(root, 'out.md'));
    await symlink(join(root, 'inside.md'), join(root, 'in.md'));
    expect(() => hashOwnFile(guard, join(root, 'out.md'), 'out.md', 2, 'target')).toThrow(
      /files\[2\]\.target.*outside/s,
    );
    expect(() => readOwnFile(guard, join(root, 'out.md'), 'out.md', 2, 'target')).toThrow(
      /outside/,
    );
    expect(hashOwnFile(guard, join(root, 'in.md'), 'in.md', 0, 'target')).toBe(
      hashBytes(Buffer.from('inside')),
    );
  });
});
