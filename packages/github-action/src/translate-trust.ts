import type { ActionContext } from './action-context.js';
import { ActionError } from './action-error.js';
import { createGit, type Git } from './git.js';
import { type CheckoutVerdict, judgeCheckout } from './judge-checkout.js';

/** The events translate mode runs on; a pull request also from a branch of this repository. */
export const TRANSLATE_EVENTS: readonly string[] = [
  'push',
  'workflow_dispatch',
  'schedule',
  'pull_request',
];

/**
 * Refuses, before anything is loaded or a secret used, the events a run that translates
 * (`what`: translate mode, or one of its shards) never runs on: on them the checkout may be a
 * pull request's code while the run has the repository's secrets. The error names the event,
 * the commit checked out and the one the event names.
 */
export async function refuseUntrustedEvent(ctx: ActionContext, what: string): Promise<void> {
  const { event } = ctx;
  if (TRANSLATE_EVENTS.includes(event.name)) return;
  const head = await createGit(event.workspace).run(['rev-parse', '--verify', '--quiet', 'HEAD'], {
    allowFailure: true,
  });
  throw new ActionError(
    'TRANSLOOM_ACTION_UNTRUSTED',
    `${what} does not run on '${event.name || '(no event)'}': it runs with this repository's secrets, and on this event the checkout may be a pull request's code (the checkout is at ${head.stdout.trim() || 'no commit'}, the event names ${event.sha ?? 'none'}); nothing was loaded, sent or pushed. Run it on push, workflow_dispatch, schedule, or pull_request from branches of this repository.`,
  );
}

/**
 * The checkout's verdict (see `judgeCheckout`), required to be trusted: a run that translates
 * loads configuration that may be code and uses the service's key, so it runs only on the
 * repository's own code at the commit its event names.
 */
export async function requireTrustedCheckout(
  ctx: ActionContext,
  git: Git,
  what: string,
  baseBranch?: string,
): Promise<CheckoutVerdict> {
  const verdict = await judgeCheckout(git, ctx.event, { baseBranch });
  if (!verdict.trusted)
    throw new ActionError(
      'TRANSLOOM_ACTION_UNTRUSTED',
      `${what} runs only on this repository's own code at the commit its event names, and this checkout is not (${verdict.why}): nothing was loaded, sent or pushed.`,
    );
  return verdict;
}
