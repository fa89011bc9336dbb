#!/usr/bin/env node
// Packs every published package (each `packages/*` that is not private) into `packs/` at the
// repository root, one tarball per package, as the registry would get it. `pnpm pack` writes
// the package.json people install: `workspace:` ranges become the versions they point to, and
// the repository's LICENSE goes in. Older tarballs of the same packages are removed first.
// Expects built packages: `pnpm pack:all` builds, then runs this.
//   node scripts/pack-all.mjs [--out DIR]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpmCommand } from './lib/pnpm-command.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The tarball name `pnpm pack` gives a package: `@scope/name@1.0.0` -> `scope-name-1.0.0.tgz`. */
const tarballName = (name, version) => `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;

/**
 * The packages that are published: every folder of `packages/` whose package.json is not
 * private.
 * @returns {{ dir: string, name: string, version: string }[]}
 */
export function publishedPackages() {
  const packagesDir = join(ROOT, 'packages');
  return readdirSync(packagesDir)
    .map((folder) => join(packagesDir, folder))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ dir, manifest }) => ({ dir, name: manifest.name, version: manifest.version }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Packs every published package into `out` (default `packs/`) and returns the tarballs.
 * @param {{ out?: string }} [options]
 * @returns {{ name: string, version: string, file: string, bytes: number }[]}
 */
export function packAll({ out = join(ROOT, 'packs') } = {}) {
  mkdirSync(out, { recursive: true });
  const packages = publishedPackages();
  for (const pkg of packages) {
    if (!existsSync(join(pkg.dir, 'dist')))
      throw new Error(
        `${pkg.name} is not built (no ${relative(ROOT, join(pkg.dir, 'dist'))}): run pnpm build first`,
      );
    rmSync(join(out, tarballName(pkg.name, pkg.version)), { force: true });
  }
  // One pnpm for every package: starting pnpm (through npx, outside pnpm) is most of the time.
  const [command, ...prefix] = pnpmCommand(ROOT);
  const filters = packages.flatMap((pkg) => ['--filter', pkg.name]);
  execFileSync(command, [...prefix, '--recursive', ...filters, 'pack', '--pack-destination', out], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return packages.map((pkg) => {
    const file = join(out, tarballName(pkg.name, pkg.version));
    if (!existsSync(file)) throw new Error(`pnpm pack did not write ${file}`);
    return { name: pkg.name, version: pkg.version, file, bytes: statSync(file).size };
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const out = at > 0 ? resolve(process.argv[at + 1] ?? '') : undefined;
  const started = performance.now();
  const packed = packAll(out ? { out } : {});
  for (const { name, version, file, bytes } of packed)
    console.log(
      `${`${name}@${version}`.padEnd(32)} ${(bytes / 1024).toFixed(0).padStart(6)} KiB  ${relative(process.cwd(), file) || basename(file)}`,
    );
  console.log(
    `${packed.length} packages packed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
