import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import * as core from '@actions/core';
import type { ResolvedConfig, RunReport } from '@transloom/core';
import type { ActionContext } from './action-context.js';
import { ActionError } from './action-error.js';
import { toActionReport, writeReportFile } from './action-report.js';
import { scopeOfChange } from './changed-sources.js';
import { renderComment } from './comment-body.js';
import { isOwnCommit } from './commit-trailer.js';
import { findActionConfig } from './find-action-config.js';
import { createGit, type Git } from './git.js';
import { pullRequestFiles } from './github-api.js';
import { guardGitAttributes } from './guard-git-attributes.js';
import { renderJobSummary } from './job-summary.js';
import { type CheckoutVerdict, judgeCheckout } from './judge-checkout.js';
import { openActionProject } from './open-project.js';
import { openTranslateService, requireServiceInputs } from './open-translate-service.js';
import { checkoutPullRequestHead, commitInfo, prepareBotBranch } from './prepare-branch.js';
import { createProgressLog } from './progress-log.js';
import { commitPaths, pushWithoutForce } from './publish-commit.js';
import { publishResults } from './publish-results.js';
import { annotateFindings, findingsFailure, setRunOutputs } from './report-findings.js';

/** The source files a pull request changed, or undefined for the whole project (with why). */
async function prScope(
  ctx: ActionContext,
  number: number,
  config: ResolvedConfig,
  notes: string[],
): Promise<string[] | undefined> {
  let changed: Awaited<ReturnType<typeof pullRequestFiles>>;
  try {
    changed = await pullRequestFiles(
      ctx.github(),
      { owner: ctx.event.owner, repo: ctx.event.repo },
      number,
    );
  } catch (error) {
    core.warning(`${(error as Error).message}: translating the whole project`);
    notes.push(
      'The files of the pull request could not be listed: the whole project was translated.',
    );
    return undefined;
  }
  const scope = scopeOfChange(changed, config, ctx.event.workspace);
  if (scope.kind === 'project') {
    notes.push(`The whole project was translated: ${scope.why}.`);
    return undefined;
  }
  notes.push('Translated only the files the pull request changes.');
  return scope.files;
}

/** The events translate mode runs on; a pull request also from a branch of this repository. */
const TRANSLATE_EVENTS = ['push', 'workflow_dispatch', 'schedule', 'pull_request'];

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
  if (!TRANSLATE_EVENTS.includes(event.name)) {
    const head = await createGit(event.workspace).run(
      ['rev-parse', '--verify', '--quiet', 'HEAD'],
      {
        allowFailure: true,
      },
    );
    throw new ActionError(
      'TRANSLOOM_ACTION_UNTRUSTED',
      `mode 'translate' does not run on '${event.name || '(no event)'}': it runs with this repository's secrets, and on this event the checkout may be a pull request's code (the checkout is at ${head.stdout.trim() || 'no commit'}, the event names ${event.sha ?? 'none'}); nothing was loaded, sent or pushed. Run it on push, workflow_dispatch, schedule, or pull_request from branches of this repository.`,
    );
  }
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
  const verdict = await judgeCheckout(git, event, { baseBranch: inputs.base });
  if (!verdict.trusted)
    throw new ActionError(
      'TRANSLOOM_ACTION_UNTRUSTED',
      `mode 'translate' runs only on this repository's own code at the commit its event names, and this checkout is not (${verdict.why}): nothing was loaded, sent or pushed.`,
    );
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

