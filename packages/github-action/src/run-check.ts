import * as core from '@actions/core';
import type { ActionContext } from './action-context.js';
import { toActionReport, writeReportFile } from './action-report.js';
import { renderComment } from './comment-body.js';
import { upsertStickyComment } from './github-api.js';
import { renderJobSummary } from './job-summary.js';
import { openActionProject } from './open-project.js';
import { annotateFindings, findingsFailure, setRunOutputs } from './report-findings.js';

/**
 * `check` mode: sends nothing and needs no secret. Annotates every missing, failed or stale
 * unit, writes the job summary and the report file (`report-path`), comments on a pull
 * request of this repository, and fails per `fail-on`. On a fork's pull request the token is
 * read-only: no comment is attempted, and the report file is for the `workflow_run` workflow.
 */
export async function runCheck(ctx: ActionContext): Promise<void> {
  const { inputs, event } = ctx;
  const project = await openActionProject({
    cwd: ctx.projectDir,
    service: undefined,
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
  if (pr && inputs.comment) {
    if (pr.fork) {
      notes.push(
        'This pull request comes from a fork: its token is read-only, so no comment was attempted. Upload the report file as an artifact; the workflow_run workflow comments from it.',
      );
    } else {
      // The check's verdict does not depend on the comment: a token that cannot comment
      // (a workflow without pull-requests: write) is a warning.
      try {
        const { id } = await upsertStickyComment(
          ctx.github(),
          { owner: event.owner, repo: event.repo },
          pr.number,
          renderComment(actionReport, { summaryUrl: event.runUrl }),
        );
        core.setOutput('comment-id', String(id));
      } catch (error) {
        core.warning((error as Error).message);
        notes.push('The comment could not be posted: see the warning.');
      }
    }
  }
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
  if (failure) core.setFailed(failure);
}
