import type { Logger } from 'vite';
import { type CatalogIndex, indexCatalogs } from './catalog-index.js';
import { errorProblem } from './error-problem.js';
import { missingKeysProblem, runExtract } from './extract-step.js';
import { openProject } from './open-project.js';
import type { ResolvedPluginOptions } from './plugin-options.js';
import { openPseudoProject } from './pseudo-project.js';
import { writeSourceTypes } from './resource-types.js';
import { joinProblems, type Problem, reportProblem } from './run-problems.js';
import { summarizeRun } from './run-summary.js';

/** What the build's translation step gave. */
export interface BuildStepResult {
  /** Why the build must fail (missing or stale units in a frozen build, failures, the quota). */
  problem: Problem | undefined;
  /** The project's files, for `virtual:transloom/resources`. */
  index: CatalogIndex | undefined;
}

/**
 * The translation step of `vite build`, run once before bundling: `translate` sends what is
 * missing (then writes the pseudo-locale and the `types` file, when set), `frozen` sends
 * nothing and reports every unit the lock and the memory cannot give, `off` only reads the
 * configuration.
 */
export async function runBuildStep(
  root: string,
  options: ResolvedPluginOptions,
  logger: Logger,
): Promise<BuildStepResult> {
  let project: Awaited<ReturnType<typeof openProject>> | undefined;
  try {
    project = await openProject(root, options);
    const extraLocales = options.pseudoLocale ? [options.pseudoLocale] : [];
    if (options.build === 'off')
      return { problem: undefined, index: await indexCatalogs(project.config, extraLocales) };
    const frozen = options.build === 'frozen';
    let problem: Problem | undefined;
    if (options.extract) {
      // A frozen build writes no catalog: keys the code uses and the catalogs lack fail it.
      const found = await runExtract(project, frozen ? 'warn' : options.extract);
      const keys = missingKeysProblem(found, project.root);
      if (keys && (frozen || found.warnings.some((w) => w.severity === 'error'))) problem = keys;
      else if (keys) logger.warn(`transloom: ${keys.message}`);
    }
    const report = await project.translate({ frozen });
    logger.info(summarizeRun(report, frozen ? 'transloom (frozen)' : 'transloom'));
    problem = joinProblems(reportProblem(report, project.root), problem);
    if (!frozen && options.pseudoLocale && !problem) {
      const pseudo = await openPseudoProject(project, options.pseudoLocale);
      try {
        const pseudoReport = await pseudo.translate();
        logger.info(summarizeRun(pseudoReport, 'transloom (pseudo)'));
        problem = reportProblem(pseudoReport, project.root);
      } finally {
        await pseudo.close();
      }
    }
    const index = await indexCatalogs(project.config, extraLocales);
    // A frozen build writes nothing, types included; a translating one leaves them current.
    if (!frozen && options.types)
      await writeSourceTypes(root, project.config, index, options.types, options.namespace);
    return { problem, index };
  } catch (error) {
    return { problem: errorProblem(error, project?.root ?? root), index: undefined };
  } finally {
    await project?.close();
  }
}
