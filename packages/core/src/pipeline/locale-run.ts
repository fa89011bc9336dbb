import { QuotaExceededError } from '@transloom/client/errors';
import pLimit from 'p-limit';
import type { DiskWriteError } from '../errors/disk-write-error.js';
import type { LockHistory } from '../lock/lock-history.js';
import type { LockJournal } from '../lock/lock-journal.js';
import type { Shard } from '../memory/shard-of.js';
import type { TranslationMemory } from '../memory/translation-memory.js';
import { segmentText } from '../segments/parse-segment.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import type { LoadDocument } from './align-target.js';
import { settleDerived } from './derived-units.js';
import { type JobGroup, JobQueue } from './job-queue.js';
import type { LocaleSettings } from './locale-settings.js';
import { groupKeyOf } from './memory-key.js';
import type { WrittenTarget } from './next-lock.js';
import {
  documentLoader,
  type FilePlan,
  type LocalePlan,
  type PlanOptions,
  planLocale,
  type UnitPlan,
} from './plan-project.js';
import type { RepositoryTexts } from './repository-texts.js';
import { type Adoption, resolveAdoptions } from './resolve-adoptions.js';
import type { RunEvent } from './run-event.js';
import { type RunReport, reportNotAligned, reportStale } from './run-report.js';
import type { ServiceSession } from './service-session.js';
import { shardRun } from './shard-run.js';
import { stopsWriting } from './stops-writing.js';
import { type UnitForm, unitForms } from './unit-forms.js';
import { FormWaiter, type RunLedger, UnitTask } from './unit-task.js';
import { OUTCOME, type TargetWork, writeTarget } from './write-target.js';

/** What one locale's part of a run works with. */
export interface LocaleRunContext {
  config: ResolvedConfig;
  report: RunReport;
  plans: readonly FilePlan[];
  planOptions: PlanOptions;
  memory: TranslationMemory;
  /** Every lock line ever written here or committed, read once when a run first needs it. */
  history: () => Promise<LockHistory>;
  settings: LocaleSettings;
  /** Look texts up in the translation memory (not for a check, nor with force). */
  lookup: boolean;
  /** The translations the repository already holds (looked up with the memory). */
  repository?: ((loadDocument: LoadDocument) => RepositoryTexts) | undefined;
  /**
   * Sends the open texts of the locale's groups; absent when this run sends nothing (a dry
   * run, a check, a frozen run, or after the quota stopped it).
   */
  send: ServiceSession['send'] | undefined;
  /** Whether targets are written (a dry run and a check write nothing). */
  write: () => boolean;
  /** Where the lock lines of what a target gets go before it is renamed into place. */
  journal?: LockJournal | undefined;
  /** Where temporary files are made. */
  temporaryDirectory?: string | undefined;
  /** A target could not be written because the disk takes no more writes: the run stops. */
  onDiskError?: ((error: DiskWriteError) => void) | undefined;
  /** Send only the texts of this shard (see {@link shardRun}). */
  shard?: Shard | undefined;
  onEvent: ((event: RunEvent) => void) | undefined;
  /**
   * A source file's target in this locale is settled: written (or not) as `target` says, or,
   * without `target`, not worked on (unreadable, or a shard's). Nothing of the file's plan is
   * read for this locale afterwards.
   */
  onTarget?: ((plan: FilePlan, target?: WrittenTarget) => void) | undefined;
  /**
   * Called once, when at most a tenth of the locale's units to translate is still open (or
   * the locale ends): the next locale may start then, keeping the service busy through this
   * one's slowest answers without holding two whole locales' units at once.
   */
  onTail?: (() => void) | undefined;
  /**
   * Told when every open request of the locale waits out a refusal, so that it uses none of
   * the service until one is sent again, and when that ends: another locale may use the
   * service meanwhile.
   */
  onParked?: ((parked: boolean) => void) | undefined;
}

/** The share of a locale's open units under which the next locale may start. */
const TAIL = 0.1;

// Units queued or adopting, and how many are still open: once planning is over, the tail is
// signalled (once) when the open ones fall to TAIL of those queued.
class OpenUnits {
  private queued = 0;
  private open = 0;
  private planning = true;

  constructor(private readonly context: Pick<LocaleRunContext, 'onTail'>) {}

  add(): void {
    this.queued++;
    this.open++;
  }

