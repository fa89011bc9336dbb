import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import * as core from '@actions/core';
import type { RunReport } from '@transloom/core';
import type { ActionContext } from './action-context.js';
import type { Git } from './git.js';
import { commitPaths, pushWithoutForce } from './publish-commit.js';

/** What {@link commitTranslation} did: the commit it pushed, or the conflict that stopped it. */
export interface CommittedTranslation {
  commitSha?: string;
  conflict?: string;
}

/**
 * Commits the targets the run wrote and the lock (never the state directory or anything
 * else) as one commit, and pushes it to `branch` without force. Adds what happened to
 * `notes`: files git ignores, a rebase over commits pushed meanwhile, whether checks run on the
 * commit. A conflict with commits pushed during the run is returned, with its files.
 */
export async function commitTranslation(
  ctx: ActionContext,
  git: Git,
  run: { report: RunReport; root: string; lockFile: string; branch: string; notes: string[] },
): Promise<CommittedTranslation> {
  const { inputs } = ctx;
  const { report, root, lockFile, branch, notes } = run;
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
  if (!made.sha) {
    if (made.ignored.length === 0) notes.push('Nothing to translate: no commit.');
    return {};
  }
  const pushed = await pushWithoutForce({
    git,
    remote: 'origin',
    branch,
    author: inputs.commitAuthor,
    log: (line) => core.info(line),
  });
  if (pushed.kind === 'conflict')
    return {
      conflict: `The translation conflicts with commits pushed to ${branch} during the run, in ${pushed.files.join(', ')}: nothing was overwritten and nothing was pushed. Run the workflow again.`,
    };
  if (pushed.rebased > 0)
    notes.push(`${branch} moved during the run: the translation was rebased onto it.`);
  notes.push(
    !inputs.workflowToken || inputs.githubToken === inputs.workflowToken
      ? `Pushed ${pushed.sha} to ${branch} with the workflow's GITHUB_TOKEN: GitHub starts no workflow for it, so checks will not re-run on this commit. Pass a GitHub App token or a PAT as github-token (and to actions/checkout) to have them run.`
      : `Pushed ${pushed.sha} to ${branch}; checks run on it.`,
  );
  return { commitSha: pushed.sha };
}
