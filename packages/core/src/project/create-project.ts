import { join, resolve } from 'node:path';
import { UsageError } from '@transloom/client/errors';
import type { TranslationMemory } from '../memory/translation-memory.js';
import { PathGuard } from '../pipeline/path-guard.js';
import type { RunReport } from '../pipeline/run-report.js';
import type { TranslateProjectOptions } from '../pipeline/translate-project.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import { ensureStateDirectory, STATE_DIRECTORY } from '../settings/state-directory.js';
import { createCallQueue } from './call-queue.js';
import { chooseService, type ServiceChoice } from './choose-service.js';
import type {
  AdoptOptions,
  CreateProjectOptions,
  ExtractOptions,
  LocalServiceStarter,
  Project,
  ReviewOptions,
  RunEvent,
  RunOptions,
  TranslateOptions,
} from './project-types.js';
import { checkPseudoLocale, PSEUDO_STATE, pseudoConfig } from './pseudo-locale.js';
import { acquireRunLock } from './run-lock.js';
import { createServiceLink, type ServiceLink } from './service-link.js';

async function readConfig(options: CreateProjectOptions, cwd: string): Promise<ResolvedConfig> {
  let config: ResolvedConfig;
  if (options.config) {
    const { resolveConfig } = await import('../config/resolve-config.js');
    config = resolveConfig(options.config, cwd);
  } else {
    // The file loader (cosmiconfig, and a TypeScript loader for `.ts` files) is loaded only
    // for hosts that do not pass their configuration.
    const { loadConfig } = await import('../config/load-config.js');
    config = await loadConfig({
      cwd,
      ...(options.configFile ? { configFile: options.configFile } : {}),
      ...(options.configFormats ? { formats: options.configFormats } : {}),
    });
  }
  if (options.pseudoLocale) checkPseudoLocale(config, options.pseudoLocale);
  return config;
}

type LockedCall = Pick<TranslateOptions, 'signal' | 'wait' | 'onEvent'>;

