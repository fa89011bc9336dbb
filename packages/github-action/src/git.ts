import { execFile } from 'node:child_process';
import { ActionError } from './action-error.js';
import { childEnvironment } from './child-environment.js';

/** What one git command printed. */
export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of one git command. */
export interface GitRunOptions {
  /** A non-zero exit is returned rather than thrown. */
  allowFailure?: boolean;
  /** Standard input (path lists too long for a command line). */
  input?: string;
  /** Variables over the scrubbed environment. */
  env?: Record<string, string>;
  /** Milliseconds before the command is stopped (network commands); none by default. */
  timeoutMs?: number;
}

/** Runs the `git` binary in one directory. */
export interface Git {
  readonly cwd: string;
  /** Runs git; a non-zero exit is an ActionError naming the command, unless `allowFailure`. */
  run(args: readonly string[], options?: GitRunOptions): Promise<GitResult>;
  /** The trimmed output of a command that must succeed. */
  text(args: readonly string[]): Promise<string>;
}

/**
 * Options every git command of the Action gets: no hook runs (a checkout's hooks are not the
 * Action's to run, and a pull request could have planted one), no file system monitor program,
 * and no signing program.
 */
export const SAFE_GIT_OPTIONS = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'commit.gpgsign=false',
  '-c',
  'tag.gpgsign=false',
] as const;

/** How long a command that talks to the remote may take. */
export const GIT_NETWORK_TIMEOUT_MS = 5 * 60_000;

/**
 * A git runner for `cwd`. Every command runs with {@link SAFE_GIT_OPTIONS}, without a prompt
 * for credentials, with messages in English for the log, and in an environment without the
 * Action's inputs or the runner's tokens ({@link childEnvironment}). Attribute drivers are
 * disabled separately, for the run's length, by `guardGitAttributes`.
 */
export function createGit(cwd: string): Git {
  const env = { ...childEnvironment(), GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', LANG: 'C' };
  const run: Git['run'] = (args, options = {}) =>
    new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        [...SAFE_GIT_OPTIONS, ...args],
        {
          cwd,
          env: { ...env, ...options.env },
          maxBuffer: 64 * 1024 * 1024,
          encoding: 'utf8',
          ...(options.timeoutMs ? { timeout: options.timeoutMs, killSignal: 'SIGKILL' } : {}),
        },
        (error, stdout, stderr) => {
          if (error && (error as { killed?: boolean }).killed && options.timeoutMs)
            return reject(
              new ActionError(
                'TRANSLOOM_ACTION_GIT',
                `git ${args[0]} did not finish within ${Math.round(options.timeoutMs / 1000)} s and was stopped`,
                { kind: 'service' },
              ),
            );
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          if (error && typeof error.code !== 'number')
            return reject(
              new ActionError('TRANSLOOM_ACTION_GIT', `git cannot be run: ${error.message}`, {
                cause: error,
                kind: 'internal',
              }),
            );
          if (code !== 0 && !options.allowFailure)
            return reject(
              new ActionError(
                'TRANSLOOM_ACTION_GIT',
                `git ${args[0]} failed (exit ${code}): ${stderr.trim() || stdout.trim()}`,
                { kind: 'service' },
              ),
            );
          resolve({ code, stdout, stderr });
        },
      );
      // git may exit before reading its input (an error, a command that reads none).
      child.stdin?.on('error', () => {});
      child.stdin?.end(options.input ?? '');
    });
  return {
    cwd,
    run,
    text: async (args) => (await run(args)).stdout.trim(),
  };
}

/** `-c` options that make `author` the author and committer of what git commits. */
export function gitIdentity(author: { name: string; email: string }): string[] {
  return ['-c', `user.name=${author.name}`, '-c', `user.email=${author.email}`];
}

/** Whether the clone is shallow (`actions/checkout` makes one of depth 1 by default). */
export async function isShallow(git: Git): Promise<boolean> {
  return (await git.text(['rev-parse', '--is-shallow-repository'])) === 'true';
}

/**
 * Fetches `branch` from `remote` (no tags) into `refs/remotes/<remote>/<branch>` and returns
 * its tip. A shallow clone fetches the tip alone: its history comes only when a merge base is
 * needed (see `ensureMergeBase`).
 */
export async function fetchTip(git: Git, remote: string, branch: string): Promise<string> {
  const depth = (await isShallow(git)) ? ['--depth=1'] : [];
  await git.run(
    [
      'fetch',
      '--no-tags',
      ...depth,
      remote,
      `+refs/heads/${branch}:refs/remotes/${remote}/${branch}`,
    ],
    { timeoutMs: GIT_NETWORK_TIMEOUT_MS },
  );
  return git.text(['rev-parse', `refs/remotes/${remote}/${branch}^{commit}`]);
}

/** The files a stopped merge or rebase left in conflict. */
export async function conflictedFiles(git: Git): Promise<string[]> {
  return (await git.text(['diff', '--name-only', '--diff-filter=U'])).split('\n').filter(Boolean);
}

/**
 * Checks out `commit` with a detached HEAD, quietly. With `force`, what the checkout holds is
 * replaced (only for files the run itself wrote: the Action checks the checkout is clean
 * before its first change).
 */
export async function checkoutDetached(
  git: Git,
  commit: string,
  options: { force?: boolean } = {},
): Promise<void> {
  await git.run([
    '-c',
    'advice.detachedHead=false',
    'checkout',
    '--quiet',
    ...(options.force ? ['--force'] : []),
    '--detach',
    commit,
  ]);
}
