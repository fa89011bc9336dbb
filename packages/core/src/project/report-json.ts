import type { Diagnostic } from '../document/diagnostics.js';
import {
  type NotAlignedPage,
  type PendingUnit,
  type RunOutcome,
  type RunOutcomeOptions,
  type RunReport,
  runOutcome,
  type StaleEdit,
  type UnitFailure,
  type UnknownOrigin,
} from '../pipeline/run-report.js';

/** One locale in {@link RunReportJson}. */
export interface LocaleReportJson {
  translated: number;
  reused: number;
  failed: number;
  kept: number;
  unchanged: number;
  new: number;
  changed: number;
  removed: number;
  stale: number;
  /** Units whose target text no record says who wrote. */
  unknown: number;
  /** Units that need the service (check and dry run only). */
  pending?: number;
  /** Characters those units hold (check and dry run only). */
  characters?: number;
  /** Requests they would take (check and dry run only). */
  plannedRequests?: number;
}

/** A run's report as JSON: the shape of `transloom --json` and of the GitHub Action's report. */
export interface RunReportJson {
  requests: number;
  billedCharacters: number;
  locales: Record<string, LocaleReportJson>;
  mode: RunReport['mode'];
  /** How the run ended (see {@link RunOutcome}). */
  outcome: RunOutcome;
  stopped: NonNullable<RunReport['stopped']> | null;
  files: { total: number; upToDate: number; written: string[]; outdated: string[] };
  failures: UnitFailure[];
  pending: PendingUnit[];
  stale: StaleEdit[];
  /** Units whose target text no record says who wrote (kept, never overwritten). */
  unknown: UnknownOrigin[];
  /** Targets whose source is gone (`pruned` when this run removed them). */
  orphans: RunReport['orphans'];
  /** Pages kept as a person wrote them: they do not line up with their source. */
  notAligned: NotAlignedPage[];
  /** Target texts equal to their source, kept as a person's choice by this run. */
  sameAsSource: UnknownOrigin[];
  diagnostics: Diagnostic[];
  /** Whole milliseconds. */
  durationMs: number;
}

/**
 * A run's report as plain JSON, the same shape for every mode and every host: counts per
 * locale (what a check or dry run would send only in those modes), the outcome, the files,
 * every unit failed, pending or stale with its position, and the diagnostics.
 */
export function reportJson(report: RunReport, options: RunOutcomeOptions = {}): RunReportJson {
  const planned = report.mode === 'dry-run' || report.mode === 'check';
  return {
    requests: report.requests,
    billedCharacters: report.billedCharacters,
    locales: Object.fromEntries(
      Object.entries(report.locales).map(([locale, l]) => [
        locale,
        {
          translated: l.translated,
          reused: l.reused,
          failed: l.failed,
          kept: l.kept,
          unchanged: l.unchanged,
          new: l.new,
          changed: l.changed,
          removed: l.removed,
          stale: l.stale,
          unknown: l.unknown,
          ...(planned
            ? { pending: l.pending, characters: l.characters, plannedRequests: l.requests }
            : {}),
        },
      ]),
    ),
    mode: report.mode,
    outcome: runOutcome(report, options),
    stopped: report.stopped ?? null,
    files: {
      total: report.files.total,
      upToDate: report.files.upToDate,
      written: report.files.written,
      outdated: report.files.outdated,
    },
    failures: report.failures,
    pending: report.pending,
    stale: report.stale,
    unknown: report.unknown,
    orphans: report.orphans,
    notAligned: report.notAligned,
    sameAsSource: report.sameAsSource,
    diagnostics: report.diagnostics,
    durationMs: Math.round(report.durationMs),
  };
}
