import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type ConfigFormat, configFormatOf, findConfigFile, isInside } from '@transloom/core';
import type { ActionContext } from './action-context.js';
import { ActionError } from './action-error.js';
import type { CheckoutVerdict } from './judge-checkout.js';

/** The configuration a run reads, and the formats it accepts. */
export interface ActionConfig {
  /** The file, absolute; undefined when none was found (the engine then says where it looked). */
  configFile: string | undefined;
  /** JSON only for code that is not trusted; every format otherwise. */
  configFormats: readonly ConfigFormat[] | undefined;
}

const DATA_ONLY: readonly ConfigFormat[] = ['json'];

/**
 * Finds the configuration (input `config-file`, or the search from `working-directory`
 * upward) without loading it, and decides how it may be read. A configuration outside the
 * repository is refused. When the checkout is not trusted, only JSON is accepted: a
 * JavaScript or TypeScript configuration would run with the job's environment, so it is
 * refused before anything loads it, with what to change in the workflow.
 */
export async function findActionConfig(
  ctx: ActionContext,
  verdict: CheckoutVerdict,
): Promise<ActionConfig> {
  const { inputs, event } = ctx;
  const named = inputs.configFile ? resolve(ctx.projectDir, inputs.configFile) : undefined;
  const file = named ?? (await findConfigFile(ctx.projectDir))?.file;
  if (file === undefined)
    return { configFile: undefined, configFormats: verdict.trusted ? undefined : DATA_ONLY };
  const shown = ctx.repoPath(file);
  const real = await realpath(file).catch(() => file);
  const workspace = await realpath(event.workspace).catch(() => event.workspace);
  if (!isInside(event.workspace, file) || !isInside(workspace, real))
    throw new ActionError(
      'TRANSLOOM_ACTION_INPUT',
      named
        ? `input 'config-file' names ${inputs.configFile}, which is outside the repository`
        : `the configuration found, ${file}, is outside the repository (${event.workspace}): add one to the repository or name it with 'config-file'`,
    );
  const format = configFormatOf(file);
  if (verdict.trusted || format === 'json')
    return { configFile: file, configFormats: verdict.trusted ? undefined : DATA_ONLY };
  throw new ActionError(
    'TRANSLOOM_ACTION_UNTRUSTED',
    `${shown} is ${format === 'code' ? "JavaScript or TypeScript: loading it would run it as code with this job's environment" : 'YAML'}, and this run's code is not trusted (${verdict.why}), so it was not loaded. Where the code may come from a pull request (a fork's pull request, pull_request_target, workflow_run, issue_comment), the Action reads only a JSON configuration: write it as transloom.config.json, or run this step only on push and on pull requests from branches of this repository.`,
  );
}
