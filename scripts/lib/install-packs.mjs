// Installs packed tarballs into a fresh project the way a user would (`npm install` in a folder
// of its own, outside the repository), and tells what the install compiled. Used by the
// pack-and-install test and by `pnpm bench:install`.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * The environment of a user's shell, taken from this one: without what pnpm, npm or the
 * repository put there (npm_* settings, NODE_PATH, the repository's `node_modules/.bin` on
 * PATH) and without a Transloom key, so nothing from the repository leaks into the project.
 * @param {Record<string, string>} [extra] variables to set on top
 * @returns {Record<string, string>}
 */
export function userEnv(extra = {}) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (/^(npm_|pnpm_|turbo_|vitest)/i.test(name)) continue;
    if (['INIT_CWD', 'NODE_PATH', 'NODE_OPTIONS', 'NODE_ENV', 'TEST', 'VITEST'].includes(name))
      continue;
    if (name.startsWith('TRANSLOOM_')) continue;
    env[name] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir && !resolve(dir).startsWith(ROOT) && !dir.includes('node_modules'))
    .join(delimiter);
  return { ...env, ...extra };
}

/**
 * Runs a command and resolves with its exit code and output (never rejects on a failing exit).
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env?: Record<string, string>, timeoutMs?: number }} options
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string, ms: number }>}
 */
export function run(command, args, { cwd, env = userEnv(), timeoutMs = 600_000 }) {
  const started = performance.now();
  return new Promise((done, fail) => {
    execFile(
      command,
      args,
      { cwd, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        if (error && code === null && !('signal' in error && error.signal)) fail(error);
        else done({ code, stdout, stderr, ms: performance.now() - started });
      },
    );
  });
}

/**
 * Makes `dir` a project of its own (a package.json, nothing else) and installs `tarballs` and
 * `extra` packages into it with `npm install`. `cache` points npm at another cache folder
 * (a cold install); by default npm's own cache is used, as on a developer's machine.
 * @param {{ dir: string, tarballs: string[], extra?: string[], cache?: string }} options
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string, ms: number }>}
 */
export async function installPacks({ dir, tarballs, extra = [], cache }) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'transloom-install-check', private: true, type: 'module' }, null, 2)}\n`,
  );
  const args = [
    'install',
    '--no-audit',
    '--no-fund',
    // What is in the cache is taken without asking the registry again; anything else is fetched.
    '--prefer-offline',
    // Install scripts print where they can be read (a compile would show here).
    '--foreground-scripts',
    ...(cache ? ['--cache', cache] : []),
    ...tarballs,
    ...extra,
  ];
  return run('npm', args, { cwd: dir });
}

/** @param {string} dir @returns {Generator<string>} every package folder under node_modules */
function* packageDirs(dir) {
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) return;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(modules, entry.name);
    if (entry.name.startsWith('@')) {
      for (const scoped of readdirSync(path, { withFileTypes: true }))
        if (scoped.isDirectory()) {
          yield join(path, scoped.name);
          yield* packageDirs(join(path, scoped.name));
        }
    } else {
      yield path;
      yield* packageDirs(path);
    }
  }
}

/**
 * What an install compiled: node-gyp leaves `build/config.gypi` in every package it builds
 * (a package never ships one), so each such folder is a native module built on this machine.
 * @param {string} dir the project
 * @returns {string[]} the package folders, relative to the project
 */
export function compiledPackages(dir) {
  return [...packageDirs(dir)]
    .filter((path) => existsSync(join(path, 'build', 'config.gypi')))
    .map((path) => path.slice(dir.length + 1));
}

/**
 * The installed packages that run a script when installed (preinstall, install, postinstall,
 * or npm's own `node-gyp rebuild` for a binding.gyp),
 * with the script, e.g. `{ '@photostructure/sqlite': 'node-gyp-build' }`.
 * @param {string} dir the project
 * @returns {Record<string, string>}
 */
export function installScripts(dir) {
  /** @type {Record<string, string>} */
  const found = {};
  for (const path of packageDirs(dir)) {
    const manifest = join(path, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8'));
    // npm runs `node-gyp rebuild` itself for a package with a binding.gyp and no install script.
    const gyp = existsSync(join(path, 'binding.gyp')) ? 'node-gyp rebuild' : undefined;
    const script = scripts.preinstall ?? scripts.install ?? scripts.postinstall ?? gyp;
    if (name && script) found[name] = script;
  }
  return found;
}
