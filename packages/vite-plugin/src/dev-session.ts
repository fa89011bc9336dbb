import { basename, join, relative, resolve } from 'node:path';
import { type Project, type RunEvent, type RunReport, STATE_DIRECTORY } from '@transloom/core';
import { CONFIG_SEARCH_PLACES, isInside } from '@transloom/core/config';
import picomatch from 'picomatch';
import type { ViteDevServer } from 'vite';
import {
  type CatalogFile,
  type CatalogIndex,
  existingJsonCatalogs,
  indexCatalogs,
  slashPath,
} from './catalog-index.js';
import { createDevOverlay } from './dev-overlay.js';
import { errorProblem } from './error-problem.js';
import { missingKeysProblem, newFindingsMessage, runExtract } from './extract-step.js';
import { createWarmStarter, type WarmStarter } from './local-service-starter.js';
import { openProject, usesLocalService } from './open-project.js';
import { createOwnWrites } from './own-writes.js';
import type { ResolvedPluginOptions } from './plugin-options.js';
import { openPseudoProject, PSEUDO_STATE } from './pseudo-project.js';
import { writeSourceTypes } from './resource-types.js';
import { joinProblems, type Problem, reportProblem } from './run-problems.js';
import { summarizeRun } from './run-summary.js';

/** How long saves are gathered before a run starts (an editor's save-all writes many files). */
const DEBOUNCE_MS = 20;

/** The plugin's work while `vite dev` runs. */
export interface DevSession {
  /** Opens the project and runs the first translation, in the background. */
  start(): void;
  /** Resolves once the project is open (or could not be opened) and its files are indexed. */
  ready(): Promise<void>;
  /** The project's file at an absolute path, if it is one (known once ready). */
  catalog(path: string): CatalogFile | undefined;
  /** Every file of the project (empty until ready or when the configuration is broken). */
  catalogs(): readonly CatalogFile[];
  close(): Promise<void>;
}

type Change = 'add' | 'change' | 'unlink';

/**
 * Keeps the project translated while the dev server runs: one full run once the server
 * listens, then a run of just the saved source files on each save seen by Vite's watcher.
 * Runs are serial and never throw: problems go to the overlay and the log, and the next
 * save tries again.
 */