  settle(): void {
    this.open--;
    this.signal();
  }

  planned(): void {
    this.planning = false;
    this.signal();
  }

  private signal(): void {
    if (!this.planning && this.open <= this.queued * TAIL) {
      this.context.onTail?.();
      this.context.onTail = undefined;
    }
  }
}

/** What one locale's part of a run did. */
export interface LocaleRunResult {
  billedCharacters: number;
  /** An error that ends the run (not a 456, which only stops sending). */
  fatal: unknown;
}

/**
 * One target locale of a run: plans it for every parsed source file, fills what the
 * translation memory has, sends the rest through `send`, and writes each target as soon as
 * its last unit is settled. A run goes locale by locale, so it holds one locale's units at a
 * time; requests are grouped by locale anyway, so this costs no request.
 */
export async function runLocale(context: LocaleRunContext): Promise<LocaleRunResult> {
  const { config, report, settings: locale } = context;
  const counts = report.locales[locale.locale]!;
  const stop: { fatal: unknown } = { fatal: undefined };
  // A setting the service refuses (a style list, the key) is the user's to fix: nothing more
  // is written, so the files stay as they were until a run can translate them.
  const writing = () => context.write() && !stopsWriting(stop.fatal);
  const { finish, finishing } = targetFinisher(context, writing);
  // Units still open per target; a target is let go once written.
  const left = new Map<TargetWork, number>();
  const settled = (work: TargetWork) => {
    const count = left.get(work)! - 1;
    if (count > 0) left.set(work, count);
    else if (left.delete(work)) finish(work);
  };

  const queue = new JobQueue();
  const { groups, groupOf } = jobGroups(locale);
  const contextOf = (plan: UnitPlan) => (config.context === 'unit' ? plan.unit.context : undefined);
  const termsOf = (form: UnitForm) => locale.terms.hashFor(segmentText(form.text));

  const units = new OpenUnits(context);
  const unitSettled = (work: TargetWork) => {
    settled(work);
    units.settle();
  };
  const ledger: RunLedger = { report, phase: 'memory', settled: unitSettled };
  const adopting: Adoption[] = [];
  const works: TargetWork[] = [];
  // A unit to translate: its forms queued, or, when the lock does not know its target text,
  // kept to see whether that text is Transloom's own.
  const enqueue = (work: TargetWork, unitPlan: UnitPlan) => {
    if (unitPlan.state === 'new') counts.new++;
    if (unitPlan.state === 'changed') counts.changed++;
    const forms = unitForms(unitPlan.unit, config.sourceLocale, locale.locale);
    left.set(work, left.get(work)! + 1);
    units.add();
    if (unitPlan.state === 'adopt') {
      adopting.push({ work, plan: unitPlan, forms });
      return;
    }
    queueTask(work, unitPlan, forms);
  };
  const queueTask = (work: TargetWork, unitPlan: UnitPlan, forms: UnitForm[]) => {
    const task = new UnitTask(ledger, work, unitPlan, forms);
    const group = groupOf(contextOf(unitPlan));
    for (let i = 0; i < forms.length; i++)
      queue.add(group, termsOf(forms[i]!), new FormWaiter(task, i, forms[i]!));
  };
  const parsed = context.plans.filter(
    (plan) => plan.doc && plan.file.locales.includes(locale.locale),
  );
  // Loaded only when a file was parsed: a run where every file matches the lock loads no parser.
  const loadDocument = parsed.length > 0 ? await documentLoader() : undefined;
  const repository =
    context.lookup && loadDocument ? context.repository?.(loadDocument) : undefined;
  for (const plan of parsed) {
    const localePlan = planLocale(plan, locale.locale, locale, context.planOptions, loadDocument!);
    if (localePlan.error) {
      report.diagnostics.push(...localePlan.error);
      context.onTarget?.(plan);
      continue;
    }
    if (localePlan.unlike) report.diagnostics.push(...localePlan.unlike);
    if (localePlan.notAligned) {
      reportNotAligned(report, plan.file.source, localePlan, localePlan.notAligned);
      context.onTarget?.(plan);
      continue;
    }
    counts.removed += localePlan.removed;
    const work = targetWork(plan, localePlan, locale);
    works.push(work);
    left.set(work, 1); // held until every unit of the locale is queued (below)
    for (const unitPlan of localePlan.units) {
      const { unit } = unitPlan;
      if (unitPlan.current !== undefined) work.translations.set(unit.id, unitPlan.current);
      if (settleDerived(work, unitPlan, report)) continue;
      if (settleUnsent(work, unitPlan, report, locale.locale)) continue;
      if (repository && settleFromRepository(work, unitPlan, report, repository)) continue;
      enqueue(work, unitPlan);
    }
  }

  await settleAdoptions(adopting, context, {
    keysOf: (item) => {
      const group = groupOf(contextOf(item.plan));
      return item.forms.map((form) => JobQueue.keyOf(group.key, termsOf(form), form.text));
    },
    settled: unitSettled,
    translate: (item) => {
      counts.changed++;
      queueTask(item.work, item.plan, item.forms);
    },
  });
  units.planned();
  for (const work of works.splice(0)) settled(work);

  await sendLocale(context, queue, [...groups.values()], stop, finishing, async () => {
    if (context.lookup) await queue.lookup(context.memory);
    if (context.shard) stop.fatal = shardRun(queue, context.shard, context.memory, report);
    ledger.phase = 'service';
  });
  return { billedCharacters: queue.stats.billedCharacters, fatal: stop.fatal };
}

