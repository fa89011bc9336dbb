import { resolve } from 'node:path';
import type { LocalServiceStarter, Project, RunEvent } from '@transloom/core';
import type { ResolvedPluginOptions } from './plugin-options.js';

/**
 * Starts the built-in local service (pseudo-localization) in this process, as the CLI does
 * when no key is set. The server is loaded only here: runs with nothing to send never load it.
 */
const startLocalService: LocalServiceStarter = async (options) =>
  (await import('@transloom/server')).startLocalService(options);

/**
 * Opens the project through the engine's front door, as the CLI does: the configuration
 * from the plugin's options or found from `root` upward, and the same service choice
 * (`TRANSLOOM_API_KEY` and `TRANSLOOM_API_URL`, else the built-in service). The engine is
 * loaded here, never when Vite loads its config, so the plugin costs nothing before the
 * server listens.
 */
export async function openProject(
  root: string,
  options: ResolvedPluginOptions,
  onEvent?: (event: RunEvent) => void,
): Promise<Project> {
  const { createProject } = await import('@transloom/core');
  return createProject({
    cwd: options.cwd ? resolve(root, options.cwd) : root,
    ...(options.configFile ? { configFile: options.configFile } : {}),
    ...(options.inlineConfig ? { config: options.inlineConfig } : {}),
    env: options.env,
    localService: startLocalService,
    ...(onEvent ? { onEvent } : {}),
  });
}
