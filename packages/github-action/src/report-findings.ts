import * as core from '@actions/core';
import type { RunReport } from '@transloom/core';
import type { ActionContext } from './action-context.js';
import { annotationsOf, type FailOn } from './annotate-report.js';

/** Writes a run's findings as annotations on the repository's files. */
export function annotateFindings(ctx: ActionContext, report: RunReport, projectRoot: string): void {
  for (const a of annotationsOf(report, {
    failOn: ctx.inputs.failOn,
    repoPath: (file) => ctx.repoPath(file, projectRoot),
  })) {
    const properties: core.AnnotationProperties = { title: a.title };
    if (a.file) properties.file = a.file;
    if (a.startLine) properties.startLine = a.startLine;
    if (a.startColumn) properties.startColumn = a.startColumn;
    if (a.level === 'error') core.error(a.message, properties);
    else core.warning(a.message, properties);
  }
}

/** Why the step fails for these findings under `fail-on`, or undefined when it passes. */
export function findingsFailure(report: RunReport, failOn: FailOn): string | undefined {
  if (failOn === 'never') return undefined;
  const missing = report.pending.length;
  const failed = report.failures.length;
  const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
  const outdated = report.files.outdated.length;
  const parts: string[] = [];
  if (missing > 0) parts.push(`${missing} translations missing`);
  if (failed > 0) parts.push(`${failed} failed`);
  if (errors > 0) parts.push(`${errors} problems in files`);
  if (missing === 0 && outdated > 0) parts.push(`${outdated} target files out of date`);
  if (failOn === 'stale' && report.stale.length > 0)
    parts.push(`${report.stale.length} human edits whose source changed`);
  if (report.stopped) parts.push(`stopped at the ${report.stopped}`);
  return parts.length > 0 ? `Transloom: ${parts.join(', ')} (fail-on: ${failOn})` : undefined;
}

/** Sets the outputs every run has: whether it committed, what it cost and what is left. */
export function setRunOutputs(report: RunReport | undefined, changed: boolean): void {
  core.setOutput('changed', String(changed));
  core.setOutput('requests', String(report?.requests ?? 0));
  core.setOutput('billed-characters', String(report?.billedCharacters ?? 0));
  core.setOutput('missing', String((report?.pending.length ?? 0) + (report?.failures.length ?? 0)));
  core.setOutput('stale', String(report?.stale.length ?? 0));
}
