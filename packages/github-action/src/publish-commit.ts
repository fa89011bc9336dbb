import { lstat, rm } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ActionError } from './action-error.js';
import { commitMessageWithTrailer } from './commit-trailer.js';
import { createGit, GIT_NETWORK_TIMEOUT_MS, type Git } from './git.js';

// Folders the Action never commits into, whatever the configuration says: git's own files,
// and the workflows (code that runs with the repository's secrets), spelt as any file system
// may read them.
const NEVER_COMMITTED = [
  { pattern: /(^|\/)(\.git[. ]*|git~\d+)(\/|$)/i, what: "git's own files (.git)" },
  {
    pattern: /(^|\/)(\.github[. ]*|github~\d+)\/workflows[. ]*(\/|$)/i,
    what: 'workflows (.github/workflows)',
  },
];

/**
 * Checks each path the Action is about to commit against its own rules, whatever the engine
 * allowed: inside the repository, not among git's own files or the workflows, and a regular
 * file (a symbolic link would commit where it points, not a translation).
 */
export async function checkCommitPaths(top: string, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const inRepo = relative(top, resolve(top, path)).split(sep).join('/');
    const refuse = (why: string) =>
      new ActionError(
        'TRANSLOOM_ACTION_PATH',
        `will not commit ${inRepo}: ${why}; nothing was committed`,
      );
    if (inRepo === '' || inRepo === '..' || inRepo.startsWith('../') || isAbsolute(inRepo))
      throw refuse('it is outside the repository');
    for (const rule of NEVER_COMMITTED)
      if (rule.pattern.test(inRepo)) throw refuse(`the Action never commits ${rule.what}`);
    const info = await lstat(resolve(top, path)).catch(() => undefined);
    if (info && !info.isFile()) throw refuse('it is not a regular file (a link or a folder)');
  }
}

/** Options of {@link commitPaths}. */
export interface CommitPathsOptions {
  git: Git;
  /** Files to commit, relative to the repository root; nothing else is staged. */
  paths: readonly string[];
  message: string;
  author: { name: string; email: string };
}

/**
 * Commits exactly `paths` as one commit by `author` on top of HEAD: `sha` is undefined when
 * none of them changed. Files git ignores are left out and listed in `ignored`. The commit is
 * built in a separate index, so nothing else staged in the checkout goes in, and paths go
 * through standard input (a docs site writes more than a command line holds) without pathspec
 * matching (quadratic in the number of paths).
 */
export async function commitPaths(
  options: CommitPathsOptions,
): Promise<{ sha: string | undefined; ignored: string[] }> {
  const { git } = options;
  if (options.paths.length === 0) return { sha: undefined, ignored: [] };
  const list = (paths: readonly string[]) => `${paths.join('\0')}\0`;
  // Exit 0 lists ignored paths (tracked files never are), 1 means none is.
  const check = await git.run(['check-ignore', '--stdin', '-z'], {
    allowFailure: true,
    input: list(options.paths),
  });
  const ignored = check.code === 0 ? check.stdout.split('\0').filter(Boolean) : [];
  const skip = new Set(ignored);
  const top = await git.text(['rev-parse', '--show-toplevel']);
  const kept = options.paths.filter((p) => !skip.has(p)).map((p) => resolve(git.cwd, p));
  await checkCommitPaths(top, kept);
  const paths = kept.map((p) => relative(top, p).split(sep).join('/'));
  if (paths.length === 0) return { sha: undefined, ignored };
  const gitDir = await git.text(['rev-parse', '--absolute-git-dir']);
  const index = { GIT_INDEX_FILE: join(gitDir, `transloom-index-${process.pid}`) };
  const inTop = createGit(top);
  try {
    await inTop.run(['read-tree', 'HEAD'], { env: index });
    await inTop.run(['update-index', '--add', '--remove', '-z', '--stdin'], {
      env: index,
      input: list(paths),
    });
    const written = (await inTop.run(['write-tree'], { env: index })).stdout.trim();
    if (written === (await inTop.text(['rev-parse', 'HEAD^{tree}'])))
      return { sha: undefined, ignored };
    const sha = (
      await inTop.run(['commit-tree', written, '-p', 'HEAD', '-F', '-'], {
        env: {
          GIT_AUTHOR_NAME: options.author.name,
          GIT_AUTHOR_EMAIL: options.author.email,
          GIT_COMMITTER_NAME: options.author.name,
          GIT_COMMITTER_EMAIL: options.author.email,
        },
        input: commitMessageWithTrailer(options.message),
      })
    ).stdout.trim();
    await inTop.run(['update-ref', '-m', 'Transloom: translate', 'HEAD', sha]);
    // The checkout's own index takes the committed files, so it matches the new HEAD.
    await inTop.run(['update-index', '--add', '--remove', '-z', '--stdin'], { input: list(paths) });
    return { sha, ignored };
  } finally {
    await rm(index.GIT_INDEX_FILE, { force: true });
  }
}

/** Options of {@link pushWithoutForce}. */
export interface PushOptions {
  git: Git;
  remote: string;
  branch: string;
}

/** What a push did: `moved` when the branch has commits the run's commit is not built on. */
export type PushResult = { kind: 'pushed'; sha: string } | { kind: 'moved' };

/**
 * Pushes HEAD to `branch` without force, once. When the branch moved meanwhile (its tip is
 * not in HEAD's history: a person or another run pushed), the push is `moved`, and the caller
 * translates again on the new tip; nothing is ever overwritten. Whether it moved is asked of
 * the remote, not read from git's words: a push that loses the race inside the remote is
 * refused as "failed to update ref", one that comes later as "fetch first". Any other refusal
 * (a protected branch, a hook) is an ActionError with git's words.
 */
export async function pushWithoutForce(options: PushOptions): Promise<PushResult> {
  const { git, remote, branch } = options;
  const push = await git.run(['push', '--porcelain', remote, `HEAD:refs/heads/${branch}`], {
    allowFailure: true,
    timeoutMs: GIT_NETWORK_TIMEOUT_MS,
  });
  if (push.code === 0) return { kind: 'pushed', sha: await git.text(['rev-parse', 'HEAD']) };
  const listed = await git.run(['ls-remote', '--heads', remote, `refs/heads/${branch}`], {
    allowFailure: true,
    timeoutMs: GIT_NETWORK_TIMEOUT_MS,
  });
  const tip = listed.code === 0 ? listed.stdout.split(/\s/)[0] : undefined;
  // Exit 0: the tip is in HEAD's history, so the push was no race lost (1: it is not; 128:
  // the clone does not even have it, a commit pushed since the run fetched).
  const ancestor = tip
    ? (await git.run(['merge-base', '--is-ancestor', tip, 'HEAD'], { allowFailure: true })).code
    : 0;
  if (ancestor === 0)
    throw new ActionError(
      'TRANSLOOM_ACTION_GIT',
      `git push to ${branch} was refused: ${push.stderr.trim() || push.stdout.trim()}`,
      { kind: 'service' },
    );
  return { kind: 'moved' };
}
