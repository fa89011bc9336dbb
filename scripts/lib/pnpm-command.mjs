// How to run the repository's pnpm from a script: the pnpm that runs the script when there is
// one (`pnpm <script>` sets npm_execpath), otherwise the version package.json pins, through npx.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The command and leading arguments that run pnpm for the repository at `root`, e.g.
 * `['/usr/bin/node', '/…/pnpm.cjs']` or `['npx', '--yes', 'pnpm@10.34.9']`.
 * @param {string} root
 * @returns {string[]}
 */
export function pnpmCommand(root) {
  const userAgent = process.env.npm_config_user_agent ?? '';
  const execPath = process.env.npm_execpath;
  if (userAgent.startsWith('pnpm/') && execPath) return [process.execPath, execPath];
  const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return ['npx', '--yes', packageManager];
}
