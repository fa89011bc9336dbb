import * as core from '@actions/core';
import type { RunReport } from '@transloom/core';
import type { ActionContext } from './action-context.js';
import { ActionError } from './action-error.js';
import { toActionReport, writeReportFile } from './action-report.js';
import { combineRoundReports } from './combine-round-reports.js';
import { renderComment } from './comment-body.js';
import { totalsWithRun } from './comment-totals.js';
import { isOwnCommit } from './commit-trailer.js';
import { findActionConfig } from './find-action-config.js';
import { createGit, type Git } from './git.js';
import { guardGitAttributes } from './guard-git-attributes.js';
import { renderJobSummary } from './job-summary.js';
import type { CheckoutVerdict } from './judge-checkout.js';
import { requireServiceInputs } from './open-translate-service.js';
import { checkoutPullRequestHead, commitInfo } from './prepare-branch.js';
import { publishResults } from './publish-results.js';
import { annotateFindings, findingsFailure, setRunOutputs } from './report-findings.js';
import { translateInRounds, unmergedMessage } from './translate-rounds.js';
import { refuseUntrustedEvent, requireTrustedCheckout } from './translate-trust.js';
import { withActionEngine } from './translate-with-engine.js';

/** Whether `branch` is a bot branch of the template (`transloom/{base}`): a run for it does nothing. */
export function isBotBranch(branch: string, template: string): boolean {
  const pattern = template
    .split('{base}')
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${pattern}$`).test(branch);
}

/**
 * `translate` mode. On a pull request of this repository: translates on its head branch and
 * pushes one commit to it. On push, dispatch or schedule: commits to the bot branch
 * (`transloom/<base>`) and opens or finds its pull request. Runs only on code the repository
 * itself holds (checked before any configuration or secret is used), never force-pushes, and
 * does nothing when its own commit started the run. The job summary and the outputs are
 * written before anything is posted to GitHub.
 */
export async function runTranslate(ctx: ActionContext): Promise<void> {
  const { inputs, event } = ctx;
  const pr = event.pullRequest;
  await refuseUntrustedEvent(ctx, "mode 'translate'");
  if (pr?.fork)
    throw new ActionError(
      'TRANSLOOM_ACTION_FORK',
      `mode 'translate' does not run on pull request #${pr.number}: it comes from a fork, whose code is untrusted and whose runs get no secrets. Use mode 'check' on pull requests (with the workflow_run comment workflow), and 'translate' on push or on pull requests from branches of this repository.`,
    );
  const skip = (why: string) => skipRun(ctx, why);
  // Before any git work: a merged pull request's head branch is usually deleted.
  if (pr && event.payload.action === 'closed')
    return skip(`Pull request #${pr.number} is closed: nothing to translate.`);
  const base = pr ? undefined : (inputs.base ?? event.branch);
  if (!pr && !base)
    throw new ActionError(
      'TRANSLOOM_ACTION_EVENT',
      `mode 'translate' runs on a pull request, or on a branch (push, workflow_dispatch, schedule); '${event.name}' on ${event.sha ?? 'no commit'} is neither`,
    );
  if (base && isBotBranch(base, inputs.branch))
    return skip(`This run is for ${base}, a branch the Action writes: nothing to do.`);

  const git = createGit(event.workspace);
  const verdict = await requireTrustedCheckout(ctx, git, "mode 'translate'", inputs.base);
  const restore = await guardGitAttributes(git);
  try {
    await translateCheckout(ctx, git, base, verdict);
  } finally {
    await restore();
  }
}

/** Writes the job summary of a translate run (with the report's tables when there is one). */
async function writeSummary(
  ctx: ActionContext,
  summary: { title: string; outcome: string; notes: string[]; report?: RunReport; root?: string },
): Promise<void> {
  const { title, outcome, notes, report, root } = summary;
  await core.summary
    .addRaw(
      renderJobSummary(
        report
          ? { title, outcome, notes, report, repoPath: (file) => ctx.repoPath(file, root) }
          : { title, outcome, notes },
      ),
    )
    .write();
}

// A run that has nothing to do says why and succeeds.
async function skipRun(ctx: ActionContext, why: string): Promise<void> {
  core.notice(why);
  setRunOutputs(undefined, false);
  await writeSummary(ctx, { title: 'Transloom translate', outcome: why, notes: [] });
}

// Why this run has nothing to do once the checkout is there: the pull request's head moved on
// to a person's commit, or the Action's own commit started it; undefined when it goes on.
// What the checkout found on the way goes to `notes`.
async function reasonToSkip(
  ctx: ActionContext,
  git: Git,
  notes: string[],
): Promise<string | undefined> {
  const { inputs, event } = ctx;
  const pr = event.pullRequest;
  const isOwn = (commit: { message: string; authorEmail: string }) =>
    isOwnCommit(commit, inputs.commitAuthor.email);
  if (pr) {
    const head = await checkoutPullRequestHead(git, pr, isOwn);
    if (head.kind === 'moved')
      return `${pr.headRef} moved on from ${pr.headSha} (this run's commit) to ${head.tip}: the run for ${head.tip} translates it.`;
    if (head.ownCommitsOn)
      notes.push(
        `${pr.headRef} moved on from ${pr.headSha} (this run's commit) to ${head.ownCommitsOn} with the Action's own commits only, which start no run that translates: translated at ${head.ownCommitsOn}.`,
      );
  }
  const trigger = pr
    ? ((await commitInfo(git, pr.headSha)) ?? (await commitInfo(git, 'HEAD')))
    : (event.headCommit ?? (await commitInfo(git, 'HEAD')));
  if (trigger && isOwn(trigger))
    return "This run was started by the Action's own commit: nothing to do.";
  return undefined;
}

