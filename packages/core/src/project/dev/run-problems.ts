import { resolve } from 'node:path';
import type { Diagnostic } from '../../document/diagnostics.js';
import type { RunReport, UnitFailure } from '../../pipeline/run-report.js';

/** Something a dev host shows (an overlay) or fails a build with: a message and where it points. */
export interface Problem {
  message: string;
  /** Absolute path of the file it points at. */
  file?: string;
  line?: number;
  column?: number;
}

/** Two problems as one: the first's position, both messages (either alone when the other is absent). */
export function joinProblems(
  first: Problem | undefined,
  second: Problem | undefined,
): Problem | undefined {
  if (!first || !second) return first ?? second;
  return { ...first, message: `${first.message}\n\n${second.message}` };
}

/** Units listed in one message; the rest are counted. */
const LISTED = 20;

type Positioned = { file: string; line: number; column: number };

function listed<T>(items: readonly T[], line: (item: T) => string, indent = '  '): string {
  const lines = items.slice(0, LISTED).map((item) => `${indent}${line(item)}`);
  if (items.length > LISTED) lines.push(`${indent}... and ${items.length - LISTED} more`);
  return lines.join('\n');
}

function at(root: string, item: Positioned | undefined): Omit<Problem, 'message'> {
  if (!item) return {};
  return { file: resolve(root, item.file), line: item.line, column: item.column };
}

const unitLine = (f: UnitFailure) => `${f.file}:${f.line}:${f.column}  ${f.unit}  (${f.locale})`;

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * What went wrong in a run, for a dev host's overlay or a failed build: files that cannot be read (with
 * their positions), the quota or budget reached, units the service or the verification
 * failed, and in a frozen run the units that are missing or stale. Undefined when all is well.
 */
export function reportProblem(report: RunReport, root: string): Problem | undefined {
  const errors = report.diagnostics.filter((d: Diagnostic) => d.severity === 'error');
  const parts: string[] = [];
  let first: Positioned | undefined;
  if (errors.length > 0) {
    parts.push(
      listed(errors, (d) => `${d.file}:${d.line}:${d.column}: ${d.message} [${d.rule}]`, ''),
    );
    first = errors[0];
  }
  const frozen = report.failures.filter((f) => f.reason === 'frozen');
  const stopped = report.failures.filter((f) => f.reason === 'quota' || f.reason === 'budget');
  const failed = report.failures.filter((f) => !frozen.includes(f) && !stopped.includes(f));
  if (report.stopped === 'quota' || report.stopped === 'budget') {
    const why =
      report.stopped === 'quota'
        ? "The service's character quota is reached (456)"
        : 'The run reached maxCharacters';
    parts.push(
      `${why}: ${plural(stopped.length, 'unit')} not translated; what was translated is written.${stopped.length > 0 ? `\n${listed(stopped, unitLine)}` : ''}`,
    );
    first ??= stopped[0];
  }
  if (failed.length > 0) {
    parts.push(
      `${plural(failed.length, 'unit')} failed and ${failed.length === 1 ? 'was' : 'were'} not written:\n${listed(failed, (f) => `${unitLine(f)}: ${f.message}`)}`,
    );
    first ??= failed[0];
  }
  if (frozen.length > 0) {
    parts.push(
      `${plural(frozen.length, 'unit')} missing or stale, and a frozen run sends nothing:\n${listed(frozen, unitLine)}\nTranslate them (\`transloom translate\`, or a build with build: 'translate') and commit the result.`,
    );
    first ??= frozen[0];
  }
  if (parts.length === 0) return undefined;
  return { message: parts.join('\n\n'), ...at(root, first) };
}
