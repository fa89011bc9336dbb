#!/usr/bin/env node
// Sets up a fresh clone with nothing but Node and npm, then runs one of the root scripts:
// installs dependencies with pnpm (fetched through npx when it is not installed), builds
// every package, and hands over to `pnpm run <script>`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const script = process.argv[2];
if (!script) {
  process.stderr.write('usage: node scripts/bootstrap.mjs <root script> [args...]\n');
  process.exit(2);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`Transloom needs Node.js >= 20.19; this is ${process.version}\n`);
  process.exit(1);
}

const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const userAgent = process.env.npm_config_user_agent ?? '';
const execPath = process.env.npm_execpath;
// Under pnpm, reuse the running pnpm; otherwise fetch the pinned version with npx.
const pnpm =
  userAgent.startsWith('pnpm/') && execPath
    ? [process.execPath, execPath]
    : ['npx', '--yes', packageManager];

function run(args, options = {}) {
  const [command, ...rest] = [...pnpm, ...args];
  const result = spawnSync(command, rest, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newer(a, b) {
  return !existsSync(b) || statSync(a).mtimeMs > statSync(b).mtimeMs;
}

const marker = join(root, 'node_modules', '.modules.yaml');
if (newer(join(root, 'pnpm-lock.yaml'), marker) || newer(join(root, 'package.json'), marker)) {
  run(['install', '--frozen-lockfile']);
}
run(['exec', 'turbo', 'run', 'build', '--filter=./packages/*', '--output-logs=errors-only']);
run(['run', script, ...process.argv.slice(3)]);
