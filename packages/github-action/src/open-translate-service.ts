import * as core from '@actions/core';
import type { ActionContext } from './action-context.js';
import { ActionError } from './action-error.js';
import type { ActionInputs } from './action-inputs.js';
import { type BudgetKey, createBudgetKey } from './budget-key.js';

/** The service a translate run uses: its address, with a key or with an admin key and a budget. */
export type ServiceInputs =
  | { kind: 'key'; apiUrl: string; apiKey: string }
  | { kind: 'budget'; apiUrl: string; adminKey: string; maxCharacters: number };

/**
 * The service inputs of a translate run, checked before any git work so that a missing one
 * fails the step with the checkout untouched: the error names the input.
 */
export function requireServiceInputs(inputs: ActionInputs): ServiceInputs {
  const { apiUrl, apiKey, adminKey, maxCharacters } = inputs;
  if (!apiUrl)
    throw new ActionError(
      'TRANSLOOM_ACTION_INPUT',
      "mode 'translate' needs input 'api-url' (the service's address) and 'api-key' (from a secret); with 'dry-run: true' it needs neither",
    );
  if (adminKey) {
    if (maxCharacters === undefined)
      throw new ActionError(
        'TRANSLOOM_ACTION_INPUT',
        "input 'admin-key' is for a budget per run: set 'max-characters' too (the Action makes a key limited to it)",
      );
    return { kind: 'budget', apiUrl, adminKey, maxCharacters };
  }
  if (!apiKey)
    throw new ActionError(
      'TRANSLOOM_ACTION_INPUT',
      "mode 'translate' needs input 'api-key' (pass it from a secret); the Action never starts a local service",
    );
  return { kind: 'key', apiUrl, apiKey };
}

/** The service of a translate run: the inputs' key, or a key made for this run's budget. */
export async function openTranslateService(
  ctx: ActionContext,
  service: ServiceInputs,
): Promise<{ url: string; apiKey: string; budget: BudgetKey | undefined }> {
  if (service.kind === 'key')
    return { url: service.apiUrl, apiKey: service.apiKey, budget: undefined };
  const { event } = ctx;
  const budget = await createBudgetKey({
    apiUrl: service.apiUrl,
    adminKey: service.adminKey,
    maxCharacters: service.maxCharacters,
    label: `Transloom Action ${event.owner}/${event.repo}`.slice(0, 100),
    signal: ctx.signal,
  });
  core.info(
    `Made a developer key limited to ${service.maxCharacters} characters for this run; it is deactivated at the end.`,
  );
  return { url: service.apiUrl, apiKey: budget.key, budget };
}
