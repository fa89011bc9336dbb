import type { RunReport } from '../../pipeline/run-report.js';
import { errorProblem } from './error-problem.js';
import { type Problem, reportProblem } from './run-problems.js';
import { summarizeRun } from './run-summary.js';

/** Options of {@link reportedRun}. */
export interface ReportedRunOptions {
  /** The project root (problem positions are made absolute from it). */
  root: string;
  /** What the summary line starts with (`transloom`, `transloom (pseudo)`). */
  label: string;
  log: (line: string) => void;
  /** Whether the session closed meanwhile (an aborted run is then no problem). */
  closed: () => boolean;
}

/**
 * Runs a call of the project for a dev session: its summary line is logged (a run stopped by
 * an error logs what it did before), and what went wrong comes back as a problem with its
 * position. Never throws.
 */
export async function reportedRun(
  run: () => Promise<RunReport>,
  options: ReportedRunOptions,
): Promise<Problem | undefined> {
  let report: RunReport;
  try {
    report = await run();
  } catch (error) {
    if (options.closed()) return undefined;
    const partial = (error as { report?: RunReport }).report;
    if (partial) options.log(summarizeRun(partial, options.label));
    return errorProblem(error, options.root);
  }
  options.log(summarizeRun(report, options.label));
  return reportProblem(report, options.root);
}
