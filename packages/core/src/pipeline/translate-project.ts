import { relative, resolve, sep } from 'node:path';
import { ConfigError, InternalError, UsageError } from '@transloom/client/errors';
import type { Diagnostic } from '../document/diagnostics.js';
import { DiskWriteError } from '../errors/disk-write-error.js';
import { glossaryName } from '../glossary/glossary-name.js';
import { loadProjectGlossary, type ProjectGlossary } from '../glossary/load-glossary.js';
import { type Lock, readLock } from '../lock/lock-file.js';
import { readLockJournal } from '../lock/lock-journal.js';
import { createConfiguredStore } from '../memory/configured-store.js';
import { createFileTranslationStore } from '../memory/file-translation-store.js';
import { MemoryUnavailableError } from '../memory/redis-translation-store.js';
import { checkShard, type Shard } from '../memory/shard-of.js';
import {
  createTranslationMemory,
  noTranslationStore,
  type TranslationMemory,
} from '../memory/translation-memory.js';
import { closest } from '../settings/closest.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import { checkFileEntries } from './check-file-entries.js';
import { checkRunPaths } from './check-run-paths.js';
import { checkWritable } from './check-writable.js';
import { expandFiles, type ProjectFile } from './expand-files.js';
import { findOrphans, pruneOrphans } from './find-orphans.js';
import { runLocale } from './locale-run.js';
import { type LocaleSettings, localeSettings } from './locale-settings.js';
import { createLockLedger } from './lock-ledger.js';
import { PathGuard } from './path-guard.js';
import { type FilePlan, type PlanOptions, planProject, type UnitFilter } from './plan-project.js';
import type { RunEvent } from './run-event.js';
import { type RunLookups, runLookups } from './run-lookups.js';
import { emptyLocaleReport, type RunReport } from './run-report.js';
import {
  closeRunMemory,
  openRunWrites,
  type RunWrites,
  reportDiskError,
  runJournalPath,
  writeRunLock,
} from './run-writes.js';
import type { ServiceConnection } from './service-connection.js';
import type { GlossaryState, ServiceSession } from './service-session.js';
import { stopsWriting } from './stops-writing.js';

/** Locales a run works on at once, not counting one whose requests are all parked. */
const LOCALES_AT_ONCE = 2;
/** Locales a run holds at once, parked ones included. */
const LOCALES_HELD = 3;

/** Options of {@link translateProject}. */
export interface TranslateProjectOptions {
  config: ResolvedConfig;
  /**
   * `translate` sends and writes; `frozen`, `dry-run` and `check` write nothing (a frozen run
   * is a check that reports every unit still to do as failed; neither reads the memory).
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
  /** A file entry that matches no source file is not an error (a project with none yet). */
  allowEmpty?: boolean;
  /** Stop before billing more characters than this in this run (the configuration's, if lower, still holds). */
  maxCharacters?: number;
  /** Translate every unit again (people's text and the translation memory aside). */
  force?: boolean;
  /** Translate people's text again too. */
  overwriteEdits?: boolean;
  /** Remove the targets whose source is gone, with their lock lines (see `findOrphans`). */
  prune?: boolean;
  /**
   * With mode `check`: write the lock (nothing is sent, no target written): every file planned
   * with its lines chosen by what its targets hold (`transloom lock resolve`, `review`).
   */
  lockOnly?: boolean;
  /** Read these lines as the lock, in the lock file's place (both sides of a conflict git holds). */
  lockText?: string;
  /** A person reviewed these units: their kept text counts as written for the current source. */
  accept?: UnitFilter;
  /** Translate these kept units again (a person asked for a fresh translation). */
  overwrite?: UnitFilter;
  /** These units' texts no record names are a person's (see `PlanOptions.adopt`). */
  adopt?: UnitFilter;
  /** The translation memory (default: the configured store). */
  memory?: TranslationMemory;
  /**
   * Translate only the missing texts whose content hash falls in this shard, into the shared
   * memory, writing no file and no lock; a plain run afterwards (the fan-in) writes them.
   */
  shard?: Shard;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
}

function runLocales(config: ResolvedConfig, wanted: readonly string[] | undefined): string[] {
  if (!wanted || wanted.length === 0) return config.targetLocales;
  const issues = wanted
    .filter((l) => !config.targetLocales.includes(l))
    .map((l) => {
      const suggestion = closest(l, config.targetLocales);
      return `'${l}' is not a target locale${suggestion ? `; did you mean '${suggestion}'?` : ''} (targets: ${config.targetLocales.join(', ')})`;
    });
  // The caller's choice of locales, not the configuration, is wrong: a host names its own
  // flag or input for it.
  if (issues.length > 0) throw new UsageError(`locales: ${issues.join('; ')}`);
  return [...new Set(wanted)];
}

