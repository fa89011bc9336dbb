import type { TranslationMemory } from '../memory/translation-memory.js';
import { translationHash, type UnitPlan } from './plan-project.js';
import { type RunReport, reportStale } from './run-report.js';
import { assembleTranslation, type UnitForm } from './unit-forms.js';
import { OUTCOME, type TargetWork } from './write-target.js';

/** A unit whose target text the lock does not know (or not as it is now). */
export interface Adoption {
  work: TargetWork;
  plan: UnitPlan;
  forms: UnitForm[];
}

/**
 * Decides whose text each adoption is: Transloom's own when the translation memory gives
 * exactly that text for the unit's current source and settings (a run that stopped before
 * writing its lock), else a person's, which is kept and, if written for an older source,
 * reported as stale. Sends nothing.
 */
export async function resolveAdoptions(
  adoptions: readonly Adoption[],
  memory: TranslationMemory,
  report: RunReport,
  keysOf: (adoption: Adoption) => string[],
): Promise<void> {
  if (adoptions.length === 0) return;
  const keyed = adoptions.map((item) => ({ item, keys: keysOf(item) }));
  const found = await memory.getMany(keyed.flatMap((k) => k.keys));
  for (const { item, keys } of keyed) {
    const { work, plan } = item;
    const segments = item.forms.map((form, i) => {
      const value = found.get(keys[i]!);
      const restored = value === undefined ? undefined : form.restore(value);
      return restored && 'segment' in restored ? restored.segment : undefined;
    });
    const ours =
      segments.every((s) => s !== undefined) &&
      translationHash(
        work.plan.doc!.portable(
          plan.unit.id,
          assembleTranslation(item.forms, segments as string[]),
        ),
      ) === plan.currentHash;
    const counts = report.locales[work.locale.locale]!;
    if (ours) {
      work.outcomes.set(plan.unit.id, OUTCOME.ours);
      counts.unchanged++;
      continue;
    }
    work.outcomes.set(plan.unit.id, { kind: 'kept', reviewedSource: plan.reviewedSource });
    counts.kept++;
    if (plan.reviewedSource !== plan.sourceHash) {
      const { line, column, id } = plan.unit;
      reportStale(report, {
        file: work.plan.file.source,
        line,
        column,
        locale: work.locale.locale,
        unit: id,
      });
    }
  }
}
