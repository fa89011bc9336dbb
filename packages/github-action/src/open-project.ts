import type { ConfigFormat } from '@transloom/core';
import { createProject, type Project, type RunEvent } from '@transloom/core';
import type { ActionEvent } from './action-event.js';

/** Options of {@link openActionProject}. */
export interface OpenActionProjectOptions {
  cwd: string;
  /** The service; without it a call that has to send fails with a clear error. */
  service: { url: string; apiKey: string } | undefined;
  /** The configuration file to read (found by `findActionConfig`). */
  configFile?: string | undefined;
  /** The formats to accept: JSON only when the checkout is not trusted. */
  configFormats?: readonly ConfigFormat[] | undefined;
  onEvent?: (event: RunEvent) => void;
  /** The runner's environment and the event: where the shared translation memory is, and the scopes. */
  memory?: { env: Readonly<Record<string, string | undefined>>; event: ActionEvent };
}

// The variables the shared translation memory reads (its URL, and the branches that name its
// scopes); nothing else of the runner's environment reaches the engine.
const MEMORY_VARIABLES = [
  'TRANSLOOM_REDIS_URL',
  'TRANSLOOM_MEMORY_SCOPE',
  'GITHUB_HEAD_REF',
  'GITHUB_REF_NAME',
  'GITHUB_BASE_REF',
] as const;

/** The environment the engine gets in the Action: the shared memory's variables and the default branch. */
export function memoryEnv(
  env: Readonly<Record<string, string | undefined>>,
  event: ActionEvent,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of MEMORY_VARIABLES) {
    const value = env[name];
    if (value) out[name] = value;
  }
  // The default branch's scope is read by every run: the event names the default branch.
  const repository = event.payload.repository as { default_branch?: unknown } | undefined;
  if (typeof repository?.default_branch === 'string')
    out.TRANSLOOM_DEFAULT_BRANCH = repository.default_branch;
  return out;
}

/**
 * Opens the project for the Action: the configuration from `cwd` upward (or the file named),
 * and the service the inputs name (never the process environment's). The run's budget is the
 * translate call's.
 */
export function openActionProject(options: OpenActionProjectOptions): Promise<Project> {
  return createProject({
    cwd: options.cwd,
    env: options.memory ? memoryEnv(options.memory.env, options.memory.event) : {},
    ...(options.configFile ? { configFile: options.configFile } : {}),
    ...(options.configFormats ? { configFormats: options.configFormats } : {}),
    ...(options.service ? { service: options.service } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  });
}