/**
 * The configured translation memory: the local store, and the shared one behind it when one is
 * configured (its URL and scopes from `env`).
 */
export function defaultTranslationMemory(
  config: ResolvedConfig,
  env: Readonly<Record<string, string | undefined>> = process.env,
): TranslationMemory {
  const local =
    config.translationMemory === false
      ? noTranslationStore
      : createFileTranslationStore(config.translationMemory);
  return createTranslationMemory({
    store: createConfiguredStore(local, config.sharedMemory, env),
  });
}

/** What a locale started by {@link inTurns} tells it. */
interface TurnHooks {
  /** The locale is in its tail: the next one may start. */
  reachTail: () => void;
  /** Every open request of the locale waits out a refusal (or no longer does). */
  parked: (parked: boolean) => void;
}

// Two locales at work at a time: each holds only its own units, and while one waits for the
// answers to its last requests, the next one keeps the service busy. The next starts only
// once the one before is in its tail (`reachTail`), so two whole locales are never held at
// once. A locale whose every open request waits out a refusal (a service answering 429 with
// `Retry-After`) uses none of the service meanwhile, so it does not count as at work: a third
// locale may start, and the tails of a run under refusals overlap instead of adding up. At
// most three are held. Resolves to the locales started.
async function inTurns(
  locales: readonly string[],
  stopped: () => boolean,
  start: (locale: string, hooks: TurnHooks) => Promise<void>,
): Promise<string[]> {
  const done: string[] = [];
  const running = new Map<Promise<void>, { parked: boolean }>();
  let wake = () => {};
  const changed = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });
  const full = () => {
    let atWork = 0;
    for (const state of running.values()) if (!state.parked) atWork++;
    return running.size >= LOCALES_HELD || atWork >= LOCALES_AT_ONCE;
  };
  let tail: Promise<void> = Promise.resolve();
  for (const locale of locales) {
    await tail;
    while (full()) await changed();
    if (stopped()) break;
    done.push(locale);
    let reachTail!: () => void;
    tail = new Promise<void>((resolve) => {
      reachTail = resolve;
    });
    const state = { parked: false };
    const parked = (now: boolean) => {
      state.parked = now;
      wake();
    };
    const tracked: Promise<void> = start(locale, { reachTail, parked }).finally(() => {
      reachTail();
      running.delete(tracked);
      wake();
    });
    running.set(tracked, state);
  }
  await Promise.all(running.keys());
  return done;
}

/**
 * The main job: plans every source file against its targets and the lock, then, locale by
 * locale, fills what the translation memory has, sends the rest (deduplicated, batched,
 * verified), and writes each target as soon as its last unit is settled, the lock lines of
 * its texts on the disk before it. The lock is written at the end, whatever stopped the run.
 */
export async function translateProject(options: TranslateProjectOptions): Promise<RunReport> {
  const started = performance.now();
  const { config } = options;
  const mode = options.mode ?? 'translate';
  const locales = runLocales(config, options.locales);
  const guard = new PathGuard(config.root, config.file);
  const { all, only, files } = await runFiles(options);
  // Every path the run reads or writes, links followed, before anything is sent: the
  // folders of sources and targets here, a link as a file's last part when it is opened.
  await checkRunPaths(guard, config, files, locales);
  // The lines a run wrote ahead of its targets and did not fold into the lock (it was killed,
  // or the disk was full) are read over the lock: they say who wrote what is in the targets.
  const [{ lock, text: lockText }, glossary] = await Promise.all([
    readLock(config.lockFile, readLockJournal(runJournalPath(config)), options.lockText),
    loadProjectGlossary(config),
  ]);
  const settings = new Map(locales.map((l) => [l, localeSettings(config, l, glossary)]));
  const planOptions = runPlanOptions(options, files, lock, settings, guard);
  const shard = options.shard && mode === 'translate' ? checkShard(options.shard) : undefined;
  const memory = await openRunMemory(options, shard);
  const plans = await planProject(planOptions);
  const report = startReport(config, mode, locales, plans, settings, glossary, shard);
  if (lock.conflicted) report.diagnostics.push(conflictDiagnostic(config, mode));
  // A run limited to some files says nothing of the others' sources.
  report.orphans = only ? [] : findOrphans(config, lock, all);
  // Every file the run may write, before anything is sent: a read-only folder found after
  // the service answered would cost every character.
  if (mode === 'translate' && !shard) await checkTargetsWritable(config, plans, settings);
  // A shard writes no file and no lock: the final run writes them all at once.
  const writesFiles = mode === 'translate' && !shard;
  const writes = await openRunWrites(
    config,
    writesFiles,
    writesFiles || (mode === 'check' && options.lockOnly === true),
  );
  const glossaryState: GlossaryState = { locked: lock.glossary, pushed: report.glossaryPushed };
  const service = lazyServiceSession(
    options,
    memory,
    settings,
    glossary,
    glossaryState,
    () => writes.halted,
  );
  // Each source's lock record is made once its last locale is written, and its plan let go.
  const ledger = createLockLedger(lock, plans, locales);
  const run: LocaleRun = {
    options,
    report,
    plans,
    planOptions,
    memory,
    lookups: runLookups(config, lock, all, guard),
    service,
    writes,
    ledger,
    fatal: undefined,
  };
  const done = await inTurns(
    locales,
    () => run.fatal !== undefined,
    (locale, hooks) => startLocale(run, locale, hooks, shard),
  );
  await endRun(run, { all, only, done, lockText, shard, guard, glossary: glossaryState });
  report.durationMs = performance.now() - started;
  if (run.fatal) throw Object.assign(run.fatal as Error, { report });
  return report;
}

