import { resolve } from 'node:path';
import { type DevSessionOptions, localServiceFrom } from '@transloom/core';
import type { ResolvedPluginOptions } from './plugin-options.js';

// The built-in local service (pseudo-localization) in this process, as the CLI starts it when
// no key is set; the server is loaded only when a run first needs it.
const startLocalService = localServiceFrom(() => import('@transloom/server'));

/**
 * What the engine is opened with, from the plugin's options and Vite's `root`: the
 * configuration from the options or found from `root` upward, the same service choice as the
 * CLI's (`TRANSLOOM_API_KEY` and `TRANSLOOM_API_URL`, else the built-in service), and the
 * plugin's pseudo-locale, key extraction and types.
 */
export function engineOptions(
  root: string,
  options: ResolvedPluginOptions,
): Omit<DevSessionOptions, 'onEvent' | 'onFiles'> {
  return {
    root,
    cwd: options.cwd ? resolve(root, options.cwd) : root,
    ...(options.configFile ? { configFile: options.configFile } : {}),
    ...(options.inlineConfig ? { config: options.inlineConfig } : {}),
    env: options.env,
    localService: startLocalService,
    ...(options.pseudoLocale ? { pseudoLocale: options.pseudoLocale } : {}),
    ...(options.extract ? { extract: options.extract } : {}),
    ...(options.types ? { types: options.types } : {}),
    namespace: options.namespace,
  };
}
