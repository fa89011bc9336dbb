import type { BuildStepOptions, BuildStepResult } from './build-step-types.js';

/**
 * The translation step of a build (see `BuildStepOptions.mode`), for a bundler host to run
 * once per build, before its catalogs are read. Never throws: what must fail the build is the
 * result's `problem`, with its file and position. Its modules are loaded here, so the
 * engine's entry stays light.
 */
export async function runBuildStep(options: BuildStepOptions): Promise<BuildStepResult> {
  const { buildStep } = await import('./build-step.js');
  return buildStep(options);
}