export function createDevSession(
  server: ViteDevServer,
  options: ResolvedPluginOptions,
  /** Told of the JSON catalogs each time the configuration is read (the resources module's list). */
  onCatalogs?: (catalogs: CatalogFile[]) => Promise<void>,
): DevSession {
  const root = server.config.root;
  const logger = server.config.logger;
  const overlay = createDevOverlay(server);
  const ownWrites = createOwnWrites();
  const controller = new AbortController();
  let project: Project | undefined;
  let pseudo: Project | undefined;
  let index: CatalogIndex = { files: new Map(), sources: new Set() };
  let extractMatch: ((path: string) => boolean) | undefined;
  // Keys missing from the catalogs stay listed until the code is looked at again.
  let keysProblem: Problem | undefined;
  // What the log already said about them: each missing key once per start.
  const printedFindings = new Set<string>();
  // The built-in services, started in the background once the first run is done.
  let starters: WarmStarter[] = [];
  let warm: (() => void) | undefined;
  let started = false;
  let closed = false;
  let markReady!: () => void;
  const readyPromise = new Promise<void>((r) => {
    markReady = r;
  });
  // What the next run has to do.
  let open = true;
  let full = true;
  let extract = Boolean(options.extract);
  let types = Boolean(options.types);
  const changes = new Map<string, Change>();
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;

  const onEvent = (event: RunEvent) => {
    if (event.type === 'written' && project)
      ownWrites.record(slashPath(resolve(project.root, event.path)), event.hash);
    else if (event.type === 'service' && event.kind === 'local')
      logger.info(
        `transloom: using the built-in local service (pseudo-localization); set TRANSLOOM_API_KEY and TRANSLOOM_API_URL to translate with a real one`,
        { timestamp: true },
      );
    else if (event.type === 'waiting')
      logger.info(`transloom: waiting for another run on this project (pid ${event.holder.pid})`, {
        timestamp: true,
      });
  };

  const pending = () =>
    open || changes.size > 0 || (project !== undefined && (full || extract || types));
  const kick = () => {
    if (closed || !started) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      draining ??= drain().finally(() => {
        draining = undefined;
        if (pending()) kick();
      });
    }, DEBOUNCE_MS);
  };

  async function openAll(): Promise<void> {
    await Promise.all([project?.close(), pseudo?.close(), ...starters.map((s) => s.close())]);
    project = pseudo = warm = undefined;
    index = { files: new Map(), sources: new Set() };
    const main = createWarmStarter();
    starters = [main];
    project = await openProject(root, options, onEvent, main.start);
    const opened = project;
    const warmers = usesLocalService(options)
      ? [() => main.warm(join(opened.root, STATE_DIRECTORY))]
      : [];
    if (options.pseudoLocale) {
      const own = createWarmStarter(join(opened.root, PSEUDO_STATE));
      starters.push(own);
      pseudo = await openPseudoProject(opened, options.pseudoLocale, onEvent, own.start);
      // The pseudo project's state directory as the engine hands it to its starter.
      warmers.push(() => own.warm(join(opened.root, STATE_DIRECTORY)));
    }
    warm = () => {
      for (const start of warmers) start();
      // The engine reads one source and its targets as a save will (nothing is sent or
      // written), so the code of that path is loaded and compiled before the first save.
      const first = [...index.sources][0];
      if (first) void opened.status({ files: [first] }).catch(() => {});
    };
    index = await indexCatalogs(project.config, options.pseudoLocale ? [options.pseudoLocale] : []);
    await onCatalogs?.(existingJsonCatalogs(index.files.values()));
    const inputs = project.config.extract?.input;
    extractMatch = options.extract && inputs ? picomatch([...inputs], { dot: false }) : undefined;
    watchOutsideRoot(project);
  }

  // Vite's watcher covers its root; sources or a configuration above it are added to it.
  function watchOutsideRoot(opened: Project): void {
    const outside = [opened.config.file, ...index.files.keys()].filter(
      (path): path is string => !!path && !isInside(root, path),
    );
    if (outside.length > 0) server.watcher.add(outside);
  }

  async function translate(
    target: Project,
    files: readonly string[] | undefined,
    label: string,
  ): Promise<Problem | undefined> {
    let report: RunReport;
    try {
      report = await target.translate({
        ...(files ? { files } : {}),
        signal: controller.signal,
      });
    } catch (error) {
      if (closed) return undefined;
      const partial = (error as { report?: RunReport }).report;
      if (partial) logger.info(summarizeRun(partial, label), { timestamp: true });
      return errorProblem(error, target.root);
    }
    logger.info(summarizeRun(report, label), { timestamp: true });
    return reportProblem(report, target.root);
  }

  const indexAgain = async (opened: Project) => {
    index = await indexCatalogs(opened.config, options.pseudoLocale ? [options.pseudoLocale] : []);
  };

  // The source files a batch of watcher events asks to translate (own writes left out).
  async function sourcesOf(opened: Project, batch: ReadonlyMap<string, Change>): Promise<string[]> {
    const theirs: Array<[string, Change]> = [];
    for (const [path, change] of batch)
      if (change === 'unlink' || !(await ownWrites.isOurs(path))) theirs.push([path, change]);
    if (theirs.some(([, change]) => change !== 'change')) await indexAgain(opened);
    const files: string[] = [];
    for (const [path, change] of theirs) {
      if (extractMatch?.(slashPath(relative(opened.root, path)))) extract = true;
      if (!index.sources.has(path)) continue;
      types = Boolean(options.types);
      // A removed source's targets and lock lines go in a full run.
      if (change === 'unlink') full = true;
      else files.push(path);
    }
    return files;
  }

  // Writes the source keys' types when a source changed (a catalog saved mid-edit is skipped:
  // the run reports it, and the next good save writes them).
  async function writeTypes(opened: Project): Promise<void> {
    types = false;
    if (!options.types) return;
    const result = await writeSourceTypes(
      root,
      opened.config,
      index,
      options.types,
      options.namespace,
    );
    if ('written' in result && result.written) {
      ownWrites.record(slashPath(result.written));
      logger.info(`transloom: types of the source keys written to ${options.types.file}`, {
        timestamp: true,
      });
    }
  }

  // What a batch gave: `idle` when it ran nothing (the standing problem, if any, stays shown);
  // else the run's own problem (the keys missing from the catalogs stand apart).
  async function runOnce(
    batch: ReadonlyMap<string, Change>,
  ): Promise<{ problem: Problem | undefined } | 'idle'> {
    const configChanged = [...batch.keys()].some((path) =>
      project ? path === project.config.file : CONFIG_SEARCH_PLACES.includes(basename(path)),
    );
    if (open || configChanged) {
      open = false;
      full = true;
      extract = Boolean(options.extract);
      types = Boolean(options.types);
      try {
        await openAll();
      } finally {
        markReady();
      }
    }
    const opened = project;
    if (!opened) return 'idle'; // the configuration's problem stays shown until it changes
    const files = new Set(await sourcesOf(opened, batch));
    let problem: Problem | undefined;
    let ran = false;
    if (extract && options.extract) {
      ran = true;
      extract = false;
      const found = await runExtract(opened, options.extract);
      for (const written of found.written) {
        ownWrites.record(written);
        files.add(written);
      }
      if (found.written.length > 0) {
        types = Boolean(options.types);
        await indexAgain(opened);
      }
      keysProblem = missingKeysProblem(found, opened.root);
      const news = newFindingsMessage(found, printedFindings);
      if (news) logger.warn(`transloom: ${news}`, { timestamp: true });
    }
    if (types) await writeTypes(opened);
    const only = full ? undefined : [...files];
    full = false;
    if (!only || only.length > 0) {
      ran = true;
      problem = await translate(opened, only, 'transloom');
      if (pseudo && !closed)
        problem = joinProblems(problem, await translate(pseudo, only, 'transloom (pseudo)'));
      // Once the first run is done, the built-in services start (a run that sent something
      // started its own already) and the engine reads a file as a save will: the first save
      // then waits for neither.
      const warmNow = warm;
      warm = undefined;
      if (!closed) warmNow?.();
    }
    return ran ? { problem } : 'idle';
  }

  async function drain(): Promise<void> {
    while (pending() && !closed) {
      const batch = new Map(changes);
      changes.clear();
      let outcome: { problem: Problem | undefined } | 'idle';
      try {
        outcome = await runOnce(batch);
      } catch (error) {
        outcome = { problem: errorProblem(error, project?.root ?? root) };
      }
      await ownWrites.settled();
      if (closed) return;
      if (outcome === 'idle') continue;
      // The keys missing from the catalogs were logged when found; the overlay lists them too.
      if (outcome.problem)
        logger.error(`transloom: ${outcome.problem.message}`, { timestamp: true });
      const shown = joinProblems(outcome.problem, keysProblem);
      if (shown) overlay.show(shown);
      else if (project) overlay.clear();
    }
  }

  const onWatch = (change: Change) => (path: string) => {
    const file = slashPath(path);
    // The engine's own state (run lock, memory, pseudo lock) is never a reason for a run.
    if (file.includes('/.transloom/')) return;
    changes.set(file, change);
    kick();
  };
  server.watcher.on('add', onWatch('add'));
  server.watcher.on('change', onWatch('change'));
  server.watcher.on('unlink', onWatch('unlink'));

  return {
    start() {
      if (started || closed) return;
      started = true;
      kick();
    },
    ready: () => readyPromise,
    catalog: (path) => index.files.get(slashPath(path)),
    catalogs: () => [...index.files.values()],
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      controller.abort();
      markReady();
      await draining?.catch(() => {});
      await Promise.all([project?.close(), pseudo?.close(), ...starters.map((s) => s.close())]);
    },
  };
}
