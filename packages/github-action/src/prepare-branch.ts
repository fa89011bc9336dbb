import { ActionError } from './action-error.js';
import { type CommitSummary, commitsSince } from './commits-since.js';
import { ensureMergeBase } from './ensure-merge-base.js';
import { checkoutDetached, fetchTip, GIT_NETWORK_TIMEOUT_MS, type Git } from './git.js';
import { mergeBotBranch } from './merge-bot-branch.js';

/** A commit's author email and message, when the commit is in the clone. */
export async function commitInfo(
  git: Git,
  rev: string,
): Promise<{ message: string; authorEmail: string } | undefined> {
  const result = await git.run(['log', '-1', '--format=%ae%x00%B', rev, '--'], {
    allowFailure: true,
  });
  if (result.code !== 0) return undefined;
  const [authorEmail = '', ...message] = result.stdout.split('\0');
  return { authorEmail, message: message.join('\0') };
}

async function clean(git: Git): Promise<void> {
  if ((await git.text(['status', '--porcelain', '--untracked-files=no'])) !== '')
    throw new ActionError(
      'TRANSLOOM_ACTION_GIT',
      'the checkout has changes of its own before the translation: run the Action right after actions/checkout',
    );
}

/** What {@link checkoutPullRequestHead} found. */
export type PullRequestHead =
  | {
      kind: 'ready';
      /** The branch's tip the checkout is on, when only the Action's own commits came after the event's. */
      ownCommitsOn?: string;
    }
  | { kind: 'moved'; tip: string };

/**
 * Puts the checkout on the pull request's head commit, the one its event names.
 * `actions/checkout` checks out a merge commit by default, and translations of merged sources
 * must not land on the branch. When the branch has moved past that commit, nothing is
 * checked out when a person's commit is among those after it: that commit's run translates
 * the branch. When every commit after it is the Action's own (`isOwn`), none of them starts
 * a run that translates (with `GITHUB_TOKEN` no run starts at all, with another token the run
 * does nothing), so the checkout goes to the tip and this run translates the branch there:
 * the Action's commit on top of a person's commit does not make that commit handled.
 */
export async function checkoutPullRequestHead(
  git: Git,
  pr: { headRef: string; headSha: string },
  isOwn: (commit: CommitSummary) => boolean,
): Promise<PullRequestHead> {
  const head = await git.text(['rev-parse', 'HEAD']);
  if (head === pr.headSha) return { kind: 'ready' };
  const tip = await fetchTip(git, 'origin', pr.headRef);
  if (tip !== pr.headSha) {
    const after = await commitsSince(git, pr.headSha, tip, {
      remote: 'origin',
      branches: [pr.headRef],
    });
    if (!after || after.length === 0 || !after.every(isOwn)) return { kind: 'moved', tip };
  }
  if (head !== tip) {
    await clean(git);
    await checkoutDetached(git, tip);
  }
  return tip === pr.headSha ? { kind: 'ready' } : { kind: 'ready', ownCommitsOn: tip };
}

/** What {@link prepareBotBranch} found. */
export type BotBranch =
  | {
      kind: 'ready';
      merged: boolean;
      /** The lock conflicted in the merge and was resolved: the merge is worth pushing alone. */
      lockResolved: boolean;
    }
  | { kind: 'conflict'; files: string[] };

/**
 * Puts the checkout where the next commit on the bot branch goes: the base commit when the
 * branch does not exist or is already merged into it, the branch's tip when it holds the base
 * already, else the branch's tip with the base merged in (a merge commit, so the branch only
 * ever moves forward; see `mergeBotBranch`). In a shallow clone the history the merge needs is
 * fetched first. A conflict in any file but the lock is a `conflict` (its files listed); any
 * other failure of git is an ActionError with git's words. The checkout must be at `baseSha`.
 */
export async function prepareBotBranch(
  git: Git,
  options: {
    branch: string;
    base: string;
    baseSha: string;
    /** The lock, relative to the repository root. */
    lockPath: string | undefined;
    author: { name: string; email: string };
    log?: (line: string) => void;
  },
): Promise<BotBranch> {
  const { baseSha } = options;
  const ready = { kind: 'ready', merged: false, lockResolved: false } as const;
  const remote = await git.run(['ls-remote', '--heads', 'origin', `refs/heads/${options.branch}`], {
    timeoutMs: GIT_NETWORK_TIMEOUT_MS,
  });
  if (remote.stdout.trim() === '') return ready;
  const tip = await fetchTip(git, 'origin', options.branch);
  const base = await ensureMergeBase(git, tip, baseSha, {
    remote: 'origin',
    branches: [options.base, options.branch],
    ...(options.log ? { log: options.log } : {}),
  });
  if (base === undefined)
    throw new ActionError(
      'TRANSLOOM_ACTION_GIT',
      `${options.branch} shares no history with ${options.base} (it was made from another history): delete ${options.branch}, or merge ${options.base} into it by hand; nothing was pushed`,
    );
  if (base === tip) return ready;
  await clean(git);
  if (base === baseSha) {
    await checkoutDetached(git, tip);
    return ready;
  }
  const merged = await mergeBotBranch(git, {
    tip,
    baseSha,
    message: `Merge ${options.base} into ${options.branch}`,
    author: options.author,
    lockPath: options.lockPath,
  });
  if (merged.kind === 'conflict') return merged;
  return { kind: 'ready', merged: true, lockResolved: merged.lockResolved };
}
