import type { LockHistory } from '../lock/lock-history.js';
import type { TranslationMemory } from '../memory/translation-memory.js';
import { translationHash, type UnitPlan } from './plan-project.js';
import type { UnitFilter } from './plan-types.js';
import { type RunReport, reportStale, reportUnknown } from './run-report.js';
import { assembleTranslation, type UnitForm } from './unit-forms.js';
import { OUTCOME, type TargetWork } from './write-target.js';

/** A unit whose target text the lock does not know (or not as it is now). */
export interface Adoption {
  work: TargetWork;
  plan: UnitPlan;
  forms: UnitForm[];
}

/** What {@link resolveAdoptions} reads. */
export interface AdoptionSources {
  memory: TranslationMemory;
  /** Every lock line ever written here or committed (read once, when first needed). */
  history: () => Promise<LockHistory>;
  /** The memory keys of an adoption's forms. */
  keysOf: (adoption: Adoption) => string[];
  /** Units whose text no record names a person says are theirs (see `PlanOptions.adopt`). */
  adopt?: UnitFilter;
}

// Whether the memory gives exactly the target's text for the unit's current source and settings.
function inMemory(item: Adoption, keys: readonly string[], found: ReadonlyMap<string, string>) {
  const { work, plan } = item;
  const segments = item.forms.map((form, i) => {
    const value = found.get(keys[i]!);
    const restored = value === undefined ? undefined : form.restore(value);
    return restored && 'segment' in restored ? restored.segment : undefined;
  });
  return (
    segments.every((s) => s !== undefined) &&
    translationHash(
      work.plan.doc!.portable(plan.unit.id, assembleTranslation(item.forms, segments as string[])),
    ) === plan.currentHash
  );
}

/**
 * Decides whose text each adoption is, never from the absence of a record alone:
 * - Transloom's own when the translation memory gives exactly that text for the unit's
 *   current source and settings (a run that stopped before writing its lock);
 * - else whoever a lock line in the history says (see {@link LockHistory}): a person's text
 *   is kept; Transloom's for the current source and settings is up to date, and Transloom's
 *   for an older source of the unit is returned, to be translated again;
 * - else, when the history is complete (every line Transloom wrote is in it) and the text
 *   was not found of unknown origin before, or a person says the text is theirs (`adopt`),
 *   a person's text, kept and, if written for an older
 *   source, reported as stale;
 * - else (a shallow clone, a project with no record of Transloom's yet) of unknown origin: kept as it is, never overwritten, reported,
 *   and stale when its source changed since it was found.
 * Sends nothing.
 */
export async function resolveAdoptions(
  adoptions: readonly Adoption[],
  report: RunReport,
  sources: AdoptionSources,
): Promise<Adoption[]> {
  if (adoptions.length === 0) return [];
  const keyed = adoptions.map((item) => ({ item, keys: sources.keysOf(item) }));
  const found = await sources.memory.getMany(keyed.flatMap((k) => k.keys));
  const again: Adoption[] = [];
  let history: LockHistory | undefined;
  for (const { item, keys } of keyed) {
    const { work, plan } = item;
    const locale = work.locale.locale;
    const counts = report.locales[locale]!;
    if (inMemory(item, keys, found)) {
      work.outcomes.set(plan.unit.id, OUTCOME.ours);
      counts.unchanged++;
      continue;
    }
    history ??= await sources.history();
    const line = history.recordOf(locale, plan.currentHash!, plan.sourceHash, plan.unit.id);
    const { line: at, column, id } = plan.unit;
    const position = { file: work.plan.file.source, line: at, column, locale, unit: id };
    if (line && !line.record.human && !line.record.unknown) {
      if (line.source === plan.sourceHash && line.record.settings === plan.settingsHash) {
        work.outcomes.set(plan.unit.id, OUTCOME.ours);
        counts.unchanged++;
      } else again.push(item);
      continue;
    }
    // A text found of unknown origin (by the lock, or by a line of the history) stays so until
    // a line names its writer or a person says: a history that is whole now may have begun
    // after it was found (a first adoption).
    const foundUnknown = line
      ? line.record.unknown === true
      : plan.record?.unknown === true && plan.record.written === plan.currentHash;
    const decided = (line !== undefined || history.complete) && !foundUnknown;
    if (decided || sources.adopt?.(work.plan.file.source, id, locale)) {
      const reviewedSource = line
        ? (line.record.reviewedSource ?? line.source)
        : (plan.reviewedSource ?? plan.sourceHash);
      work.outcomes.set(plan.unit.id, { kind: 'kept', reviewedSource });
      counts.kept++;
      if (plan.sameAsSource) report.sameAsSource.push(position);
      if (reviewedSource !== plan.sourceHash) reportStale(report, { ...position, reviewedSource });
      continue;
    }
    const foundSource =
      (line?.record.unknown ? (line.record.reviewedSource ?? line.source) : undefined) ??
      plan.reviewedSource ??
      plan.sourceHash;
    work.outcomes.set(plan.unit.id, { kind: 'unknown', foundSource });
    reportUnknown(report, position);
    if (foundSource !== plan.sourceHash)
      reportStale(report, { ...position, reviewedSource: foundSource, origin: 'unknown' });
  }
  return again;
}
