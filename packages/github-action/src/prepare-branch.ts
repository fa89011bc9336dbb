import { ActionError } from './action-error.js';
import { abortWithConflicts, checkoutDetached, fetchTip, type Git, gitIdentity } from './git.js';

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

/**
 * Puts the checkout on the tip of a pull request's head branch. `actions/checkout` checks out
 * a merge commit by default, and translations of merged sources must not land on the branch.
 */
export async function checkoutPullRequestHead(
  git: Git,
  pr: { headRef: string; headSha: string },
): Promise<void> {
  const head = await git.text(['rev-parse', 'HEAD']);
  if (head === pr.headSha) return;
  const tip = await fetchTip(git, 'origin', pr.headRef);
  if (head === tip) return;
  await clean(git);
  await checkoutDetached(git, tip);
}

/** What {@link prepareBotBranch} found. */
export type BotBranch = { kind: 'ready'; merged: boolean } | { kind: 'conflict'; files: string[] };

/**
 * Puts the checkout where the next commit on `transloom/<base>` goes: the base commit when the
 * branch does not exist or is already merged into it, else the branch's tip with the base
 * merged in (a merge commit, so the branch only ever moves forward).
 */
export async function prepareBotBranch(
  git: Git,
  options: { branch: string; base: string; author: { name: string; email: string } },
): Promise<BotBranch> {
  const baseSha = await git.text(['rev-parse', 'HEAD']);
  const remote = await git.text(['ls-remote', '--heads', 'origin', `refs/heads/${options.branch}`]);
  if (remote === '') return { kind: 'ready', merged: false };
  const tip = await fetchTip(git, 'origin', options.branch);
  const contained = await git.run(['merge-base', '--is-ancestor', tip, baseSha], {
    allowFailure: true,
  });
  if (contained.code === 0) return { kind: 'ready', merged: false };
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
  if (merge.code !== 0) return { kind: 'conflict', files: await abortWithConflicts(git, 'merge') };
  return { kind: 'ready', merged: true };
}
