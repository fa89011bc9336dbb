import { dirname } from 'node:path';
import { createProject, type Project, type RunEvent } from '@transloom/core';
import { CONFIG_SEARCH_PLACES } from '@transloom/core/config';
import { cosmiconfig } from 'cosmiconfig';

/** Options of {@link openActionProject}. */
export interface OpenActionProjectOptions {
  cwd: string;
  /** The service; without it a call that has to send fails with a clear error. */
  service: { url: string; apiKey: string } | undefined;
  /** The run's character budget (`max-characters` without an admin key): the engine's own. */
  maxCharacters: number | undefined;
  onEvent?: (event: RunEvent) => void;
}

async function loadTypeScript(filepath: string): Promise<unknown> {
  const { createJiti } = await import('jiti');
  return createJiti(import.meta.url, { moduleCache: false, fsCache: false }).import(filepath, {
    default: true,
  });
}

/** The configuration file's content as written (before the engine resolves it). */
async function readRawConfig(file: string): Promise<Record<string, unknown>> {
  const explorer = cosmiconfig('transloom', {
    searchPlaces: CONFIG_SEARCH_PLACES,
    loaders: { '.ts': loadTypeScript, '.mts': loadTypeScript, '.cts': loadTypeScript },
  });
  const result = await explorer.load(file);
  const config = (result?.config as { default?: unknown })?.default ?? result?.config;
  return { ...(config as Record<string, unknown>) };
}

/**
 * Opens the project for the Action: the configuration from `cwd` upward, the service the
 * inputs name (never the process environment's), and `maxCharacters` as the run's budget when
 * it is lower than the configuration's. The engine has no per-call budget, so the budget is
 * passed as an inline configuration read from the same file.
 */
export async function openActionProject(options: OpenActionProjectOptions): Promise<Project> {
  const common = {
    env: {},
    ...(options.service ? { service: options.service } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  };
  const project = await createProject({ cwd: options.cwd, ...common });
  const budget = options.maxCharacters;
  const current = project.config.maxCharacters;
  if (budget === undefined || (current !== undefined && current <= budget)) return project;
  const file = project.config.file;
  await project.close();
  if (!file) throw new Error('the project has no configuration file');
  const raw = await readRawConfig(file);
  return createProject({
    cwd: dirname(file),
    config: { ...raw, maxCharacters: budget } as never,
    ...common,
  });
}