/** What {@link endRun} needs besides the run's own. */
interface RunEnd {
  all: readonly ProjectFile[];
  only: ReadonlySet<string> | undefined;
  /** The locales that ran, in the order they started. */
  done: readonly string[];
  lockText: string | undefined;
  shard: Shard | undefined;
  guard: PathGuard;
  glossary: GlossaryState;
}

// After the locales: the report's totals, the memory closed, the orphans pruned when asked,
// and the lock written, which records what the targets hold whatever stopped the run.
async function endRun(
  run: LocaleRun,
  { all, only, done, lockText, shard, guard, glossary }: RunEnd,
) {
  const { options, report, memory, writes } = run;
  const { config } = options;
  const mode = options.mode ?? 'translate';
  if (report.failures.some((f) => f.reason === 'budget')) report.stopped ??= 'budget';
  const requests = run.service.requests();
  if (requests !== undefined) report.requests = requests;
  const lost = mode === 'translate' || mode === 'dry-run' ? memory.unavailable?.() : undefined;
  if (lost) report.diagnostics.push(memoryDiagnostic(config, lost));
  if (!options.memory) await closeRunMemory(config, memory, writes);
  // What a shard translated is lost to the final run unless the shared memory has it.
  if (shard && lost && run.fatal === undefined)
    run.fatal = new MemoryUnavailableError(`shard ${shard.index}/${shard.count}: ${lost}`);
  // A disk that took no more writes is reported as the file that could not be written; the
  // run's outcome is a failure (exit 3), not a crash.
  if (run.fatal instanceof DiskWriteError) {
    writes.stop(run.fatal);
    run.fatal = undefined;
  }
  if (writes.writesLock) {
    const untouched = only ? all.filter((f) => !only.has(f.source)).map((f) => f.source) : [];
    await settleOrphans(options, report, guard, writes, untouched);
    // Locales a fatal error left out keep their lock records, as if they were not in the run.
    await writeRunLock(config, run.ledger.next(done, glossary.locked, untouched), lockText, writes);
  }
  reportDiskError(report, writes);
  sortReport(report);
}

/** What every locale of a run shares. */
interface LocaleRun {
  options: TranslateProjectOptions;
  report: RunReport;
  plans: readonly FilePlan[];
  planOptions: PlanOptions;
  memory: TranslationMemory;
  lookups: RunLookups;
  service: LazyServiceSession;
  writes: RunWrites;
  ledger: ReturnType<typeof createLockLedger>;
  /** The first error that ends the run. */
  fatal: unknown;
}

// Runs one locale of the run, started by `inTurns`.
async function startLocale(
  run: LocaleRun,
  locale: string,
  { reachTail, parked }: TurnHooks,
  shard: Shard | undefined,
): Promise<void> {
  const { options, report, writes, planOptions } = run;
  const mode = options.mode ?? 'translate';
  // A shard settles only its own part of a locale's units: its locales start together.
  if (shard) reachTail();
  const result = await runLocale({
    config: options.config,
    report,
    plans: run.plans,
    planOptions,
    memory: run.memory,
    history: run.lookups.history,
    repository: run.lookups.repository,
    settings: planOptions.settings.get(locale)!,
    lookup: (mode === 'translate' || mode === 'dry-run') && !options.force,
    send: mode === 'translate' ? run.service.send : undefined,
    write: () => writes.write,
    journal: writes.journal,
    temporaryDirectory: writes.temporaryDirectory,
    onDiskError: writes.stop,
    shard,
    onEvent: options.onEvent,
    onTarget: run.ledger.settled,
    onTail: reachTail,
    onParked: parked,
  });
  report.billedCharacters += result.billedCharacters;
  if (result.fatal !== undefined && run.fatal === undefined) {
    run.fatal = result.fatal;
    // A setting the service refuses (a style list, the key), or a service that cannot be
    // reached: no more targets are written (what was answered is in the memory).
    if (stopsWriting(run.fatal)) writes.write = false;
  }
}

