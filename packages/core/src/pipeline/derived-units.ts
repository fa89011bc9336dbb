import type { UnitPlan } from './plan-types.js';
import { type RunReport, reportStale } from './run-report.js';
import { translationHash } from './translation-hash.js';
import { OUTCOME, type TargetWork } from './write-target.js';

/**
 * Settles a derived unit (markup a target gets from its source, such as import lines pointed
 * at the source; see `Unit.derived`) without sending anything, and says whether it did; any
 * other unit is left to the caller. A target that holds what the run works out now is up to
 * date. One that holds other text holds a person's edit when the lock knows what Transloom
 * wrote there (kept, and stale once the source changes; derived units are named by place, so
 * the record outlives a change of the source's line); without a record the text is an
 * earlier version's own output, and is worked out again.
 */
export function settleDerived(work: TargetWork, plan: UnitPlan, report: RunReport): boolean {
  const { unit } = plan;
  if (!unit.derived || plan.state === 'kept') return false;
  const doc = work.plan.doc!;
  const locale = work.locale.locale;
  const text = doc.derive(unit.id, { targetLocale: locale });
  const hash = translationHash(doc.portable(unit.id, text));
  // Markup already as it should be counts as up to date (as the lock counts it for a file it
  // skips); markup worked out anew is not text sent, and counts as nothing.
  if (plan.currentHash === hash) {
    work.translations.set(unit.id, text);
    if (plan.state === 'unchanged' || plan.state === 'adopt') {
      work.outcomes.set(unit.id, plan.state === 'unchanged' ? OUTCOME.unchanged : OUTCOME.ours);
      report.locales[locale]!.unchanged++;
    } else {
      work.outcomes.set(unit.id, OUTCOME.derived);
    }
    return true;
  }
  if (plan.state === 'adopt' && plan.record) {
    // Not what Transloom wrote, nor what it would write: a person's edit.
    work.outcomes.set(unit.id, { kind: 'kept', reviewedSource: plan.reviewedSource });
    report.locales[locale]!.kept++;
    if (plan.reviewedSource !== plan.sourceHash)
      reportStale(report, {
        file: work.plan.file.source,
        line: unit.line,
        column: unit.column,
        locale,
        unit: unit.id,
      });
    return true;
  }
  work.translations.set(unit.id, text);
  work.outcomes.set(unit.id, OUTCOME.derived);
  return true;
}
