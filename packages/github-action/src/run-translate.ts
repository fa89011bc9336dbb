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
import { createGit } from './git.js';
import { ensurePullRequest, pullRequestFiles, upsertStickyComment } from './github-api.js';
import { renderJobSummary } from './job-summary.js';
import { openActionProject } from './open-project.js';
import { openTranslateService, requireServiceInputs } from './open-translate-service.js';
import { checkoutPullRequestHead, commitInfo, prepareBotBranch } from './prepare-branch.js';
import { promoteMergedBranches } from './promote-merged.js';
import { commitPaths, pushWithoutForce } from './publish-commit.js';
import { annotateFindings, findingsFailure, setRunOutputs } from './report-findings.js';

/** The source files a pull request changed, or undefined for the whole project (with why). */
export async function prScope(
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

/**
 * `translate` mode. On a pull request of this repository: translates on its head branch and
 * pushes one commit to it. On push, dispatch or schedule: commits to `transloom/<branch>` and
 * opens or finds its pull request. Never force-pushes, never runs for a fork, and does nothing
 * when its own commit started the run.
 */
export async function runTranslate(ctx: ActionContext): Promise<void> {
  const { inputs, event } = ctx;
  const pr = event.pullRequest;
  if (pr?.fork)
    throw new ActionError(
      'TRANSLOOM_ACTION_FORK',
      `mode 'translate' does not run on pull request #${pr.number}: it comes from a fork, whose code is untrusted and whose runs get no secrets. Use mode 'check' on pull requests (with the workflow_run comment workflow), and 'translate' on push or on pull requests from branches of this repository.`,
    );
  const git = createGit(event.workspace);
  // Set once the project is open, before there is a report to summarize.
  let root: string | undefined;
  const finish = async (title: string, outcome: string, notes: string[], report?: RunReport) => {
    await core.summary
      .addRaw(
        renderJobSummary(
          report
            ? { title, outcome, notes, report, repoPath: (file) => ctx.repoPath(file, root) }
            : { title, outcome, notes },
        ),
      )
      .write();
  };

  // A run that has nothing to do says why and succeeds.
  const skip = async (why: string) => {
    core.notice(why);
    setRunOutputs(undefined, false);
    await finish('Transloom translate', why, []);
  };
  // Before any git work: a merged pull request's head branch is usually deleted.
  if (pr && event.payload.action === 'closed')
    return skip(`Pull request #${pr.number} is closed: nothing to translate.`);

  const base = pr ? undefined : event.branch;
  if (!pr && !base)
    throw new ActionError(
      'TRANSLOOM_ACTION_EVENT',
      `mode 'translate' runs on a pull request, or on a branch (push, workflow_dispatch, schedule); '${event.name}' on ${event.sha ?? 'no commit'} is neither`,
    );
  if (base?.startsWith('transloom/'))
    return skip(`This run is for ${base}, a branch the Action writes: nothing to do.`);
  const branch = pr ? pr.headRef : `transloom/${base}`;
  if (pr) await checkoutPullRequestHead(git, pr);

  const trigger = pr
    ? ((await commitInfo(git, pr.headSha)) ?? (await commitInfo(git, 'HEAD')))
    : (event.headCommit ?? (await commitInfo(git, 'HEAD')));
  if (trigger && isOwnCommit(trigger, inputs.commitAuthor.email))
    return skip("This run was started by the Action's own commit: nothing to do.");
  // After the loop guard (a run of the Action's own commit stays green without a key), before
  // the bot branch is prepared.
  const serviceInputs = inputs.dryRun ? undefined : requireServiceInputs(inputs);

  const notes: string[] = [];
  if (!pr && base && !inputs.dryRun) {
    const prepared = await prepareBotBranch(git, { branch, base, author: inputs.commitAuthor });
    if (prepared.kind === 'conflict') {
      const message = `${base} cannot be merged into ${branch} without a conflict in ${prepared.files.join(', ')}: resolve it on ${branch} (or merge or close its pull request); nothing was pushed.`;
      setRunOutputs(undefined, false);
      await finish('Transloom translate', message, []);
      core.setFailed(message);
      return;
    }
    if (prepared.merged) notes.push(`Merged ${base} into ${branch} first.`);
  }

  const service = serviceInputs ? await openTranslateService(ctx, serviceInputs) : undefined;
  let report: RunReport;
  let lockFile: string;
  try {
    const project = await openActionProject({
      cwd: ctx.projectDir,
      service: service ? { url: service.url, apiKey: service.apiKey } : undefined,
      memory: { env: process.env, event },
      onEvent: (e) => {
        if (e.type === 'planned') {
          const send = Object.values(e.locales).reduce((n, l) => n + l.send, 0);
          core.info(
            `${send} texts to send (${e.files.upToDate}/${e.files.total} files up to date)`,
          );
        }
      },
    });
    root = project.root;
    lockFile = project.config.lockFile;
    try {
      if (!inputs.dryRun) await promoteMergedBranches(ctx, project, notes);
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

  const headSha = pr?.headSha ?? event.sha;
  const actionReport = toActionReport(report, {
    mode: 'translate',
    pullRequest: pr?.number,
    headSha,
    repoPath: (file) => ctx.repoPath(file, root),
  });
  core.setOutput('report-path', await writeReportFile(ctx.tempDir, actionReport));

  let commitSha: string | undefined;
  let prNumber = pr?.number;
  let failure = findingsFailure(findings, inputs.failOn);
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
        failure = `The translation conflicts with commits pushed to ${branch} during the run (${pushed.files.join(', ')}); nothing was overwritten and nothing was pushed. Run the workflow again.`;
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
  const body = renderComment(actionReport, { summaryUrl: event.runUrl, commitSha });
  if (!pr && base && commitSha && inputs.pullRequest === 'auto') {
    const opened = await ensurePullRequest(
      ctx.github(),
      { owner: event.owner, repo: event.repo },
      { head: branch, base, title: `Translations for ${base}`, body },
    );
    prNumber = opened.number;
    notes.push(`${opened.created ? 'Opened' : 'Updated'} pull request #${opened.number}.`);
  }
  if (prNumber !== undefined && inputs.comment) {
    const { id } = await upsertStickyComment(
      ctx.github(),
      { owner: event.owner, repo: event.repo },
      prNumber,
      body,
    );
    core.setOutput('comment-id', String(id));
  }
  setRunOutputs(report, commitSha !== undefined);
  if (commitSha) core.setOutput('commit-sha', commitSha);
  if (prNumber !== undefined) core.setOutput('pull-request-number', String(prNumber));
  const translated = Object.values(report.locales).reduce((n, l) => n + l.translated + l.reused, 0);
  await finish(
    inputs.dryRun ? 'Transloom translate (dry run)' : 'Transloom translate',
    inputs.dryRun
      ? `${Object.values(report.locales).reduce((n, l) => n + l.pending, 0)} units would be sent; nothing was sent or written.`
      : `${translated} units translated, ${report.failures.length} failed.`,
    notes,
    report,
  );
  if (failure) core.setFailed(failure);
}
