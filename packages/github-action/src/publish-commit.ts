import { lstat, rm } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ActionError } from './action-error.js';
import { commitMessageWithTrailer } from './commit-trailer.js';
import {
  conflictedFiles,
  createGit,
  fetchTip,
  GIT_NETWORK_TIMEOUT_MS,
  type Git,
  gitIdentity,
} from './git.js';

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
  author: { name: string; email: string };
  log?: (line: string) => void;
}

/** How many times the branch may move under the run before the push gives up. */
const PUSH_RETRIES = 3;

/** What a push did. */
export type PushResult =
  | { kind: 'pushed'; sha: string; rebased: number }
  | { kind: 'conflict'; files: string[] };

/**
 * Pushes HEAD, the run's one commit, to `branch` without force. When the branch moved
 * meanwhile, fetches it, rebases that commit onto its new tip and pushes again (bounded); a
 * conflict is reported and never resolved by overwriting anyone's commit.
 */
export async function pushWithoutForce(options: PushOptions): Promise<PushResult> {
  const { git, remote, branch } = options;
  for (let attempt = 0; ; attempt++) {
    const push = await git.run(['push', '--porcelain', remote, `HEAD:refs/heads/${branch}`], {
      allowFailure: true,
      timeoutMs: GIT_NETWORK_TIMEOUT_MS,
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
    if (attempt >= PUSH_RETRIES)
      throw new ActionError(
        'TRANSLOOM_ACTION_CONFLICT',
        `${branch} moved ${attempt + 1} times while the translation was pushed; nothing was overwritten. Run the workflow again.`,
      );
    options.log?.(`${branch} moved since the run started: rebasing the translation onto it`);
    const tip = await fetchTip(git, remote, branch);
    // One commit is replayed onto the new tip: no common history is needed, so a shallow
    // clone rebases as a full one does.
    const rebase = await git.run(
      [...gitIdentity(options.author), 'rebase', '--onto', tip, 'HEAD~1'],
      { allowFailure: true },
    );
    if (rebase.code !== 0) {
      const files = await conflictedFiles(git);
      await git.run(['rebase', '--abort'], { allowFailure: true });
      if (files.length > 0) return { kind: 'conflict', files };
      throw new ActionError(
        'TRANSLOOM_ACTION_GIT',
        `git rebase of the translation onto ${branch} failed (exit ${rebase.code}): ${rebase.stderr.trim() || rebase.stdout.trim()}`,
        { kind: 'service' },
      );
    }
  }
}
