import { execFile } from 'node:child_process';
import { ActionError } from './action-error.js';

/** What one git command printed. */
export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the `git` binary in one directory. */
export interface Git {
  readonly cwd: string;
  /**
   * Runs git; a non-zero exit is an ActionError naming the command, unless `allowFailure`.
   * `input` goes to its standard input (path lists too long for a command line).
   */
  run(
    args: readonly string[],
    options?: { allowFailure?: boolean; input?: string; env?: Record<string, string> },
  ): Promise<GitResult>;
  /** The trimmed output of a command that must succeed. */
  text(args: readonly string[]): Promise<string>;
}

/** A git runner for `cwd`: no prompt for credentials, messages in English for the log. */
export function createGit(cwd: string): Git {
  const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', LANG: 'C' };
  const run: Git['run'] = (args, options = {}) =>
    new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        args as string[],
        { cwd, env: { ...env, ...options.env }, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
        (error, stdout, stderr) => {
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

/** `-c` options that make `author` the author and committer of what git commits, unsigned. */
export function gitIdentity(author: { name: string; email: string }): string[] {
  return [
    '-c',
    `user.name=${author.name}`,
    '-c',
    `user.email=${author.email}`,
    '-c',
    'commit.gpgsign=false',
  ];
}

/** Fetches `branch` from `remote` (no tags) and returns its tip. */
export async function fetchTip(git: Git, remote: string, branch: string): Promise<string> {
  await git.run(['fetch', '--no-tags', remote, `refs/heads/${branch}`]);
  return git.text(['rev-parse', 'FETCH_HEAD']);
}

/** Lists the files a stopped merge or rebase left in conflict, then aborts it. */
export async function abortWithConflicts(git: Git, what: 'merge' | 'rebase'): Promise<string[]> {
  const files = (await git.text(['diff', '--name-only', '--diff-filter=U']))
    .split('\n')
    .filter(Boolean);
  await git.run([what, '--abort'], { allowFailure: true });
  return files;
}

/** Checks out `commit` with a detached HEAD, quietly. */
export async function checkoutDetached(git: Git, commit: string): Promise<void> {
  await git.run(['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--detach', commit]);
}
