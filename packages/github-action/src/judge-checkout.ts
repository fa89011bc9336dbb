import type { ActionEvent } from './action-event.js';
import { GIT_NETWORK_TIMEOUT_MS, type Git } from './git.js';

/** Events whose checkout is code of the repository itself, pushed by people who can write to it. */
export const TRUSTED_EVENTS: readonly string[] = ['push', 'workflow_dispatch', 'schedule'];

/** What {@link judgeCheckout} found: whether the checked-out code may run with secrets. */
export interface CheckoutVerdict {
  trusted: boolean;
  /** Why, in words for the log: the event, and the commit found. */
  why: string;
  /** The checkout's HEAD, when it is a git checkout. */
  head: string | undefined;
}

/**
 * The repository a remote URL names (`owner/name`), when it is on `host`: the forms
 * `actions/checkout` writes (`https://host/owner/name`, with `ssh-key` `git@host:owner/name`).
 */
export function repositoryOfUrl(url: string, host: string): string | undefined {
  const h = host.toLowerCase().replace(/[.]/g, '\\.');
  const m = new RegExp(
    `^(?:https?://(?:[^@/]+@)?${h}/|ssh://(?:[^@/]+@)?${h}/|[^@/:]+@${h}:)([^/]+/[^/]+?)(?:\\.git)?/?$`,
    'i',
  ).exec(url.trim());
  return m?.[1]?.toLowerCase();
}

/** The tip of `branch` in the checkout's origin, or undefined when it has none. */
async function remoteTip(git: Git, branch: string): Promise<string | undefined> {
  const remote = await git.run(['ls-remote', '--heads', 'origin', `refs/heads/${branch}`], {
    allowFailure: true,
    timeoutMs: GIT_NETWORK_TIMEOUT_MS,
  });
  return remote.stdout.split(/\s/)[0] || undefined;
}

// A remote URL as it may be shown: host and path, never credentials.
const shownUrl = (url: string) => url.replace(/\/\/[^@/]+@/, '//');

/**
 * Judges whether the checkout is code the repository itself holds, before any configuration
 * is loaded or any secret used: the event must be one whose code is the repository's (`push`,
 * `workflow_dispatch`, `schedule`, or a `pull_request` from a branch of this repository), the
 * checkout's `origin` must be the event's repository, and HEAD must be the commit the event
 * names (for a pull request its head or merge commit; with a `baseBranch` other than the
 * event's branch, that branch's tip).
 * Anything else (a fork's pull request, `pull_request_target`, `workflow_run`,
 * `issue_comment`, an unknown event, another commit) is not trusted.
 */
export async function judgeCheckout(
  git: Git,
  event: ActionEvent,
  options: { baseBranch?: string | undefined } = {},
): Promise<CheckoutVerdict> {
  const headRun = await git.run(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], {
    allowFailure: true,
  });
  const head = headRun.code === 0 ? headRun.stdout.trim() : undefined;
  const untrusted = (why: string): CheckoutVerdict => ({ trusted: false, why, head });
  if (!head) return untrusted(`${event.workspace} is not a git checkout with a commit`);
  const repository = `${event.owner}/${event.repo}`;
  const origin = (
    await git.run(['config', '--get', 'remote.origin.url'], { allowFailure: true })
  ).stdout.trim();
  const host = new URL(event.serverUrl).host;
  if (repositoryOfUrl(origin, host) !== repository.toLowerCase())
    return untrusted(
      `the checkout's origin is ${origin ? shownUrl(origin) : 'not set'}, not ${event.serverUrl}/${repository}`,
    );
  const pr = event.pullRequest;
  if (event.name === 'pull_request') {
    if (!pr) return untrusted("the 'pull_request' event names no pull request");
    if (pr.fork)
      return untrusted(
        `pull request #${pr.number} comes from the fork ${pr.headRepo ?? '(deleted)'}`,
      );
    if (head === pr.headSha || head === event.sha)
      return { trusted: true, why: `pull request #${pr.number} of ${repository} at ${head}`, head };
    // A checkout of the head branch (`ref: github.head_ref`) that moved since the event.
    if (pr.headRef && (await remoteTip(git, pr.headRef)) === head)
      return { trusted: true, why: `${pr.headRef} of ${repository} at ${head}`, head };
    return untrusted(
      `HEAD is ${head}, neither pull request #${pr.number}'s head ${pr.headSha} nor its merge commit ${event.sha ?? '(unknown)'}`,
    );
  }
  if (!TRUSTED_EVENTS.includes(event.name))
    return untrusted(
      `'${event.name || '(no event)'}' runs with this repository's secrets on whatever the workflow checked out (here ${head}), which may be a pull request's code`,
    );
  // With another base branch than the event's (a schedule on main translating develop), the
  // checkout must be that branch's tip.
  if (options.baseBranch && options.baseBranch !== event.branch) {
    const tip = await remoteTip(git, options.baseBranch);
    if (tip === head)
      return {
        trusted: true,
        why: `'${event.name}' of ${repository}, ${options.baseBranch} at ${head}`,
        head,
      };
    return untrusted(
      `HEAD is ${head}, not the tip of ${options.baseBranch} (${tip ?? 'no such branch'}), the base this run translates`,
    );
  }
  if (head === event.sha)
    return { trusted: true, why: `'${event.name}' of ${repository} at ${head}`, head };
  return untrusted(
    `HEAD is ${head}, not the commit the '${event.name}' event names (${event.sha ?? 'none'})`,
  );
}
