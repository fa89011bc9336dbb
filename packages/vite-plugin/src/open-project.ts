import { resolve } from 'node:path';
import type { LocalServiceStarter, Project, RunEvent } from '@transloom/core';
import { createWarmStarter } from './local-service-starter.js';
import type { ResolvedPluginOptions } from './plugin-options.js';

/**
 * Opens the project through the engine's front door, as the CLI does: the configuration
 * from the plugin's options or found from `root` upward, and the same service choice
 * (`TRANSLOOM_API_KEY` and `TRANSLOOM_API_URL`, else the built-in service, started by
 * `localService`). The engine is loaded here, never when Vite loads its config, so the plugin
 * costs nothing before the server listens.
 */
export async function openProject(
  root: string,
  options: ResolvedPluginOptions,
  onEvent?: (event: RunEvent) => void,
  localService: LocalServiceStarter = createWarmStarter().start,
): Promise<Project> {
  const { createProject } = await import('@transloom/core');
  return createProject({
    cwd: options.cwd ? resolve(root, options.cwd) : root,
    ...(options.configFile ? { configFile: options.configFile } : {}),
    ...(options.inlineConfig ? { config: options.inlineConfig } : {}),
    env: options.env,
    localService,
    ...(onEvent ? { onEvent } : {}),
  });
}

/** Whether the engine will use the built-in local service: neither a key nor an address is set. */
export function usesLocalService(options: ResolvedPluginOptions): boolean {
  return !options.env.TRANSLOOM_API_KEY?.trim() && !options.env.TRANSLOOM_API_URL?.trim();
}
