import * as core from '@actions/core';
import type { ActionContext } from './action-context.js';
import { addLabels, ensurePullRequest, upsertStickyComment } from './github-api.js';
import { escapeMarkdown } from './markdown-text.js';

/** What {@link publishResults} is to do on GitHub. */
export interface PublishPlan {
  /** Push mode: the bot's pull request to open or find. */
  pullRequest?: { head: string; base: string; title: string; labels: readonly string[] };
  /** The pull request to comment on, when known already (a pull request's own run). */
  number: number | undefined;
  /**
   * The comment, from the comment's body so far (undefined for a new comment, and for a new
   * pull request's description).
   */
  comment: (previous: string | undefined) => string;
}

/**
 * Opens (or finds) the bot's pull request and posts the sticky comment: the last things a
 * run does, after its outputs and job summary are written. The translation is pushed by then,
 * so a GitHub failure here is a warning, not a failed step, and it is added to the summary.
 * A dry run writes nothing to GitHub: it prints the comment it would post.
 */
export async function publishResults(ctx: ActionContext, plan: PublishPlan): Promise<void> {
  const { inputs, event } = ctx;
  const repo = { owner: event.owner, repo: event.repo };
  const notes: string[] = [];
  const warn = (what: string, error: unknown) => {
    const message = `${what}: ${(error as Error).message}`;
    core.warning(message);
    notes.push(message);
  };
  if (inputs.dryRun) {
    if (plan.pullRequest || (plan.number !== undefined && inputs.comment))
      core.info(
        `Dry run: nothing is posted to GitHub. The comment a run would post:\n${plan.comment(undefined)}`,
      );
    return;
  }
  let number = plan.number;
  if (plan.pullRequest) {
    try {
      const opened = await ensurePullRequest(ctx.github(), repo, {
        ...plan.pullRequest,
        body: plan.comment(undefined),
      });
      number = opened.number;
      core.setOutput('pull-request-number', String(number));
      notes.push(`${opened.created ? 'Opened' : 'Updated'} pull request #${number}.`);
      try {
        await addLabels(ctx.github(), repo, number, plan.pullRequest.labels);
      } catch (error) {
        warn('The pull request was not labelled', error);
      }
    } catch (error) {
      warn('The translation is pushed, but its pull request could not be opened', error);
    }
  }
  if (number !== undefined && inputs.comment) {
    try {
      const login = await ctx.ownLogin();
      const { id } = await upsertStickyComment(ctx.github(), repo, number, plan.comment, login);
      core.setOutput('comment-id', String(id));
    } catch (error) {
      warn('The comment could not be posted', error);
    }
  }
  if (notes.length > 0)
    await core.summary
      .addRaw(`${notes.map((n) => `\n> ${escapeMarkdown(n, 1000)}\n`).join('')}`)
      .write();
}
