import { type BuildStepResult, runBuildStep } from '@transloom/core';
import type { Logger } from 'vite';
import { engineOptions } from './engine-options.js';
import type { ResolvedPluginOptions } from './plugin-options.js';

/**
 * The engine's build step for `vite build` (see `runBuildStep` in `@transloom/core`): its
 * summary lines go to Vite's log, its problem fails the build.
 */
export function runViteBuildStep(
  root: string,
  options: ResolvedPluginOptions,
  logger: Logger,
): Promise<BuildStepResult> {
  return runBuildStep({
    ...engineOptions(root, options),
    ...(options.build ? { mode: options.build } : {}),
    onLog: (level, message) => (level === 'warn' ? logger.warn(message) : logger.info(message)),
  });
}