// How long a run lock may go unrefreshed before it is taken to be left by a run that is gone
// (`TRANSLOOM_RUN_LOCK_STALE_MS`, milliseconds; the lock's default when unset or not a number).
function lockStaleMs(env: CreateProjectOptions['env']): number | undefined {
  const value = Number(env?.TRANSLOOM_RUN_LOCK_STALE_MS);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

type Emit = (own: RunOptions['onEvent'], event: RunEvent) => void;

// The state directory, checked to stay inside the project and made with its `.gitignore`.
async function prepareState(config: ResolvedConfig): Promise<void> {
  await new PathGuard(config.root, config.file).check(
    '(state directory)',
    join(config.root, STATE_DIRECTORY),
  );
  await ensureStateDirectory(config.root);
}

// Runs `task` holding the project's run lock (waiting for another run, or refusing).
async function locked<T>(
  config: ResolvedConfig,
  command: string,
  call: LockedCall & { staleMs: number | undefined },
  emit: Emit,
  task: () => Promise<T>,
): Promise<T> {
  const file = join(config.root, STATE_DIRECTORY, 'run.lock');
  await prepareState(config);
  const lock = await acquireRunLock({
    file,
    command,
    wait: call.wait ?? true,
    ...(call.staleMs !== undefined ? { staleMs: call.staleMs } : {}),
    ...(call.signal ? { signal: call.signal } : {}),
    onWait: (holder) => emit(call.onEvent, { type: 'waiting', holder, lockFile: file }),
  });
  try {
    return await task();
  } finally {
    await lock.release();
  }
}

// The pseudo-locale always talks to the built-in service (no key is read), with its data
// under its own folder; the note on the service is about the project's own, so none here.
function pseudoServiceLink(
  config: () => ResolvedConfig,
  localService: LocalServiceStarter | undefined,
): ServiceLink {
  return createServiceLink({
    choose: () =>
      chooseService({ env: {}, localService, stateDir: join(config().root, PSEUDO_STATE) }),
    prepareLocal: () => prepareState(config()),
  });
}

/**
 * Opens a project for a host (the CLI, the Vite plugin, the GitHub Action, a script): its
 * configuration is read once, one service connection (opened when a call first has something
 * to send) and one translation memory serve every call, and calls run one after another.
 * Nothing is global to the process: two projects in one process are independent, and two runs
 * on one project directory (here or in another process) take turns through the run lock.
 */
export async function createProject(options: CreateProjectOptions = {}): Promise<Project> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const env = options.env ?? process.env;
  let config = await readConfig(options, cwd);
  let memory: TranslationMemory | undefined = options.memory;
  let service: ServiceChoice | undefined;
  // The pseudo-locale's configuration and (empty) memory, made on its first run.
  let pseudo: { config: ResolvedConfig; memory: TranslationMemory } | undefined;
  const queue = createCallQueue();

  const emit: Emit = (own, event) => {
    options.onEvent?.(event);
    own?.(event);
  };
  const memoryOf = async (): Promise<TranslationMemory> => {
    if (!memory) {
      const { defaultTranslationMemory } = await import('../pipeline/translate-project.js');
      memory = defaultTranslationMemory(config, env);
    }
    return memory;
  };
  // Which service a project uses is settled before a run reads anything: only one of the
  // key and the address set is the user's to fix, not a surprise after the files are planned.
  const chosen = (): ServiceChoice => {
    service ??= chooseService({
      env,
      service: options.service,
      localService: options.localService,
      stateDir: join(config.root, STATE_DIRECTORY),
      requestTimeout: options.requestTimeout ?? config.requestTimeout,
    });
    return service;
  };
  const main = createServiceLink({
    choose: chosen,
    prepareLocal: () => prepareState(config),
    announce: (onEvent, choice, url) => emit(onEvent, { type: 'service', kind: choice.kind, url }),
  });
  const pseudoLink = pseudoServiceLink(() => config, options.localService);
  const withLock = <T>(command: string, call: LockedCall, task: () => Promise<T>) =>
    locked(config, command, { ...call, staleMs: lockStaleMs(env) }, emit, task);
  const run = async (
    mode: RunReport['mode'],
    call: TranslateOptions,
    parseAll = false,
    lockRun?: Partial<TranslateProjectOptions>,
  ): Promise<RunReport> => {
    if (mode === 'translate') chosen();
    const { translateProject } = await import('../pipeline/translate-project.js');
    const job = async () =>
      translateProject({
        config,
        mode,
        memory: await memoryOf(),
        connect: () => main.connect(call.onEvent),
        ...(call.locales ? { locales: call.locales } : {}),
        ...(call.files ? { files: call.files } : {}),
        ...(call.allowEmpty ? { allowEmpty: true } : {}),
        ...(call.maxCharacters !== undefined ? { maxCharacters: call.maxCharacters } : {}),
        ...(call.shard ? { shard: call.shard } : {}),
        ...(parseAll ? { parseAll } : {}),
        force: call.force ?? false,
        overwriteEdits: call.overwriteEdits ?? false,
        ...(call.prune ? { prune: true } : {}),
        ...(lockRun ?? {}),
        ...(call.signal ? { signal: call.signal } : {}),
        onEvent: (event) => emit(call.onEvent, event),
      });
    const writes = mode === 'translate' || lockRun?.lockOnly === true;
    return writes ? withLock(mode, call, job) : job();
  };
  // A run that writes only the lock (lock resolve, review --accept) under the run lock.
  const lockOnly = (call: TranslateOptions, extra: Partial<TranslateProjectOptions>) =>
    run('check', call, true, { ...extra, lockOnly: true });
  const lockActions = () => import('./lock-actions.js');
  const review = async (call: ReviewOptions): Promise<RunReport> => {
    const filter = (await lockActions()).reviewFilter(config, call);
    if (call.action === 'accept') return lockOnly(call, { accept: filter });
    if (call.action === 'retranslate') return run('translate', call, false, { overwrite: filter });
    const report = await run('check', call, true);
    report.stale = report.stale.filter((e) => filter(e.file, e.unit, e.locale));
    report.unknown = report.unknown.filter((u) => filter(u.file, u.unit, u.locale));
    await (await import('./stale-sources.js')).describeStaleEdits(config, report);
    return report;
  };
  const adopt = async (call: AdoptOptions): Promise<RunReport> => {
    const filter = (await lockActions()).reviewFilter(config, call);
    if (call.action === 'accept') return lockOnly(call, { adopt: filter });
    const report = await run('dry-run', call, true);
    report.pending = report.pending.filter((u) => filter(u.file, u.unit, u.locale));
    report.unknown = report.unknown.filter((u) => filter(u.file, u.unit, u.locale));
    report.notAligned = report.notAligned.filter((p) => filter(p.source, '', p.locale));
    return report;
  };
  const pseudoRun = async (call: RunOptions): Promise<RunReport> => {
    const locale = options.pseudoLocale;
    if (!locale) throw new UsageError('the project has no pseudoLocale');
    const { defaultTranslationMemory, translateProject } = await import(
      '../pipeline/translate-project.js'
    );
    if (!pseudo) {
      const derived = await pseudoConfig(config, locale);
      pseudo = { config: derived, memory: defaultTranslationMemory(derived, {}) };
    }
    const { config: own, memory: none } = pseudo;
    return withLock('pseudo-locale', call, () =>
      translateProject({
        config: own,
        mode: 'translate',
        memory: none,
        connect: () => pseudoLink.connect(call.onEvent),
        ...(call.files ? { files: call.files } : {}),
        ...(call.allowEmpty ? { allowEmpty: true } : {}),
        force: false,
        overwriteEdits: false,
        ...(call.signal ? { signal: call.signal } : {}),
        onEvent: (event) => emit(call.onEvent, event),
      }),
    );
  };
  const extract = async (call: ExtractOptions) => {
    const { extractKeys } = await import('../extract/extract-keys.js');
    const job = () => extractKeys(config, { dryRun: Boolean(call.dryRun) });
    return call.dryRun ? job() : withLock('extract', call, job);
  };
  const glossary = async () => import('./glossary-actions.js');

  return {
    get root() {
      return config.root;
    },
    get config() {
      return config;
    },
    pseudoLocale: options.pseudoLocale,
    files: async () =>
      (await import('./project-files.js')).indexProjectFiles(
        config,
        options.pseudoLocale ? [options.pseudoLocale] : [],
      ),
    extract: (call = {}) => queue.enqueue(call.signal, () => extract(call)),
    plan: (call = {}) => queue.enqueue(call.signal, () => run('dry-run', call)),
    translate: (call = {}) =>
      queue.enqueue(call.signal, () => run(call.frozen ? 'frozen' : 'translate', call)),
    pseudoLocalize: (call = {}) => queue.enqueue(call.signal, () => pseudoRun(call)),
    check: (call = {}) => queue.enqueue(call.signal, () => run('check', call)),
    resolveLock: (call = {}) =>
      queue.enqueue(call.signal, async () =>
        (await lockActions()).resolveLock(config, (lockText) =>
          lockOnly(call, lockText === undefined ? {} : { lockText }),
        ),
      ),
    review: (call) => queue.enqueue(call.signal, () => review(call)),
    adopt: (call) => queue.enqueue(call.signal, () => adopt(call)),
    status: (call = {}) =>
      queue.enqueue(call.signal, async () => {
        const report = await run('check', call, true);
        await (await import('./stale-sources.js')).describeStaleEdits(config, report);
        return report;
      }),
    glossary: {
      validate: (call = {}) =>
        queue.enqueue(call.signal, async () => (await glossary()).validateGlossary(config)),
      push: (call = {}) =>
        queue.enqueue(call.signal, () =>
          withLock('glossary push', call, async () =>
            (await glossary()).pushGlossary(config, await main.connect(undefined), call.signal),
          ),
        ),
      pull: (call = {}) =>
        queue.enqueue(call.signal, () =>
          withLock('glossary pull', call, async () =>
            (await glossary()).pullGlossary(config, await main.connect(undefined), call.signal),
          ),
        ),
    },
    memory: {
      promote: (call) =>
        queue.enqueue(undefined, async () =>
          (await import('./memory-actions.js')).promoteScope(config, env, call),
        ),
      exportTmx: (call) =>
        queue.enqueue(call.signal, async () =>
          (await import('./memory-actions.js')).exportTmx(config, await memoryOf(), env, call),
        ),
      importTmx: (call) =>
        queue.enqueue(call.signal, () =>
          withLock('memory import', call, async () =>
            (await import('./memory-actions.js')).importTmx(config, await memoryOf(), call),
          ),
        ),
    },
    usage: (call = {}) =>
      queue.enqueue(call.signal, async () =>
        (await main.connect(undefined)).client.usage(call.signal ? { signal: call.signal } : {}),
      ),
    reload: () =>
      queue.enqueue(undefined, async () => {
        const next = await readConfig(options, cwd);
        if (
          !options.memory &&
          memory &&
          (next.translationMemory !== config.translationMemory ||
            JSON.stringify(next.sharedMemory) !== JSON.stringify(config.sharedMemory))
        ) {
          await memory.close();
          memory = undefined;
        }
        config = next;
        await pseudo?.memory.close();
        pseudo = undefined;
        return config;
      }),
    async close() {
      if (queue.closed) return;
      await queue.close();
      await Promise.all([main.close(), pseudoLink.close()]);
      if (!options.memory) await memory?.close();
      await pseudo?.memory.close();
    },
  };
}
