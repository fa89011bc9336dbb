import * as core from '@actions/core';
import type { Project } from '@transloom/core';
import type { ActionContext } from './action-context.js';
import { mergedPullRequests } from './github-api.js';

/**
 * On a push to the default branch, with a shared translation memory: copies the scope of each
 * pull request the pushed commit merged (its head branch, where its runs wrote) into the
 * default branch's scope, so what the pull request paid for is found by every later run. A
 * pull request from a fork is left out: its runs had no secrets and wrote nothing, and a
 * branch of the same name here is not its. A failure is a warning: the run goes on.
 */
export async function promoteMergedBranches(
  ctx: ActionContext,
  project: Project,
  notes: string[],
): Promise<void> {
  const { event } = ctx;
  const repository = event.payload.repository as { default_branch?: unknown } | undefined;
  if (
    !project.config.sharedMemory ||
    event.name !== 'push' ||
    !event.sha ||
    !event.branch ||
    event.branch !== repository?.default_branch
  )
    return;
  try {
    const merged = await mergedPullRequests(
      ctx.github(),
      { owner: event.owner, repo: event.repo },
      event.sha,
    );
    for (const pull of merged) {
      if (pull.fork || pull.baseRef !== event.branch || pull.headRef === event.branch) continue;
      const result = await project.memory.promote({ from: pull.headRef });
      const line = `Promoted the translation memory of #${pull.number} (${pull.headRef}) into ${result.to}: ${result.copied} entries copied, ${result.kept} already there.`;
      core.info(line);
      notes.push(line);
    }
  } catch (error) {
    core.warning(
      `The translation memory of the merged pull request was not promoted: ${(error as Error).message}. Run 'transloom memory promote --from <branch>' in a step of your own.`,
    );
  }
}