// The plan options of a run.
function runPlanOptions(
  options: TranslateProjectOptions,
  files: readonly ProjectFile[],
  lock: Lock,
  settings: ReadonlyMap<string, LocaleSettings>,
  guard: PathGuard,
): PlanOptions {
  const planOptions: PlanOptions = {
    ...planFlags(options),
    ...(options.accept ? { accept: options.accept } : {}),
    ...(options.overwrite ? { overwrite: options.overwrite } : {}),
    ...(options.adopt ? { adopt: options.adopt } : {}),
    config: options.config,
    files,
    lock,
    settings,
    guard,
  };
  if (options.onEvent) planOptions.onParsing = () => options.onEvent?.({ type: 'parsing' });
  return planOptions;
}

// Prunes the orphans when asked (and the disk let the run write); an orphan not pruned keeps
// its lock lines (`untouched`): a source moved without its targets finds its translations
// there, and the next run reports it again.
async function settleOrphans(
  options: TranslateProjectOptions,
  report: RunReport,
  guard: PathGuard,
  writes: RunWrites,
  untouched: string[],
): Promise<void> {
  if (options.prune && writes.write && (options.mode ?? 'translate') === 'translate') {
    await pruneOrphans(options.config, report.orphans, guard);
    for (const orphan of report.orphans) orphan.pruned = true;
  }
  for (const orphan of report.orphans) if (!orphan.pruned) untouched.push(orphan.source);
}

// The warning of a lock with git's conflict markers, read as both sides' lines.
function conflictDiagnostic(config: ResolvedConfig, mode: RunReport['mode']): Diagnostic {
  const name = relative(config.root, config.lockFile);
  return {
    file: name,
    line: 1,
    column: 1,
    rule: 'lock-conflict',
    severity: 'warning',
    message:
      mode === 'translate'
        ? `had git's conflict markers: both sides' lines were read (each holds on its own) and it is written again without them; mark it resolved: git add ${name}`
        : `has git's conflict markers: both sides' lines were read (each holds on its own); run transloom lock resolve to write it without them`,
  };
}

// The project's files and, when the host named some, the ones this run covers.
async function runFiles(options: TranslateProjectOptions) {
  const { config } = options;
  const all = await expandFiles(config);
  const only = options.files && new Set(options.files.map((f) => projectPath(config.root, f)));
  const files = only ? all.filter((f) => only.has(f.source)) : all;
  if (!only && !options.allowEmpty) await checkFileEntries(config, all);
  return { all, only, files };
}

// The options' switches that change how files are planned, with their defaults.
function planFlags(
  options: TranslateProjectOptions,
): Pick<PlanOptions, 'force' | 'overwriteEdits' | 'parseAll'> {
  return {
    force: options.force ?? false,
    overwriteEdits: options.overwriteEdits ?? false,
    parseAll: options.parseAll ?? false,
  };
}

// The run's translation memory: the caller's, or the project's own; a shard needs a shared one.
async function openRunMemory(
  options: TranslateProjectOptions,
  shard: Shard | undefined,
): Promise<TranslationMemory> {
  const { config } = options;
  // Entries are written once: a forced shard would pay again for answers the final run never reads.
  if (shard && options.force)
    throw new UsageError(
      'a sharded run cannot be forced: the shared memory keeps the first answer to each text',
    );
  const memory = options.memory ?? defaultTranslationMemory(config);
  if (shard && !memory.shared) {
    if (!options.memory) await memory.close();
    throw new ConfigError(
      [
        {
          path: 'translationMemory.redis',
          message: `a sharded run (shard ${shard.index}/${shard.count}) needs a shared translation memory, where the shards leave their translations for the final run: ${memory.unavailable?.() ?? 'set translationMemory.redis'}`,
        },
      ],
      config.file,
    );
  }
  return memory;
}

