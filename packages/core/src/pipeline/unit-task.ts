import type { FailureReason, Waiter } from './job-queue.js';
import type { UnitPlan } from './plan-project.js';
import type { RunReport } from './run-report.js';
import { assembleTranslation, type UnitForm } from './unit-forms.js';
import { OUTCOME, type TargetWork } from './write-target.js';

/** What the unit tasks of a run report to. */
export interface RunLedger {
  readonly report: RunReport;
  /** `memory` while the translation memory is looked up, `service` after. */
  phase: 'memory' | 'service';
  /** A unit of `work` is settled (its target is written once all are). */
  settled(work: TargetWork): void;
}

/**
 * One unit in one locale, waiting for the texts of its forms: when the last is settled it
 * records the unit's translation (or why it has none) on its target. A class rather than
 * closures: a big run has one per unit and locale, and each closure costs a context.
 */
export class UnitTask {
  private readonly segments: string[];
  private open: number;
  private failure: { error: string; reason: FailureReason } | undefined;
  private fromMemory = true;

  constructor(
    private readonly ledger: RunLedger,
    readonly work: TargetWork,
    readonly plan: UnitPlan,
    readonly forms: readonly UnitForm[],
  ) {
    this.segments = new Array(forms.length);
    this.open = forms.length;
  }

  /** Records the text (or the failure) of form `index`. */
  settleForm(index: number, result: Parameters<Waiter['settle']>[0]): void {
    if ('segment' in result) this.segments[index] = result.segment;
    else this.failure ??= result;
    if (this.ledger.phase !== 'memory') this.fromMemory = false;
    if (--this.open > 0) return;
    const { report } = this.ledger;
    const { work, plan } = this;
    const { unit } = plan;
    const locale = work.locale.locale;
    const counts = report.locales[locale]!;
    const at = { file: work.plan.file.source, line: unit.line, column: unit.column, locale };
    // Every form verified on its own; what the file would get for the whole unit is checked too.
    const translation = this.failure ? undefined : assembleTranslation(this.forms, this.segments);
    const problem =
      translation === undefined
        ? undefined
        : work.plan.doc!.verify(unit.id, translation, { targetLocale: locale });
    if (problem !== undefined) this.failure = { error: problem, reason: 'verification' };
    if (this.failure && (report.mode === 'check' || report.mode === 'dry-run')) {
      // Nothing was sent: the unit is what a translate run would send.
      work.outcomes.set(unit.id, { kind: 'failed', message: this.failure.error });
      report.pending.push({
        ...at,
        unit: unit.id,
        state: plan.state === 'new' ? 'new' : 'changed',
      });
    } else if (this.failure) {
      work.outcomes.set(unit.id, { kind: 'failed', message: this.failure.error });
      counts.failed++;
      report.failures.push({
        ...at,
        unit: unit.id,
        reason: this.failure.reason,
        message: this.failure.error,
      });
    } else {
      work.translations.set(unit.id, translation!);
      work.outcomes.set(unit.id, this.fromMemory ? OUTCOME.reused : OUTCOME.translated);
      if (this.fromMemory) counts.reused++;
      else counts.translated++;
    }
    this.ledger.settled(work);
  }
}

/** The job queue's waiter for one form of a unit task. */
export class FormWaiter implements Waiter {
  constructor(
    private readonly task: UnitTask,
    private readonly index: number,
    readonly form: UnitForm,
  ) {}

  settle(result: Parameters<Waiter['settle']>[0]): void {
    this.task.settleForm(this.index, result);
  }
}
