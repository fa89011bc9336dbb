import { relative, resolve, sep } from 'node:path';
import { AuthorizationError, QuotaExceededError } from '@transloom/client/errors';
import pLimit from 'p-limit';
import { closest } from '../config/closest.js';
import { ConfigError } from '../config/config-error.js';
import type { ResolvedConfig } from '../config/resolve-config.js';
import { loadProjectGlossary } from '../glossary/load-glossary.js';
import { hashOf } from '../hashing/hash-of.js';
import { checkRunPaths } from '../project/check-run-paths.js';
import { expandFiles } from '../project/expand-files.js';
import { PathGuard } from '../project/path-guard.js';
import type { RunEvent, ServiceConnection } from '../project/project-types.js';
import { segmentText } from '../segments/parse-segment.js';
import { type JobGroup, JobQueue } from './job-queue.js';
import { type LocaleSettings, localeSettings } from './locale-settings.js';
import { readLock, writeLock } from './lock-file.js';
import { nextLock } from './next-lock.js';
import { planProject, type UnitPlan } from './plan-project.js';
import { RunConfigError } from './request-options.js';
import { type Adoption, resolveAdoptions } from './resolve-adoptions.js';
import { emptyLocaleReport, type RunReport, reportStale } from './run-report.js';
import type { GlossaryState } from './send-pending.js';
import {
  createFileTranslationStore,
  createTranslationMemory,
  noTranslationStore,
  type TranslationMemory,
} from './translation-memory.js';
import { type UnitForm, unitForms } from './unit-forms.js';
import { FormWaiter, type RunLedger, UnitTask } from './unit-task.js';
import { OUTCOME, type TargetResult, type TargetWork, writeTarget } from './write-target.js';

/** Options of {@link translateProject}. */
export interface TranslateProjectOptions {
  config: ResolvedConfig;
  /**
   * `translate` sends and writes; `frozen` writes only what the lock and translation memory
   * give; `dry-run` and `check` write nothing (a check reads no memory either).
   */
  mode?: RunReport['mode'];
  /**
   * The service connection; called at most once, and only when there is something to send.
   * The connection stays open: whoever made it closes it.
   */
  connect?: () => Promise<ServiceConnection>;
  /** Only these target locales. */
  locales?: readonly string[];
  /** Only these source files (relative to the root or absolute); others keep their lock lines. */
  files?: readonly string[];
  /** Parse every file, even those the lock says are up to date, to report every warning. */
  parseAll?: boolean;
  /** Stop before billing more characters than this in this run (over the configuration's). */
  maxCharacters?: number;
  /** Translate every unit again (people's text and the translation memory aside). */
  force?: boolean;
  /** Translate people's text again too. */
  overwriteEdits?: boolean;
  /** The translation memory (default: the configured store). */
  memory?: TranslationMemory;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
}

function runLocales(config: ResolvedConfig, wanted: readonly string[] | undefined): string[] {
  if (!wanted || wanted.length === 0) return config.targetLocales;
  const issues = wanted
    .filter((l) => !config.targetLocales.includes(l))
    .map((l) => {
      const suggestion = closest(l, config.targetLocales);
      return {
        path: '--locale',
        message: `'${l}' is not a target locale${suggestion ? `; did you mean '${suggestion}'?` : ''} (targets: ${config.targetLocales.join(', ')})`,
      };
    });
  if (issues.length > 0) throw new ConfigError(issues, config.file);
  return [...new Set(wanted)];
}

/** The configured translation memory. */
export function defaultTranslationMemory(config: ResolvedConfig): TranslationMemory {
  return createTranslationMemory({
    store:
      config.translationMemory === false
        ? noTranslationStore
        : createFileTranslationStore(config.translationMemory),
  });
}

/**
 * The main job: plans every source file against its targets and the lock, fills what the
 * translation memory has, sends the rest (deduplicated, batched, verified), writes each
 * target as soon as its last unit is settled, and writes the lock last.
 */
