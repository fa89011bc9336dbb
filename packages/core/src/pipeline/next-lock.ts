import { pushTo } from '../collections/group-by.js';
import {
  type Lock,
  type LockedFile,
  type LockedTranslation,
  type LockedUnit,
  lockedFile,
  RETRY,
} from '../lock/lock-file.js';
import type { FilePlan } from './plan-project.js';
import type { TargetResult, TargetWork } from './write-target.js';

/**
 * The lock after a run: files untouched by it (up to date, or `untouched`: outside a run
 * limited to some files) keep their lines; the others are rebuilt from
 * what was written, with the records of locales outside this run carried over.
 */
export function nextLock(
  lock: Lock,
  plans: readonly FilePlan[],
  works: readonly TargetWork[],
  results: ReadonlyMap<TargetWork, TargetResult>,
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
  const worksOf = new Map<FilePlan, TargetWork[]>();
  for (const work of works) pushTo(worksOf, work.plan, work);
  for (const plan of plans) {
    const old = lock.files.get(plan.file.source);
    if (plan.upToDate) {
      next.files.set(plan.file.source, plan.upToDate);
      continue;
    }
    if (!plan.doc) {
      if (old) next.files.set(plan.file.source, old);
      continue;
    }
    const oldUnits = old?.units() ?? new Map<string, LockedUnit>();
    const units = new Map<string, LockedUnit>();
    for (const unit of plan.doc.units) {
      const source = plan.sourceHashes.get(unit.id)!;
      const before = oldUnits.get(unit.id);
      // Records of locales outside this run stay; if the source changed, they are due again
      // (a person's text stays, marked as written for the old source).
      const carried = new Map<string, LockedTranslation>();
      for (const [locale, record] of before?.locales ?? []) {
        if (inRun.has(locale)) continue;
        if (before!.source === source) carried.set(locale, record);
        else if (record.human)
          carried.set(locale, {
            ...record,
            reviewedSource: record.reviewedSource ?? before!.source,
          });
        else carried.set(locale, { ...record, settings: RETRY });
      }
      units.set(unit.id, { source, locales: carried });
    }
    // A target outside this run is known up to date only while its source file is unchanged.
    const targets = new Map(
      [...(old?.targets ?? [])].filter(([l]) => !inRun.has(l) && old!.source === plan.sourceHash),
    );
    for (const localePlan of plan.locales) {
      if (!localePlan.error) continue;
      // An unreadable target: its records stay, due again.
      for (const [id, unit] of oldUnits) {
        const record = unit.locales.get(localePlan.locale);
        if (record && units.has(id))
          units.get(id)!.locales.set(localePlan.locale, { ...record, settings: RETRY });
      }
    }
    for (const work of worksOf.get(plan) ?? []) {
      const result = results.get(work);
      if (!result) continue;
      if (result.target) targets.set(work.locale.locale, result.target);
      for (const [id, record] of result.records) {
        const failed = work.outcomes.get(id)?.kind === 'failed' || result.error !== undefined;
        units
          .get(id)
          ?.locales.set(work.locale.locale, failed ? { ...record, settings: RETRY } : record);
      }
    }
    // The lock records what was written: a unit with no text in any target has no line, and
    // a file with none of them has none either.
    for (const [id, unit] of units) if (unit.locales.size === 0) units.delete(id);
    if (units.size === 0 && targets.size === 0) continue;
    next.files.set(plan.file.source, lockedFile(plan.sourceHash, targets, units) as LockedFile);
  }
  return next;
}
