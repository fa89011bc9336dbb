import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import * as core from '@actions/core';
import type { RunReport } from '@transloom/core';
import type { ActionContext } from './action-context.js';
import type { Git } from './git.js';
import { commitPaths } from './publish-commit.js';

/**
 * Commits the targets the run wrote and the lock (never the state directory or anything
 * else) as one commit on HEAD; undefined when none of them changed. Files git ignores are
 * left out, with a warning and a note.
 */
export async function commitTranslation(
  ctx: ActionContext,
  git: Git,
  run: { report: RunReport; root: string; lockFile: string; notes: string[] },
): Promise<string | undefined> {
  const { inputs } = ctx;
  const { report, root, lockFile, notes } = run;
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
    const note = `Not committed, because git ignores them: ${list}.`;
    // Said once, also when the run translates again on a branch that moved.
    if (!notes.includes(note)) {
      core.warning(
        `git ignores ${made.ignored.length} files the run wrote, so they were not committed: ${list}`,
      );
      notes.push(note);
    }
  }
  return made.sha;
}

/** The note on a pushed commit: whether GitHub runs checks on it. */
export function pushedNote(ctx: ActionContext, sha: string, branch: string): string {
  const { inputs } = ctx;
  return !inputs.workflowToken || inputs.githubToken === inputs.workflowToken
    ? `Pushed ${sha} to ${branch} with the workflow's GITHUB_TOKEN: GitHub starts no workflow for it, so checks will not re-run on this commit. Pass a GitHub App token or a PAT as github-token (and to actions/checkout) to have them run.`
    : `Pushed ${sha} to ${branch}; checks run on it.`;
}