export async function translateProject(options: TranslateProjectOptions): Promise<RunReport> {
  const started = performance.now();
  const { config } = options;
  const mode = options.mode ?? 'translate';
  const locales = runLocales(config, options.locales);
  const guard = new PathGuard(config.root, config.file);
  const all = await expandFiles(config);
  const only = options.files && new Set(options.files.map((f) => projectPath(config.root, f)));
  const files = only ? all.filter((f) => only.has(f.source)) : all;
  // Every path the run reads or writes, links followed, before anything is read or sent.
  await checkRunPaths(guard, config, files, locales);
  const [{ lock, text: lockText }, glossary] = await Promise.all([
    readLock(config.lockFile),
    loadProjectGlossary(config),
  ]);
  const settings = new Map(locales.map((l) => [l, localeSettings(config, l, glossary)]));
  const plans = await planProject({
    config,
    files,
    lock,
    settings,
    force: options.force ?? false,
    overwriteEdits: options.overwriteEdits ?? false,
    parseAll: options.parseAll ?? false,
  });
  const memory = options.memory ?? defaultTranslationMemory(config);
  const report: RunReport = {
    mode,
    requests: 0,
    billedCharacters: 0,
    locales: Object.fromEntries(locales.map((l) => [l, emptyLocaleReport()])),
    files: { total: plans.length, upToDate: 0, written: [], outdated: [] },
    failures: [],
    pending: [],
    stale: [],
    diagnostics: [...(glossary?.warnings ?? [])],
    stopped: undefined,
    glossaryPushed: [],
    durationMs: 0,
  };
  let write = mode === 'translate' || mode === 'frozen';
  const writes = pLimit(8);
  const finishing: Promise<void>[] = [];
  const results = new Map<TargetWork, TargetResult>();
  const left = new Map<TargetWork, number>();
  const finish = (work: TargetWork) => {
    finishing.push(
      writes(async () => {
        const result = await writeTarget(work, config.root, write);
        results.set(work, result);
        // Written: the lock needs only the records and outcomes; the texts can go.
        work.translations.clear();
        work.locale.units = [];
        if (result.error) report.diagnostics.push(...result.error);
        if (result.written) {
          report.files.written.push(work.locale.target);
          options.onEvent?.({
            type: 'written',
            path: work.locale.target,
            locale: work.locale.locale,
            source: work.plan.file.source,
          });
        } else if (result.changed) {
          report.files.outdated.push(work.locale.target);
        }
      }),
    );
  };
  const settled = (work: TargetWork) => {
    const count = left.get(work)! - 1;
    left.set(work, count);
    if (count === 0) finish(work);
  };

  const queue = new JobQueue();
  const groups = new Map<string, JobGroup>();
  const groupOf = (locale: LocaleSettings, context: string | undefined): JobGroup => {
    const key = hashOf(locale.optionsHash, context ?? '');
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
  const contextOf = (plan: UnitPlan) => (config.context === 'unit' ? plan.unit.context : undefined);
  const termsOf = (locale: LocaleSettings, form: UnitForm) =>
    locale.terms.hashFor(segmentText(form.text));

  const ledger: RunLedger = { report, phase: 'memory', settled };
  const adopting: Adoption[] = [];
  const works: TargetWork[] = [];
  for (const plan of plans) {
    if (plan.error) report.diagnostics.push(...plan.error);
    if (plan.doc) report.diagnostics.push(...plan.doc.warnings);
    if (plan.upToDate) {
      report.files.upToDate++;
      const units = plan.upToDate.unitCount();
      for (const locale of plan.file.locales)
        if (settings.has(locale)) report.locales[locale]!.unchanged += units;
    }
    for (const localePlan of plan.locales) {
      const locale = settings.get(localePlan.locale)!;
      const counts = report.locales[localePlan.locale]!;
      if (localePlan.error) {
        report.diagnostics.push(...localePlan.error);
        continue;
      }
      counts.removed += localePlan.removed;
      const work: TargetWork = {
        plan,
        locale: localePlan,
        settingsHash: locale.hash,
        translations: new Map(),
        outcomes: new Map(),
      };
      works.push(work);
      left.set(work, 1); // released below, once every unit is queued
      for (const unitPlan of localePlan.units) {
        const { unit } = unitPlan;
        if (unitPlan.current !== undefined) work.translations.set(unit.id, unitPlan.current);
        if (unitPlan.state === 'unchanged') {
          work.outcomes.set(unit.id, OUTCOME.unchanged);
          counts.unchanged++;
        } else if (unitPlan.state === 'kept') {
          work.outcomes.set(unit.id, { kind: 'kept', reviewedSource: unitPlan.reviewedSource });
          counts.kept++;
          if (unitPlan.stale) {
            const { line, column, id } = unit;
            reportStale(report, {
              file: plan.file.source,
              line,
              column,
              locale: locale.locale,
              unit: id,
            });
          }
        } else {
          if (unitPlan.state === 'new') counts.new++;
          if (unitPlan.state === 'changed') counts.changed++;
          const forms = unitForms(unit, config.sourceLocale, locale.locale);
          left.set(work, left.get(work)! + 1);
          if (unitPlan.state === 'adopt') {
            adopting.push({ work, plan: unitPlan, forms });
            continue;
          }
          const task = new UnitTask(ledger, work, unitPlan, forms);
          const group = groupOf(locale, contextOf(unitPlan));
          for (let i = 0; i < forms.length; i++)
            queue.add(group, termsOf(locale, forms[i]!), new FormWaiter(task, i, forms[i]!));
        }
      }
    }
  }

  // Target text the lock does not know: Transloom's own when the memory gives the same text.
  await resolveAdoptions(adopting, memory, report, (item) => {
    const locale = settings.get(item.work.locale.locale)!;
    const group = groupOf(locale, contextOf(item.plan));
    return item.forms.map((form) => JobQueue.keyOf(group.key, termsOf(locale, form), form.text));
  });
  for (const item of adopting) settled(item.work);

  if (mode !== 'check' && !options.force) await queue.lookup(memory);
  ledger.phase = 'service';
  // The request packer and the sending code (the client) are loaded only when there is work.
  const texts = queue.pending();
  const byLocale =
    texts.length > 0
      ? (await import('./count-pending.js')).countPending(texts, report)
      : new Map<string, typeof texts>();
  const toSend = [...byLocale.values()].reduce((n, list) => n + list.length, 0);
  options.onEvent?.({
    type: 'planned',
    locales: Object.fromEntries(
      locales.map((l) => [
        l,
        { send: byLocale.get(l)?.length ?? 0, units: report.locales[l]!.pending },
      ]),
    ),
    files: { total: report.files.total, upToDate: report.files.upToDate },
  });

  let connection: ServiceConnection | undefined;
  let requestsBefore = 0;
  const budget = options.maxCharacters ?? config.maxCharacters;
  const glossaryState: GlossaryState = { locked: lock.glossary, pushed: report.glossaryPushed };
  let fatal: unknown;
  try {
    if (toSend > 0 && mode === 'translate') {
      if (!options.connect)
        throw new Error('translateProject: there is something to send but no connect() was given');
      connection = await options.connect();
      requestsBefore = connection.requests();
      const { sendPending } = await import('./send-pending.js');
      await sendPending({
        connection,
        queue,
        memory,
        groups: [...groups.values()],
        settings: [...settings.values()],
        glossary,
        glossaryState,
        glossaryName: `transloom: ${config.root.split(/[\\/]/).at(-1)}`,
        concurrency: config.concurrency,
        ...(budget !== undefined ? { maxCharacters: budget } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onEvent ? { onEvent: options.onEvent } : {}),
      });
      if (report.failures.some((f) => f.reason === 'budget')) report.stopped = 'budget';
    }
  } catch (error) {
    if (error instanceof QuotaExceededError) report.stopped = 'quota';
    else fatal = error;
  } finally {
    // A setting the service refuses (a style list, the key) is the user's to fix: nothing is
    // written, so the files stay as they were until a run can translate them.
    if (fatal instanceof RunConfigError || fatal instanceof AuthorizationError) write = false;
    queue.fail(
      mode === 'translate' ? (report.stopped === 'quota' ? 'quota' : 'service') : 'frozen',
      fatal
        ? `not sent: ${(fatal as Error).message}`
        : report.stopped === 'quota'
          ? 'not sent: the quota is reached (456)'
          : 'not in the translation memory',
    );
    for (const work of works) settled(work);
    await Promise.all(finishing);
    // The connection is the caller's: it may serve its next run too.
    if (connection) report.requests = connection.requests() - requestsBefore;
  }
  if (!options.memory) await memory.close();
  report.billedCharacters = queue.stats.billedCharacters;
  if (write) {
    const untouched = only ? all.filter((f) => !only.has(f.source)).map((f) => f.source) : [];
    await writeLock(
      config.lockFile,
      nextLock(lock, plans, works, results, locales, glossaryState.locked, untouched),
      lockText,
    );
  }
  report.pending.sort(byPosition);
  report.files.written.sort();
  report.files.outdated.sort();
  report.durationMs = performance.now() - started;
  if (fatal) throw Object.assign(fatal as Error, { report });
  return report;
}

function byPosition(
  a: { file: string; line: number; column: number; locale: string },
  b: { file: string; line: number; column: number; locale: string },
): number {
  return (
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.column - b.column ||
    (a.locale < b.locale ? -1 : a.locale > b.locale ? 1 : 0)
  );
}

// A path given by a host (absolute, or relative to the root; any separator) as the project names it.
function projectPath(root: string, path: string): string {
  return relative(root, resolve(root, path)).split(sep).join('/');
}