// Fills what the memory has (`lookup`, after which answers count as the service's), then sends the rest of a locale's queue and fails
// what stays unsent; the locale ends once its targets are written.
async function sendLocale(
  context: LocaleRunContext,
  queue: JobQueue,
  groups: JobGroup[],
  stop: { fatal: unknown },
  finishing: Promise<void>[],
  lookup: () => Promise<void>,
): Promise<void> {
  const { report, settings: locale } = context;
  await lookup();
  const toSend = await countToSend(queue, report);
  context.onEvent?.({
    type: 'planned',
    locales: { [locale.locale]: { send: toSend, units: report.locales[locale.locale]!.pending } },
    files: { total: report.files.total, upToDate: report.files.upToDate },
  });
  try {
    // Nothing more is sent once another locale met the quota.
    if (toSend > 0 && context.send && report.stopped !== 'quota' && stop.fatal === undefined)
      await context.send(queue, groups, context.onParked);
  } catch (error) {
    if (error instanceof QuotaExceededError) report.stopped = 'quota';
    else stop.fatal = error;
  } finally {
    failUnsent(queue, report, stop.fatal);
    await Promise.all(finishing);
    context.onTail?.();
  }
}

// The work of writing one target: its plan, and the translations and outcomes gathered for it.
function targetWork(plan: FilePlan, localePlan: LocalePlan, locale: LocaleSettings): TargetWork {
  return {
    plan,
    locale: localePlan,
    settingsHash: locale.hash,
    translations: new Map(),
    outcomes: new Map(),
  };
}

// Counts the texts left to send into the report; returns how many there are.
async function countToSend(queue: JobQueue, report: RunReport): Promise<number> {
  // The request packer and the sending code (the client) are loaded only when there is work.
  const texts = queue.pending();
  if (texts.length > 0) (await import('./count-pending.js')).countPending(texts, report);
  return texts.length;
}

// Every text still open after sending fails, with the reason it was not sent.
function failUnsent(queue: JobQueue, report: RunReport, fatal: unknown): void {
  const sending = report.mode === 'translate';
  queue.fail(
    sending ? (report.stopped === 'quota' ? 'quota' : 'service') : 'frozen',
    fatal
      ? `not sent: ${(fatal as Error).message}`
      : report.stopped === 'quota'
        ? 'not sent: the quota is reached (456)'
        : 'not translated yet (nothing is sent in this run)',
  );
}

/** Writes each target once its last unit is settled, and reports what was written. */
interface TargetFinisher {
  finish: (work: TargetWork) => void;
  /** The writes under way, awaited before the locale ends. */
  finishing: Promise<void>[];
}

