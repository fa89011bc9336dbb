import { ActionError } from './action-error.js';
import { commitMessageWithTrailer } from './commit-trailer.js';
import type { Git } from './git.js';

/** Options of {@link commitPaths}. */
export interface CommitPathsOptions {
  git: Git;
  /** Files to commit, relative to the repository root; nothing else is staged. */
  paths: readonly string[];
  message: string;
  author: { name: string; email: string };
}

const identity = (author: { name: string; email: string }) => [
  '-c',
  `user.name=${author.name}`,
  '-c',
  `user.email=${author.email}`,
  '-c',
  'commit.gpgsign=false',
];

/**
 * Commits exactly `paths` as one commit by `author`: `sha` is undefined when none of them
 * changed. Files git ignores are left out and listed in `ignored`.
 */
export async function commitPaths(
  options: CommitPathsOptions,
): Promise<{ sha: string | undefined; ignored: string[] }> {
  const { git } = options;
  if (options.paths.length === 0) return { sha: undefined, ignored: [] };
  // Exit 0 lists ignored paths (tracked files never are), 1 means none is.
  const check = await git.run(['check-ignore', '--', ...options.paths], { allowFailure: true });
  const ignored = check.code === 0 ? check.stdout.split('\n').filter(Boolean) : [];
  const paths = options.paths.filter((p) => !ignored.includes(p));
  if (paths.length === 0) return { sha: undefined, ignored };
  const status = await git.text(['status', '--porcelain', '--untracked-files=all', '--', ...paths]);
  if (status === '') return { sha: undefined, ignored };
  await git.run(['add', '--all', '--', ...paths]);
  await git.run([
    ...identity(options.author),
    'commit',
    '--no-verify',
    '--quiet',
    '-m',
    commitMessageWithTrailer(options.message),
    '--',
    ...paths,
  ]);
  return { sha: await git.text(['rev-parse', 'HEAD']), ignored };
}

/** Options of {@link pushWithoutForce}. */
export interface PushOptions {
  git: Git;
  remote: string;
  branch: string;
  /** Commits the run made on top of what the branch held (rebased as a whole when it moved). */
  commits: number;
  author: { name: string; email: string };
  /** How many times the branch may move under the run before it gives up (default 3). */
  retries?: number;
  log?: (line: string) => void;
}

/** What a push did. */
export type PushResult =
  | { kind: 'pushed'; sha: string; rebased: number }
  | { kind: 'conflict'; files: string[]; tip: string };

/**
 * Pushes HEAD to `branch` without force. When the branch moved meanwhile, fetches it,
 * rebases the run's own commits onto its new tip and pushes again (bounded); a conflict is
 * reported and never resolved by overwriting anyone's commit.
 */
export async function pushWithoutForce(options: PushOptions): Promise<PushResult> {
  const { git, remote, branch } = options;
  const retries = options.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    const push = await git.run(['push', '--porcelain', remote, `HEAD:refs/heads/${branch}`], {
      allowFailure: true,
    });
    if (push.code === 0)
      return { kind: 'pushed', sha: await git.text(['rev-parse', 'HEAD']), rebased: attempt };
    const said = `${push.stdout}\n${push.stderr}`;
    const moved = /\[rejected\]|non-fast-forward|fetch first|\(stale info\)/.test(said);
    if (!moved)
      throw new ActionError(
        'TRANSLOOM_ACTION_GIT',
        `git push to ${branch} was refused: ${push.stderr.trim() || push.stdout.trim()}`,
        { kind: 'service' },
      );
    if (attempt >= retries)
      throw new ActionError(
        'TRANSLOOM_ACTION_CONFLICT',
        `${branch} moved ${attempt + 1} times while the translation was pushed; nothing was overwritten. Run the workflow again.`,
      );
    options.log?.(`${branch} moved since the run started: rebasing the translation onto it`);
    await git.run(['fetch', '--no-tags', remote, `refs/heads/${branch}`]);
    const tip = await git.text(['rev-parse', 'FETCH_HEAD']);
    const rebase = await git.run(
      [...identity(options.author), 'rebase', '--onto', tip, `HEAD~${options.commits}`],
      { allowFailure: true },
    );
    if (rebase.code !== 0) {
      const files = (await git.text(['diff', '--name-only', '--diff-filter=U']))
        .split('\n')
        .filter(Boolean);
      await git.run(['rebase', '--abort'], { allowFailure: true });
      return { kind: 'conflict', files, tip };
    }
  }
}