/** What a translate run did, for the summary, the outputs and what is posted. */
interface TranslateOutcome {
  report: RunReport;
  root: string;
  notes: string[];
  commitSha: string | undefined;
  conflict: string | undefined;
}

// The outputs and the job summary: written before anything talks to GitHub, which may fail or hang.
async function recordOutcome(ctx: ActionContext, outcome: TranslateOutcome): Promise<void> {
  const { inputs, event } = ctx;
  const { report, root, notes, commitSha, conflict } = outcome;
  setRunOutputs(report, commitSha !== undefined);
  if (commitSha) core.setOutput('commit-sha', commitSha);
  if (event.pullRequest) core.setOutput('pull-request-number', String(event.pullRequest.number));
  const sum = (count: (l: RunReport['locales'][string]) => number) =>
    Object.values(report.locales).reduce((n, l) => n + count(l), 0);
  await writeSummary(ctx, {
    title: inputs.dryRun ? 'Transloom translate (dry run)' : 'Transloom translate',
    outcome: inputs.dryRun
      ? `${sum((l) => l.pending)} units would be sent; nothing was sent or written.`
      : (conflict ??
        `${sum((l) => l.translated + l.reused)} units translated, ${report.failures.length} failed.`),
    notes,
    report,
    root,
  });
}

// The comment on the pull request, and in push mode the bot's pull request.
async function publishOutcome(
  ctx: ActionContext,
  target: { branch: string; base: string | undefined },
  actionReport: ReturnType<typeof toActionReport>,
  commitSha: string | undefined,
): Promise<void> {
  const { inputs, event } = ctx;
  const pr = event.pullRequest;
  const { branch, base } = target;
  // The pull request's totals add this run's cost to what its comment carried.
  const comment = (previous: string | undefined) =>
    renderComment(actionReport, {
      summaryUrl: event.runUrl,
      commitSha,
      dryRun: inputs.dryRun,
      totals: totalsWithRun(previous, actionReport),
    });
  await publishResults(ctx, {
    ...(!pr && base && (commitSha || inputs.dryRun) && inputs.pullRequest === 'auto'
      ? {
          pullRequest: {
            head: branch,
            base,
            title: inputs.pullRequestTitle.replaceAll('{base}', base),
            labels: inputs.pullRequestLabels,
          },
        }
      : {}),
    number: pr?.number,
    comment,
  });
}

// Push mode: the base does not merge into the bot branch. The step fails with the summary
// saying where, and nothing is pushed.
async function failUnmerged(
  ctx: ActionContext,
  target: { branch: string; base: string },
  files: readonly string[],
): Promise<void> {
  const message = unmergedMessage(target.base, target.branch, files);
  setRunOutputs(undefined, false);
  await writeSummary(ctx, { title: 'Transloom translate', outcome: message, notes: [] });
  core.setFailed(message);
}

// The steps of a translate run on a trusted checkout: skip, translate in rounds (prepare the
// branch, translate, commit, push, again while the branch moves), annotate and write the
// report file, record the outcome, publish it.
async function translateCheckout(
  ctx: ActionContext,
  git: Git,
  base: string | undefined,
  verdict: CheckoutVerdict,
): Promise<void> {
  const { inputs, event } = ctx;
  const pr = event.pullRequest;
  const branch = pr ? pr.headRef : inputs.branch.replaceAll('{base}', base!);
  const notes: string[] = [];
  const why = await reasonToSkip(ctx, git, notes);
  if (why) return skipRun(ctx, why);
  // After the loop guard (a run of the Action's own commit stays green without a key), before
  // the bot branch is prepared.
  const serviceInputs = inputs.dryRun ? undefined : requireServiceInputs(inputs);
  const config = await findActionConfig(ctx, verdict);
  const { outcome, root } = await withActionEngine(
    ctx,
    { configFile: config.configFile, serviceInputs, notes },
    async (engine) => ({
      outcome: await translateInRounds(ctx, git, engine, { branch, base, notes }),
      root: engine.root,
    }),
  );
  if (outcome.kind === 'unmerged') return failUnmerged(ctx, { branch, base: base! }, outcome.files);
  const report = combineRoundReports(outcome.reports);
  const { commitSha, failure: conflict } = outcome;
  // A dry run lists what it would send in the summary: that is its answer, not a finding.
  const findings = inputs.dryRun
    ? { ...report, pending: [], files: { ...report.files, outdated: [] } }
    : report;
  annotateFindings(ctx, findings, root);
  const actionReport = toActionReport(report, {
    mode: 'translate',
    pullRequest: pr?.number,
    headSha: pr?.headSha ?? event.sha,
    repoPath: (file) => ctx.repoPath(file, root),
  });
  core.setOutput('report-path', await writeReportFile(ctx.tempDir, actionReport));
  const failure = conflict ?? findingsFailure(findings, inputs.failOn);
  await recordOutcome(ctx, { report, root, notes, commitSha, conflict });
  await publishOutcome(ctx, { branch, base }, actionReport, commitSha);
  if (failure) core.setFailed(failure);
}
