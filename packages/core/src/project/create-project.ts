import { join, resolve } from 'node:path';
import type { ResolvedConfig } from '../config/resolve-config.js';
import { UsageError } from '../errors/usage-error.js';
import type { TranslationMemory } from '../memory/translation-memory.js';
import type { RunReport } from '../pipeline/run-report.js';
import { chooseService, type ServiceChoice } from './choose-service.js';
import { PathGuard } from './path-guard.js';
import type {
  CreateProjectOptions,
  Project,
  RunEvent,
  RunOptions,
  ServiceConnection,
  TranslateOptions,
} from './project-types.js';
import { acquireRunLock, type RunLock } from './run-lock.js';
import { ensureStateDirectory, STATE_DIRECTORY } from './state-directory.js';

async function readConfig(options: CreateProjectOptions, cwd: string): Promise<ResolvedConfig> {
  if (options.config) {
    const { resolveConfig } = await import('../config/resolve-config.js');
    return resolveConfig(options.config, cwd);
  }
  // The file loader (cosmiconfig, and a TypeScript loader for `.ts` files) is loaded only
  // for hosts that do not pass their configuration.
  const { loadConfig } = await import('../config/load-config.js');
  return loadConfig({
    cwd,
    ...(options.configFile ? { configFile: options.configFile } : {}),
    ...(options.configFormats ? { formats: options.configFormats } : {}),
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
  let connection: Promise<ServiceConnection> | undefined;
  let closed = false;
  let tail: Promise<unknown> = Promise.resolve();

  const emit = (own: RunOptions['onEvent'], event: RunEvent) => {
    options.onEvent?.(event);
    own?.(event);
  };
  const stateDir = () => join(config.root, STATE_DIRECTORY);
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
      stateDir: stateDir(),
      requestTimeout: options.requestTimeout ?? config.requestTimeout,
    });
    return service;
  };
  const connect = (onEvent: RunOptions['onEvent']): Promise<ServiceConnection> => {
    if (!connection) {
      const choice = chosen();
      connection = (async () => {
        if (choice.kind === 'local') {
          await new PathGuard(config.root, config.file).check('(state directory)', stateDir());
          await ensureStateDirectory(config.root);
        }
        const opened = await choice.connect();
        emit(onEvent, { type: 'service', kind: choice.kind, url: opened.url ?? choice.url });
        return opened;
      })();
      // A failed start is tried again by the next call.
      connection.catch(() => {
        connection = undefined;
      });
    }
    return connection;
  };
  // Calls run one after another: two saves in a watcher never race on the lock or the files.
  const enqueue = <T>(signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new UsageError('the project is closed'));
    const run = tail.then(() => {
      signal?.throwIfAborted();
      return task();
    });
    tail = run.catch(() => {});
    return run;
  };
  const locked = async <T>(
    command: string,
    call: {
      signal?: AbortSignal | undefined;
      wait?: boolean | undefined;
      onEvent?: RunOptions['onEvent'];
    },
    task: () => Promise<T>,
  ): Promise<T> => {
    const file = join(stateDir(), 'run.lock');
    await new PathGuard(config.root, config.file).check('(state directory)', stateDir());
    await ensureStateDirectory(config.root);
    const lock: RunLock = await acquireRunLock({
      file,
      command,
      wait: call.wait ?? true,
      ...(call.signal ? { signal: call.signal } : {}),
      onWait: (holder) => emit(call.onEvent, { type: 'waiting', holder, lockFile: file }),
    });
    try {
      return await task();
    } finally {
      await lock.release();
    }
  };
  const run = async (
    mode: RunReport['mode'],
    call: TranslateOptions,
    parseAll = false,
  ): Promise<RunReport> => {
    if (mode === 'translate') chosen();
    const { translateProject } = await import('../pipeline/translate-project.js');
    const job = async () =>
      translateProject({
        config,
        mode,
        memory: await memoryOf(),
        connect: () => connect(call.onEvent),
        ...(call.locales ? { locales: call.locales } : {}),
        ...(call.files ? { files: call.files } : {}),
        ...(call.allowEmpty ? { allowEmpty: true } : {}),
        ...(call.maxCharacters !== undefined ? { maxCharacters: call.maxCharacters } : {}),
        ...(call.shard ? { shard: call.shard } : {}),
        ...(parseAll ? { parseAll } : {}),
        force: call.force ?? false,
        overwriteEdits: call.overwriteEdits ?? false,
        ...(call.signal ? { signal: call.signal } : {}),
        onEvent: (event) => emit(call.onEvent, event),
      });
    const writes = mode === 'translate';
    return writes ? locked(mode, call, job) : job();
  };

  const project: Project = {
    get root() {
      return config.root;
    },
    get config() {
      return config;
    },
    plan: (call = {}) => enqueue(call.signal, () => run('dry-run', call)),
    translate: (call = {}) =>
      enqueue(call.signal, () => run(call.frozen ? 'frozen' : 'translate', call)),
    check: (call = {}) => enqueue(call.signal, () => run('check', call)),
    status: (call = {}) => enqueue(call.signal, () => run('check', call, true)),
    glossary: {
      validate: (call = {}) =>
        enqueue(call.signal, async () =>
          (await import('./glossary-actions.js')).validateGlossary(config),
        ),
      push: (call = {}) =>
        enqueue(call.signal, () =>
          locked('glossary push', call, async () =>
            (await import('./glossary-actions.js')).pushGlossary(
              config,
              await connect(undefined),
              call.signal,
            ),
          ),
        ),
      pull: (call = {}) =>
        enqueue(call.signal, () =>
          locked('glossary pull', call, async () =>
            (await import('./glossary-actions.js')).pullGlossary(
              config,
              await connect(undefined),
              call.signal,
            ),
          ),
        ),
    },
    memory: {
      promote: (call) =>
        enqueue(undefined, async () =>
          (await import('./memory-actions.js')).promoteScope(config, env, call),
        ),
      exportTmx: (call) =>
        enqueue(call.signal, async () =>
          (await import('./memory-actions.js')).exportTmx(config, await memoryOf(), env, call),
        ),
      importTmx: (call) =>
        enqueue(call.signal, () =>
          locked('memory import', call, async () =>
            (await import('./memory-actions.js')).importTmx(config, await memoryOf(), call),
          ),
        ),
    },
    usage: (call = {}) =>
      enqueue(call.signal, async () =>
        (await connect(undefined)).client.usage(call.signal ? { signal: call.signal } : {}),
      ),
    reload: () =>
      enqueue(undefined, async () => {
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
        return config;
      }),
    async close() {
      if (closed) return;
      closed = true;
      await tail;
      const open = connection;
      connection = undefined;
      if (open) await (await open.catch(() => undefined))?.close();
      if (!options.memory) await memory?.close();
    },
  };
  return project;
}
