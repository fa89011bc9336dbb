import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Team',
  GIT_AUTHOR_EMAIL: 'team@example.test',
  GIT_COMMITTER_NAME: 'Team',
  GIT_COMMITTER_EMAIL: 'team@example.test',
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: tmpdir(),
};

/** Runs git in `cwd` and returns its output; throws (with git's words) when it fails. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    env: { ...process.env, ...GIT_ENV },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs git and tells whether it succeeded (a merge that conflicts fails). */
export function gitOk(cwd: string, ...args: string[]): boolean {
  try {
    git(cwd, ...args);
    return true;
  } catch {
    return false;
  }
}

/** A team's repository: a bare `origin`, and clones of it made per person or CI job. */
export interface TeamRepo {
  dir: string;
  origin: string;
  /** A clone of `branch` (a CI checkout with `depth: 1`), named `name`, under the team's folder. */
  clone(name: string, options?: { branch?: string; depth?: number }): string;
}

/** Makes the team's folder with a bare origin; `seed` fills the first commit of `main`. */
export async function teamRepo(seed: (dir: string) => Promise<void>): Promise<TeamRepo> {
  const dir = await mkdtemp(join(tmpdir(), 'transloom-team-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const origin = join(dir, 'origin.git');
  git(dir, 'init', '-q', '--bare', '-b', 'main', origin);
  const first = join(dir, 'seed');
  git(dir, 'clone', '-q', origin, first);
  git(first, 'checkout', '-q', '-b', 'main');
  await seed(first);
  git(first, 'add', '-A');
  git(first, 'commit', '-qm', 'seed');
  git(first, 'push', '-q', 'origin', 'main');
  return {
    dir,
    origin,
    clone(name, options = {}) {
      const path = join(dir, name);
      const depth = options.depth ? ['--depth', String(options.depth)] : [];
      git(dir, 'clone', '-q', ...depth, '-b', options.branch ?? 'main', `file://${origin}`, path);
      return path;
    },
  };
}

/** Writes a project file, its folders made. */
export async function put(root: string, path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

/** Changes a JSON file of a project. */
export async function editJson(
  root: string,
  path: string,
  change: (value: Record<string, string>) => Record<string, string>,
): Promise<void> {
  const file = join(root, path);
  const value = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  await writeFile(file, `${JSON.stringify(change(value), null, 2)}\n`);
}

/** A JSON file of a project. */
export async function readJson(root: string, path: string): Promise<Record<string, string>> {
  return JSON.parse(await readFile(join(root, path), 'utf8')) as Record<string, string>;
}