async function translateCheckout(
  ctx: ActionContext,
  git: Git,
  base: string | undefined,
  verdict: CheckoutVerdict,
): Promise<void> {
  const { inputs, event } = ctx;
  const pr = event.pullRequest;
  const skip = (why: string) => skipRun(ctx, why);
  const branch = pr ? pr.headRef : inputs.branch.replaceAll('{base}', base!);
  if (pr) {
    const head = await checkoutPullRequestHead(git, pr);
    if (head.kind === 'moved')
      return skip(
        `${pr.headRef} moved on from ${pr.headSha} (this run's commit) to ${head.tip}: the run for ${head.tip} translates it.`,
      );
  }
  const trigger = pr
    ? ((await commitInfo(git, pr.headSha)) ?? (await commitInfo(git, 'HEAD')))
    : (event.headCommit ?? (await commitInfo(git, 'HEAD')));
  if (trigger && isOwnCommit(trigger, inputs.commitAuthor.email))
    return skip("This run was started by the Action's own commit: nothing to do.");
  // After the loop guard (a run of the Action's own commit stays green without a key), before
  // the bot branch is prepared.
  const serviceInputs = inputs.dryRun ? undefined : requireServiceInputs(inputs);
  const config = await findActionConfig(ctx, verdict);

  const notes: string[] = [];
  if (!pr && base && !inputs.dryRun) {
    const prepared = await prepareBotBranch(git, {
      branch,
      base,
      author: inputs.commitAuthor,
      log: (line) => core.info(line),
    });
    if (prepared.kind === 'conflict') {
      const message = `${base} cannot be merged into ${branch} without a conflict in ${prepared.files.join(', ')}: resolve it on ${branch} (or merge or close its pull request); nothing was pushed.`;
      setRunOutputs(undefined, false);
      await writeSummary(ctx, { title: 'Transloom translate', outcome: message, notes: [] });
      core.setFailed(message);
      return;
    }
    if (prepared.merged) notes.push(`Merged ${base} into ${branch} first.`);
  }

  const service = serviceInputs ? await openTranslateService(ctx, serviceInputs) : undefined;
  let report: RunReport;
  let lockFile: string;
  let root: string;
  try {
    const project = await openActionProject({
      cwd: ctx.projectDir,
      service: service ? { url: service.url, apiKey: service.apiKey } : undefined,
      configFile: config.configFile,
      onEvent: createProgressLog((line) => core.info(line)),
    });
    root = project.root;
    lockFile = project.config.lockFile;
    try {
      const files = pr ? await prScope(ctx, pr.number, project.config, notes) : undefined;
      const call = {
        ...(inputs.locales ? { locales: inputs.locales } : {}),
        ...(files ? { files } : {}),
        // Also with a budget key: the service refuses requests once the key has used its limit,
        // but lets the request under way when it is reached finish; the engine stops before it.
        ...(inputs.maxCharacters !== undefined ? { maxCharacters: inputs.maxCharacters } : {}),
        signal: ctx.signal,
      };
      report = inputs.dryRun ? await project.plan(call) : await project.translate(call);
    } finally {
      await project.close();
    }
  } finally {
    await service?.budget?.deactivate();
  }
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

  let commitSha: string | undefined;
  let failure = findingsFailure(findings, inputs.failOn);
  let conflict: string | undefined;
  if (!inputs.dryRun) {
    // Only the targets the run wrote and the lock: never the state directory or anything else.
    const paths = [
      ...new Set([...report.files.written.map((file) => resolve(root, file)), lockFile]),
    ].filter((file) => existsSync(file));
    const made = await commitPaths({
      git,
      paths,
      message: inputs.commitMessage,
      author: inputs.commitAuthor,
    });
    if (made.ignored.length > 0) {
      const list = made.ignored.map((p) => ctx.repoPath(p)).join(', ');
      core.warning(
        `git ignores ${made.ignored.length} files the run wrote, so they were not committed: ${list}`,
      );
      notes.push(`Not committed, because git ignores them: ${list}.`);
    }
    if (made.sha) {
      const pushed = await pushWithoutForce({
        git,
        remote: 'origin',
        branch,
        author: inputs.commitAuthor,
        log: (line) => core.info(line),
      });
      if (pushed.kind === 'conflict') {
        conflict = `The translation conflicts with commits pushed to ${branch} during the run, in ${pushed.files.join(', ')}: nothing was overwritten and nothing was pushed. Run the workflow again.`;
        failure = conflict;
      } else {
        commitSha = pushed.sha;
        if (pushed.rebased > 0)
          notes.push(`${branch} moved during the run: the translation was rebased onto it.`);
        notes.push(
          !inputs.workflowToken || inputs.githubToken === inputs.workflowToken
            ? `Pushed ${commitSha} to ${branch} with the workflow's GITHUB_TOKEN: GitHub starts no workflow for it, so checks will not re-run on this commit. Pass a GitHub App token or a PAT as github-token (and to actions/checkout) to have them run.`
            : `Pushed ${commitSha} to ${branch}; checks run on it.`,
        );
      }
    } else if (made.ignored.length === 0) {
      notes.push('Nothing to translate: no commit.');
    }
  }

  // Outputs and the summary first: what follows talks to GitHub, and may fail or hang.
  setRunOutputs(report, commitSha !== undefined);
  if (commitSha) core.setOutput('commit-sha', commitSha);
  if (pr) core.setOutput('pull-request-number', String(pr.number));
  const translated = Object.values(report.locales).reduce((n, l) => n + l.translated + l.reused, 0);
  await writeSummary(ctx, {
    title: inputs.dryRun ? 'Transloom translate (dry run)' : 'Transloom translate',
    outcome: inputs.dryRun
      ? `${Object.values(report.locales).reduce((n, l) => n + l.pending, 0)} units would be sent; nothing was sent or written.`
      : (conflict ?? `${translated} units translated, ${report.failures.length} failed.`),
    notes,
    report,
    root,
  });
  const body = renderComment(actionReport, {
    summaryUrl: event.runUrl,
    commitSha,
    dryRun: inputs.dryRun,
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
    body,
  });
  if (failure) core.setFailed(failure);
}
