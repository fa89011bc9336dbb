import * as core from '@actions/core';
import type { ActionContext } from './action-context.js';
import { toActionReport, writeReportFile } from './action-report.js';
import { renderComment } from './comment-body.js';
import { totalsCarried } from './comment-totals.js';
import { findActionConfig } from './find-action-config.js';
import { createGit } from './git.js';
import { renderJobSummary } from './job-summary.js';
import { judgeCheckout } from './judge-checkout.js';
import { openActionProject } from './open-project.js';
import { publishResults } from './publish-results.js';
import { annotateFindings, findingsFailure, setRunOutputs } from './report-findings.js';

/**
 * `check` mode: sends nothing and needs no secret. Annotates every missing, failed or stale
 * unit, writes the job summary and the report file (`report-path`), comments on a pull
 * request of this repository, and fails per `fail-on`. When the checkout is not the
 * repository's own code (a fork's pull request, `pull_request_target`, `workflow_run`, ...),
 * only a JSON configuration is read: a JavaScript or TypeScript one is refused unloaded. On a
 * fork's pull request the token is read-only: no comment is attempted, and the report file is
 * for the `workflow_run` workflow.
 */
export async function runCheck(ctx: ActionContext): Promise<void> {
  const { inputs, event } = ctx;
  const verdict = await judgeCheckout(createGit(event.workspace), event);
  if (!verdict.trusted)
    core.info(
      `This checkout is not the repository's own code (${verdict.why}): only a JSON configuration is read.`,
    );
  const config = await findActionConfig(ctx, verdict);
  const project = await openActionProject({
    cwd: ctx.projectDir,
    service: undefined,
    configFile: config.configFile,
    configFormats: config.configFormats,
  });
  let report: Awaited<ReturnType<typeof project.check>>;
  const root = project.root;
  try {
    report = await project.check({
      ...(inputs.locales ? { locales: inputs.locales } : {}),
      signal: ctx.signal,
    });
  } finally {
    await project.close();
  }
  annotateFindings(ctx, report, root);
  const pr = event.pullRequest;
  const actionReport = toActionReport(report, {
    mode: 'check',
    pullRequest: pr?.number,
    headSha: pr?.headSha ?? event.sha,
    repoPath: (file) => ctx.repoPath(file, root),
  });
  const reportPath = await writeReportFile(ctx.tempDir, actionReport);
  core.setOutput('report-path', reportPath);
  setRunOutputs(report, false);

  const notes: string[] = [];
  // A fork's run has a read-only token; the workflow_run workflow comments for it.
  const commentOn = pr && inputs.comment && !pr.fork ? pr.number : undefined;
  if (pr && inputs.comment && pr.fork)
    notes.push(
      'This pull request comes from a fork: its token is read-only, so no comment was attempted. Upload the report file as an artifact; the workflow_run workflow comments from it.',
    );
  const failure = findingsFailure(report, inputs.failOn);
  const total = report.pending.length + report.failures.length;
  await core.summary
    .addRaw(
      renderJobSummary({
        title: 'Transloom check',
        outcome:
          total === 0 && report.stale.length === 0
            ? 'Every string is translated.'
            : `${total} translations missing or failed, ${report.stale.length} human edits to review.`,
        notes,
        report,
        repoPath: (file) => ctx.repoPath(file, root),
      }),
    )
    .write();
  // The check's verdict does not depend on the comment: a token that cannot comment (a
  // workflow without pull-requests: write) is a warning.
  await publishResults(ctx, {
    number: commentOn,
    // A check pays nothing: the pull request's totals are carried over as they were.
    comment: (previous) =>
      renderComment(actionReport, { summaryUrl: event.runUrl, totals: totalsCarried(previous) }),
  });
  if (failure) core.setFailed(failure);
}
