import * as core from '@actions/core';
import type { ActionContext } from './action-context.js';
import { ActionError } from './action-error.js';
import { type BudgetKey, createBudgetKey } from './budget-key.js';

/** The service of a translate run: the inputs' key, or a key made for this run's budget. */
export async function openTranslateService(
  ctx: ActionContext,
): Promise<{ url: string; apiKey: string; budget: BudgetKey | undefined }> {
  const { inputs, event } = ctx;
  if (!inputs.apiUrl)
    throw new ActionError(
      'TRANSLOOM_ACTION_INPUT',
      "mode 'translate' needs input 'api-url' (the service's address) and 'api-key' (from a secret); with 'dry-run: true' it needs neither",
    );
  if (inputs.adminKey) {
    if (inputs.maxCharacters === undefined)
      throw new ActionError(
        'TRANSLOOM_ACTION_INPUT',
        "input 'admin-key' is for a budget per run: set 'max-characters' too (the Action makes a key limited to it)",
      );
    const budget = await createBudgetKey({
      apiUrl: inputs.apiUrl,
      adminKey: inputs.adminKey,
      maxCharacters: inputs.maxCharacters,
      label: `Transloom Action ${event.owner}/${event.repo}`.slice(0, 100),
      signal: ctx.signal,
    });
    core.info(
      `Made a developer key limited to ${inputs.maxCharacters} characters for this run; it is deactivated at the end.`,
    );
    return { url: inputs.apiUrl, apiKey: budget.key, budget };
  }
  if (!inputs.apiKey)
    throw new ActionError(
      'TRANSLOOM_ACTION_INPUT',
      "mode 'translate' needs input 'api-key' (pass it from a secret); the Action never starts a local service",
    );
  return { url: inputs.apiUrl, apiKey: inputs.apiKey, budget: undefined };
}
