import type { Diagnostic } from '../document/diagnostics.js';
import type { FailureReason } from './job-queue.js';
import type { PageDivergence } from './page-divergence.js';
import type { LocalePlan } from './plan-types.js';

/** What a run did (or, for a dry run or check, would do) in one locale. */
export interface LocaleReport {
  /** Units without a translation before the run. */
  new: number;
  /** Units whose source or settings changed since their translation was written. */
  changed: number;
  /** Units translated by the service in this run. */
  translated: number;
  /** Units filled from the translation memory without a request. */
  reused: number;
  /** Units left without a translation (verification, service, quota or budget). */
  failed: number;
  /** Units whose target text a person wrote; never overwritten. */
  kept: number;
  /** Units already up to date. */
  unchanged: number;
  /** Target units dropped because the source no longer has them. */
  removed: number;
  /** Kept units whose source changed after the person wrote them: worth a review. */
  stale: number;
  /**
   * Units whose target text no durable record says who wrote (a lock that lost lines, in a
   * clone with no history to look in): kept like a person's, never overwritten, reported.
   */
  unknown: number;
  /** Units that need the service (dry run and check). */
  pending: number;
  /** Characters those texts hold (dry run). */
  characters: number;
  /** Requests they would take (dry run). */
  requests: number;
}

/** A unit without a translation at the end of a run. */
export interface UnitFailure {
  file: string;
  line: number;
  column: number;
  locale: string;
  unit: string;
  reason: FailureReason;
  message: string;
}

/** A unit that still needs the service (listed by check and dry runs). */
export interface PendingUnit {
  file: string;
  line: number;
  column: number;
  locale: string;
  unit: string;
  /** `new`: no translation yet; `changed`: its source or settings changed since it was translated. */
  state: 'new' | 'changed';
}

/** A unit a person wrote in a target, listed when its source has changed since. */
export interface StaleEdit {
  file: string;
  line: number;
  column: number;
  locale: string;
  unit: string;
  /** Hash of the source the text was written for (the current one's differs). */
  reviewedSource?: string;
  /** `unknown`: no record says who wrote the text (see {@link LocaleReport.unknown}). */
  origin?: 'human' | 'unknown';
  /** The source text now (`status` and `review` fill it in). */
  sourceText?: string;
  /** The source text the kept text was written for, when the repository's history has it. */
  previousSourceText?: string;
}

/** A unit whose target text no record says who wrote (see {@link LocaleReport.unknown}). */
export interface UnknownOrigin {
  file: string;
  line: number;
  column: number;
  locale: string;
  unit: string;
}

/** The outcome of a run. */
export interface RunReport {
  mode: 'translate' | 'dry-run' | 'check' | 'frozen';
  /** HTTP requests the run made. */
  requests: number;
  /** Characters the service billed. */
  billedCharacters: number;
  locales: Record<string, LocaleReport>;
  files: {
    /** Source files in the project. */
    total: number;
    /** Source files skipped because they and their targets match the lock. */
    upToDate: number;
    /** Target files written. */
    written: string[];
    /** Target files whose bytes would change (check and dry run). */
    outdated: string[];
  };
  failures: UnitFailure[];
  /** Units that need the service (check and dry run): what a translate run would send. */
  pending: PendingUnit[];
  stale: StaleEdit[];
  /** Units whose target text no record says who wrote. */
  unknown: UnknownOrigin[];
  /**
   * Targets whose source is gone (deleted or moved): no run updates them; `--prune` removes
   * them (`pruned` then says so).
   */
  orphans: Array<{ source: string; targets: string[]; pruned?: boolean }>;
  /**
   * Pages left as a person wrote them: Transloom never wrote them in the locale, and they do
   * not line up with their source (see `LocalePlan.notAligned`).
   */
  notAligned: NotAlignedPage[];
  /**
   * Target texts equal to their source that this run took for a person's choice ("GitHub",
   * a term left as it is) and kept: listed so a person can see them.
   */
  sameAsSource: UnknownOrigin[];
  /** Problems in the project's files (errors and warnings). */
  diagnostics: Diagnostic[];
  /** Why the run stopped sending early. */
  stopped: 'quota' | 'budget' | undefined;
  /** Glossary dictionaries sent to the service. */
  glossaryPushed: string[];
  /**
   * A sharded run: which shard, and how many texts it left to the other shards (its own are
   * the locales' `translated`; it writes no file and no lock).
   */
  shard?: { index: number; count: number; others: number };
  durationMs: number;
}

