import type { RunReport } from '@transloom/core';
import type { ActionInputs } from './action-inputs.js';
import { oneLine } from './markdown-text.js';

/** The most annotations of one kind GitHub shows for a step. */
export const ANNOTATIONS_PER_KIND = 10;

/** One annotation on a file and line of the repository. */
export interface Annotation {
  level: 'error' | 'warning';
  title: string;
  message: string;
  file: string | undefined;
  startLine: number | undefined;
  startColumn: number | undefined;
}

/** Which findings fail the step. */
export type FailOn = ActionInputs['failOn'];

/**
 * Every missing, failed or stale unit and every problem in a file as an annotation on its
 * source file and line: an error where it fails the step (per `fail-on`), else a warning.
 * Past {@link ANNOTATIONS_PER_KIND} of one level (all GitHub shows), they are grouped per
 * file and point to the job summary, which lists every one.
 */
export function annotationsOf(
  report: RunReport,
  options: { failOn: FailOn; repoPath: (file: string) => string },
): Annotation[] {
  const missingLevel = options.failOn === 'never' ? 'warning' : 'error';
  const staleLevel = options.failOn === 'stale' ? 'error' : 'warning';
  const all: Annotation[] = [];
  const at = (file: string, line: number, column: number) => ({
    file: options.repoPath(file),
    startLine: Math.max(1, line),
    startColumn: Math.max(1, column),
  });
  for (const u of report.pending)
    all.push({
      level: missingLevel,
      title: `Not translated (${oneLine(u.locale, 40)})`,
      message: `${oneLine(u.unit)}: no ${oneLine(u.locale, 40)} translation${u.state === 'changed' ? ' of its current source (the source changed)' : ''}; run Transloom translate`,
      ...at(u.file, u.line, u.column),
    });
  for (const u of report.failures)
    all.push({
      level: missingLevel,
      title: `Translation failed (${oneLine(u.locale, 40)})`,
      message: `${oneLine(u.unit)}: ${oneLine(u.message, 500)}`,
      ...at(u.file, u.line, u.column),
    });
  for (const u of report.stale)
    all.push({
      level: staleLevel,
      title: `Human edit to review (${oneLine(u.locale, 40)})`,
      message: `${oneLine(u.unit)}: the ${oneLine(u.locale, 40)} text was written by a person and its source changed since`,
      ...at(u.file, u.line, u.column),
    });
  for (const d of report.diagnostics)
    all.push({
      level: d.severity,
      title: `Transloom: ${oneLine(d.rule, 80)}`,
      message: oneLine(d.message, 500),
      ...at(d.file, d.line, d.column),
    });
  return [...capped(all, 'error'), ...capped(all, 'warning')];
}

function capped(all: readonly Annotation[], level: Annotation['level']): Annotation[] {
  const mine = all.filter((a) => a.level === level);
  if (mine.length <= ANNOTATIONS_PER_KIND) return mine;
  const byFile = new Map<string, Annotation[]>();
  for (const a of mine) {
    const key = a.file ?? '';
    const items = byFile.get(key);
    if (items) items.push(a);
    else byFile.set(key, [a]);
  }
  const files = [...byFile.entries()];
  const groups = files.map(([file, items]): Annotation => {
    const first = items.reduce((a, b) => ((b.startLine ?? 0) < (a.startLine ?? 0) ? b : a));
    const titles = new Map<string, number>();
    for (const item of items) titles.set(item.title, (titles.get(item.title) ?? 0) + 1);
    return {
      level,
      title: `${items.length} Transloom findings in this file`,
      message: `${[...titles].map(([title, n]) => `${title}: ${n}`).join('; ')}. The job summary lists every one.`,
      file: file || undefined,
      startLine: first.startLine,
      startColumn: undefined,
    };
  });
  if (groups.length <= ANNOTATIONS_PER_KIND) return groups;
  const kept = groups.slice(0, ANNOTATIONS_PER_KIND - 1);
  const rest = files.slice(ANNOTATIONS_PER_KIND - 1);
  const count = rest.reduce((n, [, items]) => n + items.length, 0);
  kept.push({
    level,
    title: `${count} more Transloom findings in ${rest.length} files`,
    message: 'GitHub shows 10 annotations of a kind per step: the job summary lists every one.',
    file: undefined,
    startLine: undefined,
    startColumn: undefined,
  });
  return kept;
}