// Targets are written eight at a time; `writing` says whether this run still writes at all.
function targetFinisher(context: LocaleRunContext, writing: () => boolean): TargetFinisher {
  const { config, report, onEvent } = context;
  const writes = pLimit(8);
  const finishing: Promise<void>[] = [];
  const finish = (work: TargetWork) => {
    // A shard writes nothing and reports no file: the final run renders them all.
    if (context.shard) {
      work.translations.clear();
      work.locale.units = [];
      context.onTarget?.(work.plan);
      return;
    }
    finishing.push(
      writes(async () => {
        const result = await writeTarget(work, {
          root: config.root,
          write: writing(),
          journal: context.journal,
          temporaryDirectory: context.temporaryDirectory,
        });
        if (result.diskError) context.onDiskError?.(result.diskError);
        // Written: the lock needs only the records and outcomes; the texts can go.
        work.translations.clear();
        work.locale.units = [];
        if (result.error) report.diagnostics.push(...result.error);
        context.onTarget?.(work.plan, [work, result]);
        if (result.written) {
          report.files.written.push(work.locale.target);
          onEvent?.({
            type: 'written',
            path: work.locale.target,
            locale: work.locale.locale,
            source: work.plan.file.source,
            hash: result.hash!,
          });
        } else if (result.changed) {
          report.files.outdated.push(work.locale.target);
        }
      }),
    );
  };
  return { finish, finishing };
}

// One request group per locale and context, made when its first text is queued.
function jobGroups(locale: LocaleSettings) {
  const groups = new Map<string, JobGroup>();
  const groupOf = (context: string | undefined): JobGroup => {
    const key = groupKeyOf(locale, context);
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        locale: locale.locale,
        options: {
          targetLang: locale.targetLang,
          sourceLang: locale.sourceLang,
          ...(context ? { context } : {}),
        },
      };
      groups.set(key, group);
    }
    return group;
  };
  return { groups, groupOf };
}

// Target text the lock does not know: whose it is, from the memory and the lock's history.
// Transloom's translation of an older source is due again, like any changed unit.
async function settleAdoptions(
  adopting: readonly Adoption[],
  context: LocaleRunContext,
  hooks: {
    keysOf: (item: Adoption) => string[];
    settled: (work: TargetWork) => void;
    translate: (item: Adoption) => void;
  },
): Promise<void> {
  const again = new Set(
    await resolveAdoptions(adopting, context.report, {
      memory: context.memory,
      history: context.history,
      keysOf: hooks.keysOf,
      ...(context.planOptions.adopt ? { adopt: context.planOptions.adopt } : {}),
    }),
  );
  for (const item of adopting) {
    if (!again.has(item)) {
      hooks.settled(item.work);
      continue;
    }
    item.plan.state = 'changed';
    hooks.translate(item);
  }
}

// Settles a unit to translate with the translation the repository holds for its source and
// settings, counted as reused; false when it has none.
function settleFromRepository(
  work: TargetWork,
  unitPlan: UnitPlan,
  report: RunReport,
  repository: RepositoryTexts,
): boolean {
  if (unitPlan.state !== 'new' && unitPlan.state !== 'changed') return false;
  const locale = work.locale.locale;
  const found = repository.find(work.plan, unitPlan, locale);
  if (found === undefined) return false;
  const counts = report.locales[locale]!;
  work.translations.set(unitPlan.unit.id, found.text);
  if (found.human) {
    // A person's text moved with its unit stays theirs.
    work.outcomes.set(unitPlan.unit.id, { kind: 'kept', reviewedSource: unitPlan.sourceHash });
    counts.kept++;
    return true;
  }
  counts[unitPlan.state]++;
  counts.reused++;
  work.outcomes.set(unitPlan.unit.id, OUTCOME.reused);
  return true;
}

// Settles a unit that needs nothing sent (unchanged, or kept as a person wrote it) and counts
// it; false for a unit still to translate or adopt.
function settleUnsent(
  work: TargetWork,
  unitPlan: UnitPlan,
  report: RunReport,
  locale: string,
): boolean {
  const { unit } = unitPlan;
  const counts = report.locales[locale]!;
  if (unitPlan.state === 'unchanged') {
    work.outcomes.set(unit.id, OUTCOME.unchanged);
    counts.unchanged++;
    return true;
  }
  if (unitPlan.state !== 'kept') return false;
  work.outcomes.set(unit.id, { kind: 'kept', reviewedSource: unitPlan.reviewedSource });
  counts.kept++;
  if (unitPlan.stale) {
    const { line, column, id } = unit;
    reportStale(report, {
      file: work.plan.file.source,
      line,
      column,
      locale,
      unit: id,
      ...(unitPlan.reviewedSource ? { reviewedSource: unitPlan.reviewedSource } : {}),
    });
  }
  return true;
}
