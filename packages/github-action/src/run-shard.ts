import * as core from '@actions/core';
import type { RunReport } from '@transloom/core';
import type { ActionContext } from './action-context.js';
import { ActionError } from './action-error.js';
import { isOwnCommit } from './commit-trailer.js';
import { findActionConfig } from './find-action-config.js';
import { createGit } from './git.js';
import { renderJobSummary } from './job-summary.js';
import { openActionProject } from './open-project.js';
import { openTranslateService, requireServiceInputs } from './open-translate-service.js';
import { checkoutPullRequestHead } from './prepare-branch.js';
import { createProgressLog } from './progress-log.js';
import { promoteMergedBranches } from './promote-merged.js';
import { annotateFindings, findingsFailure, setRunOutputs } from './report-findings.js';
import { refuseUntrustedEvent, requireTrustedCheckout } from './translate-trust.js';
import { prScope } from './translate-with-engine.js';

/**
 * `translate` mode with a `shard`: one job of a matrix. Plans the same files the final job
 * will (a pull request's head and its changed files), translates its shard of the missing
 * texts into the shared translation memory, and commits, pushes and comments nothing: the
 * final job (`translate` without `shard`) finds every text in the memory and writes them.
 */
export async function runShard(ctx: ActionContext): Promise<void> {
  const { inputs, event } = ctx;
  const shard = inputs.shard!;
  const title = `Transloom translate, shard ${shard.index}/${shard.count}`;
  const pr = event.pullRequest;
  await refuseUntrustedEvent(ctx, "input 'shard'");
  if (pr?.fork)
    throw new ActionError(
      'TRANSLOOM_ACTION_FORK',
      `input 'shard' does not run on pull request #${pr.number}: it comes from a fork, whose runs get no secrets (and so no shared memory)`,
    );
  if (event.headCommit && isOwnCommit(event.headCommit, inputs.commitAuthor.email)) {
    const why = "This run was started by the Action's own commit: nothing to do.";
    core.notice(why);
    setRunOutputs(undefined, false);
    await core.summary.addRaw(renderJobSummary({ title, outcome: why, notes: [] })).write();
    return;
  }
  const git = createGit(event.workspace);
  const verdict = await requireTrustedCheckout(ctx, git, "input 'shard'");
  const serviceInputs = requireServiceInputs(inputs);
  // The same rule as the final job's: only a person's newer commit has a run of its own.
  const isOwn = (commit: { message: string; authorEmail: string }) =>
    isOwnCommit(commit, inputs.commitAuthor.email);
  if (pr && (await checkoutPullRequestHead(git, pr, isOwn)).kind === 'moved') {
    const why = `${pr.headRef} moved on from ${pr.headSha} (this run's commit): the run of its new head translates it.`;
    core.notice(why);
    setRunOutputs(undefined, false);
    await core.summary.addRaw(renderJobSummary({ title, outcome: why, notes: [] })).write();
    return;
  }
  const config = await findActionConfig(ctx, verdict);
  const service = await openTranslateService(ctx, serviceInputs);
  const notes: string[] = [];
  let report: RunReport;
  let root: string;
  try {
    const project = await openActionProject({
      cwd: ctx.projectDir,
      service: { url: service.url, apiKey: service.apiKey },
      configFile: config.configFile,
      memory: { env: process.env, event },
      onEvent: createProgressLog((line) => core.info(line)),
    });
    root = project.root;
    try {
      await promoteMergedBranches(ctx, project, notes);
      const files = pr ? await prScope(ctx, pr.number, project.config, notes) : undefined;
      report = await project.translate({
        shard,
        ...(inputs.locales ? { locales: inputs.locales } : {}),
        ...(files ? { files } : {}),
        ...(inputs.maxCharacters !== undefined ? { maxCharacters: inputs.maxCharacters } : {}),
        signal: ctx.signal,
      });
    } finally {
      await project.close();
    }
  } finally {
    await service.budget?.deactivate();
  }
  annotateFindings(ctx, report, root);
  setRunOutputs(report, false);
  notes.push(
    `Translated this shard's texts into the shared translation memory (${report.shard?.others ?? 0} left to the other shards); nothing was committed: the final job writes the files.`,
  );
  const failure = findingsFailure(report, inputs.failOn);
  await core.summary
    .addRaw(
      renderJobSummary({
        title,
        outcome: failure ?? 'Done.',
        notes,
        report,
        repoPath: (file) => ctx.repoPath(file, root),
      }),
    )
    .write();
  if (failure) core.setFailed(failure);
}
