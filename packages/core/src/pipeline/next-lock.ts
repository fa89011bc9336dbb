import { InternalError } from '@transloom/client/errors';
import {
  formatLockedTranslation,
  type Lock,
  type LockedFile,
  type LockedTarget,
  type LockedTranslation,
  type LockedUnit,
  lockedFile,
  parseLockedTranslation,
  RETRY,
} from '../lock/lock-file.js';
import type { FilePlan } from './plan-project.js';
import type { TargetResult, TargetWork } from './write-target.js';

/** A target of a run and what writing it gave. */
export type WrittenTarget = readonly [TargetWork, TargetResult];

/** What the lock keeps of a target a run settled: its line, and its units' records. */
export interface SettledTarget {
  locale: string;
  target: LockedTarget | undefined;
  /** The units with a record. */
  ids: string[];
  /**
   * Their records as the lock writes them, one for each of `ids`, space-separated: a big run
   * keeps one per target until the file's last locale, as text rather than an object per unit.
   * A unit that failed, or whose file could not be written, is due again.
   */
  records: string;
}

/** The lock's part of a written target, without the work behind it. */
export function settledTarget([work, result]: WrittenTarget): SettledTarget {
  const ids: string[] = [];
  const records: string[] = [];
  for (const [id, record] of result.records) {
    const failed = work.outcomes.get(id)?.kind === 'failed' || result.error !== undefined;
    ids.push(id);
    records.push(formatLockedTranslation(failed ? { ...record, settings: RETRY } : record));
  }
  return { locale: work.locale.locale, target: result.target, ids, records: records.join(' ') };
}

/**
 * The lock after a run: files untouched by it (up to date, or `untouched`: outside a run
 * limited to some files) keep their lines; the others are rebuilt from
 * what was written, with the records of locales outside this run carried over.
 */
export function nextLock(
  lock: Lock,
  plans: readonly FilePlan[],
  written: ReadonlyMap<FilePlan, readonly SettledTarget[]>,
  locales: readonly string[],
  glossary: Lock['glossary'],
  untouched: readonly string[] = [],
): Lock {
  const next: Lock = { glossary, files: new Map() };
  // Sources outside a run limited to some files keep their lines as they were.
  for (const source of untouched) {
    const old = lock.files.get(source);
    if (old) next.files.set(source, old);
  }
  const inRun = new Set(locales);
  for (const plan of plans) {
    const file = nextLockedFile(lock, plan, written.get(plan) ?? [], inRun);
    if (file) next.files.set(plan.file.source, file);
  }
  return next;
}

// Records of locales outside this run stay; if the source changed (or the unit is gone from
// it), they are due again (a person's text stays, marked as written for the old source).
function carriedRecords(
  before: LockedUnit | undefined,
  source: string | undefined,
  inRun: ReadonlySet<string>,
): Map<string, LockedTranslation> {
  const carried = new Map<string, LockedTranslation>();
  for (const [locale, record] of before?.locales ?? []) {
    if (inRun.has(locale)) continue;
    if (before!.source === source) carried.set(locale, record);
    else if (record.human)
      carried.set(locale, { ...record, reviewedSource: record.reviewedSource ?? before!.source });
    else carried.set(locale, { ...record, settings: RETRY });
  }
  return carried;
}

// A page left as it is (not aligned): every record of what it holds stays as it was, the
// units the source changed or lost included, so a later run still knows who wrote each text.
function keepRecordsOf(
  locale: string,
  oldUnits: ReadonlyMap<string, LockedUnit>,
  units: Map<string, LockedUnit>,
): void {
  for (const [id, before] of oldUnits) {
    const record = before.locales.get(locale);
    if (!record) continue;
    let unit = units.get(id);
    if (!unit) {
      unit = { source: before.source, locales: new Map() };
      units.set(id, unit);
    }
    unit.locales.set(locale, record);
  }
}

/**
 * One source file's lock record after a run: the lock's own when the file was up to date or
 * could not be read, else rebuilt from its targets as written (`written`) and the lock's records
 * of locales outside the run (`inRun`). Undefined when it records nothing.
 */
export function nextLockedFile(
  lock: Lock,
  plan: FilePlan,
  written: readonly SettledTarget[],
  inRun: ReadonlySet<string>,
): LockedFile | undefined {
  const old = lock.files.get(plan.file.source);
  if (plan.upToDate) return plan.upToDate;
  if (!plan.doc) return old;
  const oldUnits = old?.units() ?? new Map<string, LockedUnit>();
  const units = new Map<string, LockedUnit>();
  for (const unit of plan.doc.units) {
    const source = plan.sourceHashes.get(unit.id)!;
    units.set(unit.id, { source, locales: carriedRecords(oldUnits.get(unit.id), source, inRun) });
  }
  // A unit the source no longer has by its id (prose ids follow content) keeps the records of
  // locales outside this run: their targets still hold its text, which a later run of theirs
  // finds by hash as Transloom's own (due again) or a person's, not as unknown text.
  for (const [id, before] of oldUnits) {
    if (units.has(id)) continue;
    const carried = carriedRecords(before, undefined, inRun);
    if (carried.size > 0) units.set(id, { source: before.source, locales: carried });
  }
  // A target outside this run is known up to date only while its source file is unchanged.
  const targets = new Map(
    [...(old?.targets ?? [])].filter(([l]) => !inRun.has(l) && old!.source === plan.sourceHash),
  );
  for (const localePlan of plan.locales) {
    if (localePlan.notAligned) keepRecordsOf(localePlan.locale, oldUnits, units);
    if (!localePlan.error) continue;
    // An unreadable target: its records stay, due again.
    for (const [id, unit] of oldUnits) {
      const record = unit.locales.get(localePlan.locale);
      if (record && units.has(id))
        units.get(id)!.locales.set(localePlan.locale, { ...record, settings: RETRY });
    }
  }
  for (const { locale, target, ids, records } of written) {
    if (target) targets.set(locale, target);
    const texts = records.split(' ');
    ids.forEach((id, i) => {
      const record = parseLockedTranslation(texts[i]!);
      if (!record) throw new InternalError(`a lock record of ${id} reads '${texts[i]}'`);
      units.get(id)?.locales.set(locale, record);
    });
  }
  // The lock records what was written: a unit with no text in any target has no line, and
  // a file with none of them has none either.
  for (const [id, unit] of units) if (unit.locales.size === 0) units.delete(id);
  if (units.size === 0 && targets.size === 0) return undefined;
  return lockedFile(plan.sourceHash, targets, units) as LockedFile;
}
