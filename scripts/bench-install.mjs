#!/usr/bin/env node
// How long a user's install of the packed packages takes: `pnpm pack:all`'s tarballs (and
// Vite) installed with npm into fresh projects outside the repository, once with an empty npm
// cache (everything downloaded) and once more with that cache filled, and whether anything was
// compiled. Run with `pnpm bench:install` after `pnpm build`.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledPackages, installPacks, installScripts } from './lib/install-packs.mjs';
import { packAll } from './pack-all.mjs';

const work = await mkdtemp(join(tmpdir(), 'transloom-bench-install-'));
const cache = join(work, 'npm-cache');
const line = (name, value) => console.log(`${name.padEnd(34)}${value}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

try {
  let started = performance.now();
  const packs = packAll();
  const packMs = performance.now() - started;
  console.log(
    `\ninstall of the packed packages, Node ${process.version}, load ${loadavg()[0].toFixed(1)}\n`,
  );
  line(
    'pnpm pack:all',
    `${seconds(packMs)}, ${packs.length} tarballs, ${(packs.reduce((n, p) => n + p.bytes, 0) / 1024).toFixed(0)} KiB`,
  );
  for (const [name, dir] of [
    ['npm install, empty cache', join(work, 'cold')],
    ['npm install, warm cache', join(work, 'warm')],
  ]) {
    started = performance.now();
    const result = await installPacks({
      dir,
      tarballs: packs.map((p) => p.file),
      extra: ['vite@^8'],
      cache,
    });
    const ms = performance.now() - started;
    if (result.code !== 0) throw new Error(`npm install failed:\n${result.stderr}`);
    const added = /added (\d+) packages/.exec(result.stdout)?.[1] ?? '?';
    const compiled = compiledPackages(dir);
    line(
      name,
      `${seconds(ms)}, ${added} packages, compiled: ${compiled.length ? compiled.join(', ') : 'nothing'}`,
    );
    if (name.includes('warm'))
      line(
        'install scripts that ran',
        Object.entries(installScripts(dir))
          .map(([p, s]) => `${p} (${s})`)
          .join(', '),
      );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
