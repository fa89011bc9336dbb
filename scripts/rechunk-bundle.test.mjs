import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { bundleEngine } from './lib/bundle-engine.mjs';

// esbuild and Rollup as the CLI's build takes them.
const fromCli = createRequire(new URL('../packages/cli/package.json', import.meta.url));
const { build } = fromCli('esbuild');
const { rollup } = fromCli('rollup');

let root;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

// A command line in miniature: an entry that loads `start` at once and a command on demand,
// the command loading `deep` on demand in turn, and `b` shared by `deep` and a lazy helper.
const SOURCES = {
  'entry.js': `#!/usr/bin/env node
import { start } from './start.js';
export const started = start();
export const go = async () => (await import('./command.js')).run();`,
  'start.js': `export const start = () => 'started';
export const shared = 'S';`,
  'command.js': `import { a } from './a.js';
import { shared } from './start.js';
export const run = async () => (await import('./deep.js')).deep + a + shared;`,
  'a.js': `export const a = 'A';
export const helper = () => import('./b.js');`,
  'deep.js': `import { b } from './b.js';
const parts = {
  /** The first letter: ‘D’ (kept as it is by esbuild, a comment on a property). */
  first: 'D',
};
export const deep = parts.first + b;`,
  'b.js': `export const b = 'B';`,
};

async function bundle(rechunk) {
  root = await mkdtemp(join(tmpdir(), 'transloom-rechunk-'));
  await mkdir(join(root, 'src'));
  for (const [name, text] of Object.entries(SOURCES))
    await writeFile(join(root, 'src', name), `${text}\n`);
  await bundleEngine(build, { root, entryPoints: { entry: 'src/entry.js' }, rechunk });
  const chunks = await readdir(join(root, 'dist/chunks'));
  const entry = await readFile(join(root, 'dist/entry.js'), 'utf8');
  return { chunks, entry };
}

it('puts what a group loads into one chunk, and keeps what the entry loads at start out of it', async () => {
  const split = await bundle(undefined);
  // esbuild alone: a chunk per set of dynamic imports.
  expect(split.chunks.length).toBeGreaterThanOrEqual(3);
  await rm(root, { recursive: true, force: true });

  const { chunks, entry } = await bundle({
    rollup,
    groups: { run: ['src/command.js', 'src/deep.js'] },
  });
  const run = chunks.filter((name) => name.startsWith('run-'));
  expect(run).toHaveLength(1);
  const runText = await readFile(join(root, 'dist/chunks', run[0]), 'utf8');
  for (const piece of ['"D"', '"A"', '"B"']) expect(runText).toContain(piece);
  expect(runText).not.toContain('"started"');
  // All in ASCII, comments included.
  expect(runText).toContain('\\u2018D\\u2019');
  expect(runText).toMatch(/^[\0-\x7f]*$/);
  // The entry loads only what it needs at start; the group comes with the command.
  const staticImports = [...entry.matchAll(/^import [^;]*?from ['"]([^'"]+)['"]/gm)].map(
    (m) => m[1],
  );
  expect(staticImports.some((path) => path.includes('/run-'))).toBe(false);
  expect(entry.startsWith('#!/usr/bin/env node')).toBe(true);
  expect((await stat(join(root, 'dist/entry.js'))).mode & 0o111).toBe(0o111);
  // And it still runs: the command and what it loads lazily give the same answer.
  const loaded = await import(pathToFileURL(join(root, 'dist/entry.js')).href);
  expect(loaded.started).toBe('started');
  expect(await loaded.go()).toBe('DBAS');
  await expect(readdir(join(root, 'dist/.split'))).rejects.toThrow(/ENOENT/);
});