// The report before any locale runs: the configuration's and the glossary's warnings, each
// plan's diagnostics, and the files already up to date.
function startReport(
  config: ResolvedConfig,
  mode: RunReport['mode'],
  locales: readonly string[],
  plans: readonly FilePlan[],
  settings: ReadonlyMap<string, LocaleSettings>,
  glossary: ProjectGlossary | undefined,
  shard: Shard | undefined,
): RunReport {
  const report: RunReport = {
    mode,
    requests: 0,
    billedCharacters: 0,
    locales: Object.fromEntries(locales.map((l) => [l, emptyLocaleReport()])),
    files: { total: plans.length, upToDate: 0, written: [], outdated: [] },
    failures: [],
    pending: [],
    stale: [],
    unknown: [],
    orphans: [],
    notAligned: [],
    sameAsSource: [],
    diagnostics: [
      ...config.warnings.map(
        (w): Diagnostic => ({
          file: config.file ? relative(config.root, config.file) : '(configuration)',
          line: 1,
          column: 1,
          rule: 'config',
          severity: 'warning',
          message: `${w.path}: ${w.message}`,
        }),
      ),
      ...(glossary?.warnings ?? []),
    ],
    stopped: undefined,
    glossaryPushed: [],
    durationMs: 0,
    ...(shard ? { shard: { ...shard, others: 0 } } : {}),
  };
  for (const plan of plans) {
    if (plan.error) report.diagnostics.push(...plan.error);
    if (plan.doc) report.diagnostics.push(...plan.doc.warnings);
    if (plan.upToDate) {
      report.files.upToDate++;
      const units = plan.upToDate.unitCount();
      for (const locale of plan.file.locales) {
        if (!settings.has(locale)) continue;
        // A person's text in a file up to date is still theirs: counted as kept.
        const { human } = plan.upToDate.origins(locale);
        report.locales[locale]!.unchanged += units - human;
        report.locales[locale]!.kept += human;
      }
    }
  }

  return report;
}

// Checks that every target the run may write, and the lock, can be written.
async function checkTargetsWritable(
  config: ResolvedConfig,
  plans: readonly FilePlan[],
  settings: ReadonlyMap<string, LocaleSettings>,
): Promise<void> {
  const targets: string[] = [config.lockFile];
  for (const plan of plans)
    if (!plan.upToDate && plan.doc)
      for (const locale of plan.file.locales)
        if (settings.has(locale)) targets.push(plan.file.target(locale));
  await checkWritable(config.root, targets);
}

/** The run's way to the service, opened on the first send; `requests` counts this run's. */
interface LazyServiceSession {
  send: ServiceSession['send'];
  requests: () => number | undefined;
}

// The service is opened (and the glossary pushed) when the first locale has texts to send.
function lazyServiceSession(
  options: TranslateProjectOptions,
  memory: TranslationMemory,
  settings: ReadonlyMap<string, LocaleSettings>,
  glossary: ProjectGlossary | undefined,
  glossaryState: GlossaryState,
  halted: () => unknown,
): LazyServiceSession {
  const { config } = options;
  let connection: ServiceConnection | undefined;
  let requestsBefore = 0;
  let session: Promise<ServiceSession> | undefined;
  const send: ServiceSession['send'] = async (queue, groups, onParked) => {
    session ??= (async () => {
      if (!options.connect)
        throw new InternalError('translateProject has texts to send but was given no connect()');
      connection = await options.connect();
      requestsBefore = connection.requests();
      // A call's budget never raises the project's own.
      const budget =
        options.maxCharacters === undefined
          ? config.maxCharacters
          : Math.min(options.maxCharacters, config.maxCharacters ?? Number.POSITIVE_INFINITY);
      const { openServiceSession } = await import('./service-session.js');
      return openServiceSession({
        connection,
        memory,
        settings: [...settings.values()],
        glossary,
        glossaryState,
        glossaryName: glossaryName(config),
        concurrency: config.concurrency,
        halted,
        ...(budget !== undefined ? { maxCharacters: budget } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onEvent ? { onEvent: options.onEvent } : {}),
      });
    })();
    await (await session).send(queue, groups, onParked);
  };
  // The connection is the caller's: it may serve its next run too.
  return { send, requests: () => connection && connection.requests() - requestsBefore };
}

// Positions in file order, lists of files by name: a report reads the same on every run.
function sortReport(report: RunReport): void {
  report.pending.sort(byPosition);
  report.failures.sort(byPosition);
  report.stale.sort(byPosition);
  report.files.written.sort();
  report.files.outdated.sort();
}

// The one warning of a run whose shared memory was (or became) unavailable.
function memoryDiagnostic(config: ResolvedConfig, message: string): Diagnostic {
  return {
    file: config.file ? relative(config.root, config.file) : '(configuration)',
    line: 1,
    column: 1,
    rule: 'translation-memory',
    severity: 'warning',
    message,
  };
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
