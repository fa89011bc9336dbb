import { type RunOutcomeOptions, type RunReport, runOutcome } from '@transloom/core';
import { EXIT } from './cli-io.js';

/**
 * The exit code of a run: 4 when the quota or budget stopped it, 3 when units failed or a
 * file could not be read or written, 10 when a check (or a frozen run) found work (stale
 * edits too, unless allowed), 11 when a check found only texts no record says who wrote,
 * else 0.
 */
export function exitCodeOf(
  report: RunReport,
  options: RunOutcomeOptions = {},
): 0 | 3 | 4 | 10 | 11 {
  switch (runOutcome(report, options)) {
    case 'unknown':
      return EXIT.unknown;
    case 'stopped':
      return EXIT.quota;
    case 'work':
      return EXIT.work;
    case 'failed':
      return EXIT.failed;
    default:
      return EXIT.ok;
  }
}
