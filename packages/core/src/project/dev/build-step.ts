import { createProject } from '../create-project.js';
import type { ProjectFiles } from '../project-files.js';
import type { Project } from '../project-types.js';
import type { BuildStepOptions, BuildStepResult } from './build-step-types.js';
import { defaultNamespace } from './default-namespace.js';
import { errorProblem } from './error-problem.js';
import { findKeys, missingKeysProblem } from './extract-findings.js';
import { resolveBuildMode } from './resolve-build-mode.js';
import { writeSourceTypes } from './resource-types.js';
import { joinProblems, type Problem, reportProblem } from './run-problems.js';
import { summarizeRun } from './run-summary.js';

// Keys the code uses and the catalogs lack: a frozen build writes no catalog, so they fail it
// (as do the extractor's errors); a translating one adds them (`write`) or warns.
async function keysStep(
  project: Project,
  options: BuildStepOptions,
  frozen: boolean,
): Promise<Problem | undefined> {
  if (!options.extract) return undefined;
  const found = await findKeys(project, frozen ? 'warn' : options.extract);
  const keys = missingKeysProblem(found, project.root);
  if (keys && (frozen || found.warnings.some((w) => w.severity === 'error'))) return keys;
  if (keys) options.onLog?.('warn', `transloom: ${keys.message}`);
  return undefined;
}

// The translation of a `translate` or `frozen` build, then the pseudo-locale of a translating one.
async function translateStep(
  project: Project,
  options: BuildStepOptions,
  frozen: boolean,
): Promise<Problem | undefined> {
  const keys = await keysStep(project, options, frozen);
  const report = await project.translate({ frozen });
  options.onLog?.('info', summarizeRun(report, frozen ? 'transloom (frozen)' : 'transloom'));
  const problem = joinProblems(reportProblem(report, project.root), keys);
  if (frozen || !project.pseudoLocale || problem) return problem;
  const pseudo = await project.pseudoLocalize();
  options.onLog?.('info', summarizeRun(pseudo, 'transloom (pseudo)'));
  return reportProblem(pseudo, project.root);
}

/**
 * The translation step of a build, run once before bundling: `translate` sends what is
 * missing (then writes the pseudo-locale and the `types` file, when set), `frozen` sends
 * nothing and reports every unit the lock and the memory cannot give, `off` only reads the
 * configuration. Never throws: what must fail the build is the result's `problem`.
 */
export async function buildStep(options: BuildStepOptions): Promise<BuildStepResult> {
  const env = options.env ?? process.env;
  const mode = resolveBuildMode(options.mode, env);
  let project: Project | undefined;
  try {
    project = await createProject({
      cwd: options.cwd ?? options.root,
      ...(options.configFile ? { configFile: options.configFile } : {}),
      ...(options.config ? { config: options.config } : {}),
      env,
      ...(options.localService ? { localService: options.localService } : {}),
      ...(options.pseudoLocale ? { pseudoLocale: options.pseudoLocale } : {}),
    });
    const opened = project;
    let listed: Promise<ProjectFiles> | undefined;
    // Listed once, when first asked (the project's files need its configuration only).
    const files = () => (listed ??= opened.files());
    if (mode === 'off') return { problem: undefined, files };
    const frozen = mode === 'frozen';
    const problem = await translateStep(project, options, frozen);
    // A frozen build writes nothing, types included; a translating one leaves them current.
    if (!frozen && options.types)
      await writeSourceTypes(
        options.root,
        project.config,
        await files(),
        options.types,
        options.namespace ?? defaultNamespace,
      );
    return { problem, files };
  } catch (error) {
    return {
      problem: errorProblem(error, project?.root ?? options.root),
      files: async () => undefined,
    };
  } finally {
    await project?.close();
  }
}
