import { ActionError } from './action-error.js';
import { ensureMergeBase } from './ensure-merge-base.js';
import {
  checkoutDetached,
  conflictedFiles,
  fetchTip,
  GIT_NETWORK_TIMEOUT_MS,
  type Git,
  gitIdentity,
} from './git.js';

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
export type PullRequestHead = { kind: 'ready' } | { kind: 'moved'; tip: string };

/**
 * Puts the checkout on the pull request's head commit, the one its event names.
 * `actions/checkout` checks out a merge commit by default, and translations of merged sources
 * must not land on the branch. When the branch has moved past that commit, nothing is
 * checked out: the run of the newer commit translates it.
 */
export async function checkoutPullRequestHead(
  git: Git,
  pr: { headRef: string; headSha: string },
): Promise<PullRequestHead> {
  const head = await git.text(['rev-parse', 'HEAD']);
  if (head === pr.headSha) return { kind: 'ready' };
  const tip = await fetchTip(git, 'origin', pr.headRef);
  if (tip !== pr.headSha) return { kind: 'moved', tip };
  await clean(git);
  await checkoutDetached(git, tip);
  return { kind: 'ready' };
}

/** What {@link prepareBotBranch} found. */
export type BotBranch = { kind: 'ready'; merged: boolean } | { kind: 'conflict'; files: string[] };

/**
 * Puts the checkout where the next commit on the bot branch goes: the base commit when the
 * branch does not exist or is already merged into it, else the branch's tip with the base
 * merged in (a merge commit, so the branch only ever moves forward). In a shallow clone the
 * history the merge needs is fetched first. A merge that stops on conflicting files is a
 * `conflict` (its files listed); any other failure of git is an ActionError with git's words.
 */
export async function prepareBotBranch(
  git: Git,
  options: {
    branch: string;
    base: string;
    author: { name: string; email: string };
    log?: (line: string) => void;
  },
): Promise<BotBranch> {
  const baseSha = await git.text(['rev-parse', 'HEAD']);
  const remote = await git.run(['ls-remote', '--heads', 'origin', `refs/heads/${options.branch}`], {
    timeoutMs: GIT_NETWORK_TIMEOUT_MS,
  });
  if (remote.stdout.trim() === '') return { kind: 'ready', merged: false };
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
  if (base === tip) return { kind: 'ready', merged: false };
  await clean(git);
  await checkoutDetached(git, tip);
  const merge = await git.run(
    [
      ...gitIdentity(options.author),
      'merge',
      '--no-ff',
      '--no-edit',
      '-m',
      `Merge ${options.base} into ${options.branch}`,
      baseSha,
    ],
    { allowFailure: true },
  );
  if (merge.code === 0) return { kind: 'ready', merged: true };
  const files = await conflictedFiles(git);
  await git.run(['merge', '--abort'], { allowFailure: true });
  if (files.length > 0) return { kind: 'conflict', files };
  throw new ActionError(
    'TRANSLOOM_ACTION_GIT',
    `git merge of ${options.base} into ${options.branch} failed (exit ${merge.code}): ${merge.stderr.trim() || merge.stdout.trim()}`,
    { kind: 'service' },
  );
}
