import * as core from '@actions/core';
import type { ResolvedConfig, RunReport } from '@transloom/core';
import type { ActionContext } from './action-context.js';
import { scopeOfChange } from './changed-sources.js';
import { pullRequestFiles } from './github-api.js';
import { openActionProject } from './open-project.js';
import { openTranslateService, type ServiceInputs } from './open-translate-service.js';
import { createProgressLog } from './progress-log.js';
import { promoteMergedBranches } from './promote-merged.js';

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
 * Runs the engine for a translate run: opens the service (a budget key when asked, always
 * deactivated after), the project from its configuration file, and translates (or plans, for
 * a dry run) what the run covers: on a pull request the files it changes. On a push to the
 * default branch, the shared memory of the pull requests it merged is promoted first. Progress
 * goes to the log, one line per locale and step.
 */
export async function translateWithEngine(
  ctx: ActionContext,
  options: {
    configFile: string | undefined;
    serviceInputs: ServiceInputs | undefined;
    notes: string[];
  },
): Promise<{ report: RunReport; root: string; lockFile: string }> {
  const { inputs } = ctx;
  const pr = ctx.event.pullRequest;
  const service = options.serviceInputs
    ? await openTranslateService(ctx, options.serviceInputs)
    : undefined;
  try {
    const project = await openActionProject({
      cwd: ctx.projectDir,
      service: service ? { url: service.url, apiKey: service.apiKey } : undefined,
      configFile: options.configFile,
      memory: { env: process.env, event: ctx.event },
      onEvent: createProgressLog((line) => core.info(line)),
    });
    try {
      if (!inputs.dryRun) await promoteMergedBranches(ctx, project, options.notes);
      const files = pr ? await prScope(ctx, pr.number, project.config, options.notes) : undefined;
      const call = {
        ...(inputs.locales ? { locales: inputs.locales } : {}),
        ...(files ? { files } : {}),
        // Also with a budget key: the service refuses requests once the key has used its limit,
        // but lets the request under way when it is reached finish; the engine stops before it.
        ...(inputs.maxCharacters !== undefined ? { maxCharacters: inputs.maxCharacters } : {}),
        signal: ctx.signal,
      };
      const report = inputs.dryRun ? await project.plan(call) : await project.translate(call);
      return { report, root: project.root, lockFile: project.config.lockFile };
    } finally {
      await project.close();
    }
  } finally {
    await service?.budget?.deactivate();
  }
}
