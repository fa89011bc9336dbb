import { resolve } from 'node:path';
import * as core from '@actions/core';
import type { ActionContext } from './action-context.js';
import { ActionError } from './action-error.js';
import { readActionReport } from './action-report.js';
import { renderComment } from './comment-body.js';
import { totalsCarried } from './comment-totals.js';
import { pullRequestHead, upsertStickyComment } from './github-api.js';
import { renderJobSummary } from './job-summary.js';

/**
 * `comment` mode, for the trusted `workflow_run` workflow: posts or updates the sticky comment
 * from a report file that a fork's `check` run wrote. The file is untrusted: it is size-capped
 * and schema-checked, every string from it is escaped, and the pull request it names must have
 * the head commit of the finished run (from the trusted event), or nothing is posted.
 */
export async function runComment(ctx: ActionContext): Promise<void> {
  const { event, inputs } = ctx;
  const report = await readActionReport(resolve(event.workspace, inputs.report!), [
    event.workspace,
    ctx.tempDir,
  ]);
  const repo = { owner: event.owner, repo: event.repo };
  let number: number | undefined;
  let summaryUrl = event.runUrl;
  if (event.workflowRun) {
    const run = event.workflowRun;
    summaryUrl = run.htmlUrl ?? summaryUrl;
    number = run.pullRequests[0] ?? report.pullRequest ?? undefined;
    if (number === undefined) {
      core.notice('The finished run was not for a pull request: nothing to comment on.');
      return;
    }
    if (report.headSha && report.headSha !== run.headSha) {
      core.warning(
        `The report is for commit ${report.headSha}, not the finished run's ${run.headSha}: no comment posted.`,
      );
      return;
    }
    const head = await pullRequestHead(ctx.github(), repo, number);
    if (head.sha !== run.headSha) {
      core.warning(
        `Pull request #${number} is at ${head.sha}, not at the finished run's commit ${run.headSha} (it moved on, or the report names another pull request): no comment posted.`,
      );
      return;
    }
  } else if (event.pullRequest && !event.pullRequest.fork) {
    number = event.pullRequest.number;
  } else {
    throw new ActionError(
      'TRANSLOOM_ACTION_EVENT',
      `mode 'comment' runs on 'workflow_run' (after a check of a fork's pull request) or on a pull request of this repository; this run is for '${event.name}'`,
    );
  }
  // The report's own counts are its run's claim (a fork's run may have written it): the pull
  // request's totals are carried over as they were, never added to from a report file.
  const comment = (previous: string | undefined) =>
    renderComment(report, {
      summaryUrl,
      ...(event.workflowRun ? { fromCheckRun: { headSha: report.headSha } } : {}),
      totals: totalsCarried(previous),
    });
  core.setOutput('pull-request-number', String(number));
  core.setOutput('missing', String(report.totals.missing));
  core.setOutput('stale', String(report.totals.stale));
  if (inputs.dryRun) {
    core.info(
      `Dry run: nothing is posted to GitHub. The comment on pull request #${number} would be:\n${comment(undefined)}`,
    );
    await core.summary
      .addRaw(
        renderJobSummary({
          title: 'Transloom comment (dry run)',
          outcome: `Would comment on pull request #${number}; nothing was posted.`,
        }),
      )
      .write();
    return;
  }
  const login = await ctx.ownLogin();
  const { id, created } = await upsertStickyComment(ctx.github(), repo, number, comment, login);
  core.setOutput('comment-id', String(id));
  core.info(`${created ? 'Commented on' : 'Updated the comment on'} pull request #${number}.`);
  await core.summary
    .addRaw(
      renderJobSummary({
        title: 'Transloom comment',
        outcome: `${created ? 'Commented on' : 'Updated the comment on'} pull request #${number}.`,
      }),
    )
    .write();
}
