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

/** The engine of a translate run, open for as many rounds as the run takes. */
export interface ActionEngine {
  /** The project root (the configuration's directory). */
  readonly root: string;
  /** The lock file, absolute. */
  readonly lockFile: string;
  /**
   * Translates (or plans, for a dry run) what the run covers on the checkout as it is now: on
   * a pull request the files it changes, listed again on each call. Notes on the scope go to
   * `notes`. `maxCharacters` is this call's share of the run's budget.
   */
  translate(call: { notes: string[]; maxCharacters: number | undefined }): Promise<RunReport>;
  /** Reads the configuration again: the checkout is on another commit than at the last call. */
  reload(): Promise<void>;
}

/**
 * Runs `work` with the engine of a translate run: opens the service (a budget key when asked,
 * always deactivated after), the project from its configuration file, and one translation
 * memory for every call, so that what one call paid for is found by the next (a run that
 * translates again on a branch that moved sends nothing twice). On a push to the default
 * branch, the shared memory of the pull requests it merged is promoted first. Progress goes
 * to the log, one line per locale and step.
 */
export async function withActionEngine<T>(
  ctx: ActionContext,
  options: {
    configFile: string | undefined;
    serviceInputs: ServiceInputs | undefined;
    notes: string[];
  },
  work: (engine: ActionEngine) => Promise<T>,
): Promise<T> {
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
      return await work({
        get root() {
          return project.root;
        },
        get lockFile() {
          return project.config.lockFile;
        },
        async translate({ notes, maxCharacters }) {
          const files = pr ? await prScope(ctx, pr.number, project.config, notes) : undefined;
          const call = {
            ...(inputs.locales ? { locales: inputs.locales } : {}),
            ...(files ? { files } : {}),
            // Also with a budget key: the service refuses requests once the key has used its
            // limit, but lets the request under way when it is reached finish; the engine
            // stops before it.
            ...(maxCharacters !== undefined ? { maxCharacters } : {}),
            ...(inputs.prune ? { prune: true } : {}),
            signal: ctx.signal,
          };
          return inputs.dryRun ? project.plan(call) : project.translate(call);
        },
        async reload() {
          await project.reload();
        },
      });
    } finally {
      await project.close();
    }
  } finally {
    await service?.budget?.deactivate();
  }
}