/** A page kept as a person wrote it because it does not line up with its source. */
export interface NotAlignedPage {
  /** The source file and its target, as the project names them. */
  source: string;
  target: string;
  locale: string;
  /** Where the target first differs from its source written with the target's texts. */
  line: number;
  column: number;
  /** Units of the source the page lacks or holds for an older source: what a write would translate. */
  due: number;
}

/**
 * Counts a page left as a person wrote it (`where` it first differs): its units with a text
 * are theirs, the rest are due; and lists it.
 */
export function reportNotAligned(
  report: RunReport,
  source: string,
  page: LocalePlan,
  where: PageDivergence,
): void {
  const counts = report.locales[page.locale]!;
  let due = 0;
  for (const u of page.units) {
    if (u.current === undefined || u.state === 'new' || u.state === 'changed') {
      due++;
      counts[u.state === 'changed' ? 'changed' : 'new']++;
    } else counts.kept++;
  }
  report.notAligned.push({
    source,
    target: page.target,
    locale: page.locale,
    line: where.line,
    column: where.column,
    due,
  });
}

/** Counts and lists a unit whose target text no record says who wrote. */
export function reportUnknown(report: RunReport, unit: UnknownOrigin): void {
  report.locales[unit.locale]!.unknown++;
  report.unknown.push(unit);
}

/** Counts and lists a kept unit whose source changed after the person wrote its text. */
export function reportStale(report: RunReport, edit: StaleEdit): void {
  report.locales[edit.locale]!.stale++;
  report.stale.push(edit);
}

/** An empty report of one locale. */
export function emptyLocaleReport(): LocaleReport {
  return {
    new: 0,
    changed: 0,
    translated: 0,
    reused: 0,
    failed: 0,
    kept: 0,
    unchanged: 0,
    removed: 0,
    stale: 0,
    unknown: 0,
    pending: 0,
    characters: 0,
    requests: 0,
  };
}

/**
 * How a run ended, for a host to map to its own signal (an exit code, a failed build):
 * - `stopped`: the quota or the budget stopped sending;
 * - `work`: a check or a frozen run found units missing, stale (a person's text whose source
 *   changed since) or failed, files out of date, or targets whose source is gone;
 * - `failed`: units failed or a file could not be read or written;
 * - `unknown`: a check found nothing else to do, but target texts no record says who wrote;
 * - `done`: everything is translated.
 */
export type RunOutcome = 'done' | 'failed' | 'stopped' | 'work' | 'unknown';

/** How {@link runOutcome} judges a report. */
export interface RunOutcomeOptions {
  /** A person's text whose source changed since is not work for a check. */
  allowStale?: boolean;
}

/** The outcome of a report (see {@link RunOutcome}). */
export function runOutcome(report: RunReport, options: RunOutcomeOptions = {}): RunOutcome {
  if (report.stopped) return 'stopped';
  const errors = report.diagnostics.some((d) => d.severity === 'error');
  const checking = report.mode === 'check' || report.mode === 'frozen';
  if (checking) {
    const work =
      Object.values(report.locales).some(
        (l) => l.pending > 0 || l.failed > 0 || (!options.allowStale && l.stale > 0),
      ) ||
      report.files.outdated.length > 0 ||
      report.orphans.some((o) => !o.pruned) ||
      (!options.allowStale && report.notAligned.some((p) => p.due > 0));
    if (work) return 'work';
  }
  if (report.failures.length > 0 || errors) return 'failed';
  if (checking && report.unknown.length > 0) return 'unknown';
  return 'done';
}
