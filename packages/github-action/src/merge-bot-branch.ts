import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ActionError } from './action-error.js';
import { checkoutDetached, conflictedFiles, type Git, gitIdentity } from './git.js';
import { builtInMergeOnly, withMergeAttributes } from './guard-git-attributes.js';
import { resolveLockConflict } from './resolve-lock-conflict.js';

/** Options of {@link mergeBotBranch}. */
export interface MergeBotBranchOptions {
  /** The bot branch's tip: the merge's first parent. */
  tip: string;
  /** The base branch's commit merged in: the second parent, and where the merge is made. */
  baseSha: string;
  message: string;
  author: { name: string; email: string };
  /** The lock, relative to the repository root: its conflict is resolved, not reported. */
  lockPath: string | undefined;
}

/** What {@link mergeBotBranch} did. */
export type BotBranchMerge =
  | { kind: 'merged'; sha: string; lockResolved: boolean }
  | { kind: 'conflict'; files: string[] };

// One stage of a conflicted file in the index (1 base, 2 ours, 3 theirs); empty when that side
// has no such file (both sides added it, or one removed it).
async function stage(git: Git, n: 1 | 2 | 3, path: string): Promise<string> {
  const blob = await git.run(['cat-file', 'blob', `:${n}:${path}`], { allowFailure: true });
  return blob.code === 0 ? blob.stdout : '';
}

/**
 * Resolves the lock's conflict with {@link resolveLockConflict} and stages it. The conflicted
 * text is made again from the index's three stages with `git merge-file --diff3`, so it is the
 * same whatever the merge left in the file (a driver's output, another conflict style, none).
 */
async function resolveLock(git: Git, top: string, path: string): Promise<void> {
  const dir = await mkdtemp(join(await git.text(['rev-parse', '--absolute-git-dir']), 'tl-lock-'));
  try {
    const sides = ['ours', 'base', 'theirs'] as const;
    const texts = [await stage(git, 2, path), await stage(git, 1, path), await stage(git, 3, path)];
    for (const [i, side] of sides.entries()) await writeFile(join(dir, side), texts[i]!);
    const merged = await git.run(
      [
        'merge-file',
        '-p',
        '--diff3',
        ...sides.flatMap((side) => ['-L', side]),
        ...sides.map((side) => join(dir, side)),
      ],
      { allowFailure: true },
    );
    // Exit status: how many conflicts; negative (above 127 here) when it could not merge.
    if (merged.code > 127)
      throw new ActionError(
        'TRANSLOOM_ACTION_GIT',
        `git merge-file could not merge ${path}: ${merged.stderr.trim()}`,
        { kind: 'service' },
      );
    await writeFile(resolve(top, path), resolveLockConflict(merged.stdout));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await git.run(['add', '--', path]);
}

/**
 * Merges the base branch into the bot branch with git's own merge, so the `merge` attributes
 * of `.gitattributes` apply (`transloom.lock merge=union`), but no driver program runs. The
 * merge is made where the base's commit is checked out: git reads the attributes of the work
 * tree, and the base's are the newest (the bot branch never changes `.gitattributes`). The
 * commit's parents are the bot branch's tip, then the base, so the branch only moves forward.
 * A lock that still conflicts is resolved ({@link resolveLockConflict}); any other conflicted
 * file is a `conflict`, and the merge is aborted: nothing half-merged is left or committed.
 */
export async function mergeBotBranch(
  git: Git,
  options: MergeBotBranchOptions,
): Promise<BotBranchMerge> {
  await checkoutDetached(git, options.baseSha);
  const drivers = await builtInMergeOnly(git);
  const merge = await withMergeAttributes(git, () =>
    git.run(
      [
        ...gitIdentity(options.author),
        ...drivers,
        'merge',
        '--no-ff',
        '--no-commit',
        '--no-edit',
        options.tip,
      ],
      { allowFailure: true },
    ),
  );
  let lockResolved = false;
  if (merge.code !== 0) {
    const files = await conflictedFiles(git);
    const others = files.filter((file) => file !== options.lockPath);
    if (files.length === 0 || others.length > 0) {
      await git.run(['merge', '--abort'], { allowFailure: true });
      if (others.length > 0) return { kind: 'conflict', files: others };
      throw new ActionError(
        'TRANSLOOM_ACTION_GIT',
        `git merge of ${options.baseSha} and ${options.tip} failed (exit ${merge.code}): ${merge.stderr.trim() || merge.stdout.trim()}`,
        { kind: 'service' },
      );
    }
    await resolveLock(git, await git.text(['rev-parse', '--show-toplevel']), options.lockPath!);
    lockResolved = true;
  }
  return { kind: 'merged', sha: await commitMerge(git, options), lockResolved };
}

// Commits the merged index with the bot branch's tip as the first parent, and ends the merge.
async function commitMerge(git: Git, options: MergeBotBranchOptions): Promise<string> {
  const tree = await git.text(['write-tree']);
  const { name, email } = options.author;
  const sha = (
    await git.run(['commit-tree', tree, '-p', options.tip, '-p', options.baseSha, '-F', '-'], {
      env: {
        GIT_AUTHOR_NAME: name,
        GIT_AUTHOR_EMAIL: email,
        GIT_COMMITTER_NAME: name,
        GIT_COMMITTER_EMAIL: email,
      },
      input: `${options.message}\n`,
    })
  ).stdout.trim();
  // The index and the work tree are the merge's already: only git's merge state goes.
  await git.run(['merge', '--quit']);
  await git.run(['update-ref', '-m', 'Transloom: merge', 'HEAD', sha]);
  return sha;
}
