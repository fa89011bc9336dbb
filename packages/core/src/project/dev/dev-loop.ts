import { basename, relative, resolve } from 'node:path';
import picomatch from 'picomatch';
import { CONFIG_SEARCH_PLACES } from '../../config/find-config-file.js';
import type { RunReport } from '../../pipeline/run-report.js';
import { isInside } from '../../settings/config-paths.js';
import { createProject } from '../create-project.js';
import { localServiceNotice } from '../local-service.js';
import { type IndexedFile, type ProjectFiles, slashPath } from '../project-files.js';
import type { Project, RunEvent } from '../project-types.js';
import { type CatalogUpdates, createCatalogUpdates } from './catalog-updates.js';
import { defaultNamespace } from './default-namespace.js';
import type { DevEvent, DevSessionOptions, FileChange } from './dev-session-types.js';
import { errorProblem } from './error-problem.js';
import { keysStep } from './extract-findings.js';
import { createOwnWrites } from './own-writes.js';
import { reportedRun } from './reported-run.js';
import { writeSourceTypes } from './resource-types.js';
import { joinProblems, type Problem } from './run-problems.js';
import { createWarmStarter, type WarmStarter, warmUpLater } from './warm-starter.js';

/** How long saves are gathered before a run starts (an editor's save-all writes many files). */
const DEBOUNCE_MS = 20;

const NO_FILES: ProjectFiles = { files: new Map(), sources: new Set(), entries: [] };

// What a batch of changes gave: `idle` when it ran nothing (the standing problem, if any,
// stays); else the run's own problem (the keys missing from the catalogs stand apart).
type Outcome = { problem: Problem | undefined } | 'idle';

/**
 * The dev session's loop: what the next run has to do, the project it runs on (opened again
 * when the configuration changes), and the problems that stand.
 */
export class DevLoop {
  private readonly root: string;
  private readonly env: Readonly<Record<string, string | undefined>>;
  private readonly namespace: (file: string, locale: string) => string;
  private readonly ownWrites = createOwnWrites();
  private readonly controller = new AbortController();
  private readonly updates: CatalogUpdates;
  private project: Project | undefined;
  private index: ProjectFiles = NO_FILES;
  private starter: WarmStarter | undefined;
  private warm: (() => void) | undefined;
  private extractMatch: ((path: string) => boolean) | undefined;
  // Keys missing from the catalogs stay listed until the code is looked at again.
  private keysProblem: Problem | undefined;
  private standing: Problem | undefined;
  // What the log already said about them: each missing key once per start.
  private readonly printedFindings = new Set<string>();
  private started = false;
  private closed = false;
  private markReady!: () => void;
  readonly readyPromise = new Promise<void>((r) => {
    this.markReady = r;
  });
  // What the next run has to do.
  private open = true;
  private full = true;
  private extract: boolean;
  private types: boolean;
  private readonly changes = new Map<string, FileChange>();
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;

  constructor(private readonly options: DevSessionOptions) {
    this.root = options.root;
    this.env = options.env ?? process.env;
    this.namespace = options.namespace ?? defaultNamespace;
    this.updates = createCatalogUpdates({
      root: this.root,
      namespace: this.namespace,
      send: (update) => this.tell({ type: 'update', update }),
    });
    this.extract = Boolean(options.extract);
    this.types = Boolean(options.types);
  }

  private tell(event: DevEvent): void {
    this.options.onEvent?.(event);
  }

  private log(level: 'info' | 'warn' | 'error', message: string): void {
    this.tell({ type: 'log', level, message });
  }

  private readonly logInfo = (message: string): void => this.log('info', message);

  private readonly onRunEvent = (event: RunEvent): void => {
    if (event.type === 'written' && this.project)
      this.ownWrites.record(slashPath(resolve(this.project.root, event.path)), event.hash);
    else if (event.type === 'service' && event.kind === 'local')
      this.log('info', `transloom: ${localServiceNotice(event.url)}`);
    else if (event.type === 'waiting')
      this.log(
        'info',
        `transloom: waiting for another run on this project (pid ${event.holder.pid})`,
      );
  };

  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    this.kick();
  }

  changed(path: string, change: FileChange): void {
    const file = slashPath(path);
    // The engine's own state (run lock, memory, pseudo lock) is never a reason for a run.
    if (file.includes('/.transloom/')) return;
    const known = this.index.files.get(file);
    if (known) this.updates.changed(known, change);
    this.changes.set(file, change);
    this.kick();
  }

  file(path: string): IndexedFile | undefined {
    return this.index.files.get(slashPath(path));
  }

  files(): readonly IndexedFile[] {
    return [...this.index.files.values()];
  }

  problem(): Problem | undefined {
    return this.standing;
  }

  current(): Project | undefined {
    return this.project;
  }

  private pending(): boolean {
    return (
      this.open ||
      this.changes.size > 0 ||
      (this.project !== undefined && (this.full || this.extract || this.types))
    );
  }

  private kick(): void {
    if (this.closed || !this.started) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.draining ??= this.drain().finally(() => {
        this.draining = undefined;
        if (this.pending()) this.kick();
      });
    }, this.options.debounceMs ?? DEBOUNCE_MS);
  }

  private async openAll(): Promise<void> {
    await Promise.all([this.project?.close(), this.starter?.close()]);
    this.project = this.warm = undefined;
    this.index = NO_FILES;
    const { options } = this;
    this.starter = options.localService ? createWarmStarter(options.localService) : undefined;
    const opened = await createProject({
      cwd: options.cwd ?? this.root,
      ...(options.configFile ? { configFile: options.configFile } : {}),
      ...(options.config ? { config: options.config } : {}),
      env: this.env,
      ...(this.starter ? { localService: this.starter.start } : {}),
      ...(options.pseudoLocale ? { pseudoLocale: options.pseudoLocale } : {}),
      onEvent: this.onRunEvent,
    });
    this.project = opened;
    this.warm = warmUpLater({
      project: opened,
      starter: this.starter,
      env: this.env,
      firstSource: () => [...this.index.sources][0],
    });
    this.index = await opened.files();
    await options.onFiles?.(this.files());
    const inputs = opened.config.extract?.input;
    this.extractMatch =
      options.extract && inputs ? picomatch([...inputs], { dot: false }) : undefined;
    this.watchOutsideRoot(opened);
  }

  // The host's watcher covers its root; sources or a configuration above it are added to it.
  private watchOutsideRoot(opened: Project): void {
    const outside = [opened.config.file, ...this.index.files.keys()].filter(
      (path): path is string => !!path && !isInside(this.root, path),
    );
    if (outside.length > 0) this.tell({ type: 'watch', paths: outside });
  }

  // The source files a batch of changes asks to translate (own writes left out).
  private async sourcesOf(
    opened: Project,
    batch: ReadonlyMap<string, FileChange>,
  ): Promise<string[]> {
    const theirs: Array<[string, FileChange]> = [];
    for (const [path, change] of batch)
      if (change === 'unlink' || !(await this.ownWrites.isOurs(path))) theirs.push([path, change]);
    if (theirs.some(([, change]) => change !== 'change')) this.index = await opened.files();
    const files: string[] = [];
    for (const [path, change] of theirs) {
      if (this.extractMatch?.(slashPath(relative(opened.root, path)))) this.extract = true;
      if (!this.index.sources.has(path)) continue;
      this.types = Boolean(this.options.types);
      // A removed source's targets and lock lines go in a full run.
      if (change === 'unlink') this.full = true;
      else files.push(path);
    }
    return files;
  }

  // Writes the source keys' types when a source changed (a catalog saved mid-edit is skipped:
  // the run reports it, and the next good save writes them).
  private async writeTypes(opened: Project): Promise<void> {
    this.types = false;
    const { types } = this.options;
    if (!types) return;
    const result = await writeSourceTypes(
      this.root,
      opened.config,
      this.index,
      types,
      this.namespace,
    );
    if ('written' in result && result.written) {
      this.ownWrites.record(slashPath(result.written));
      this.log('info', `transloom: types of the source keys written to ${types.file}`);
    }
  }

  // Finds the keys the code uses and the catalogs lack; written ones join the run.
  private async findKeys(opened: Project, files: Set<string>): Promise<void> {
    const mode = this.options.extract;
    this.extract = false;
    if (!mode) return;
    const found = await keysStep(opened, mode, this.printedFindings);
    for (const written of found.written) {
      this.ownWrites.record(written);
      files.add(written);
    }
    if (found.written.length > 0) {
      this.types = Boolean(this.options.types);
      this.index = await opened.files();
    }
    this.keysProblem = found.problem;
    if (found.news) this.log('warn', `transloom: ${found.news}`);
  }

  private isConfig(path: string): boolean {
    return this.project
      ? path === this.project.config.file
      : CONFIG_SEARCH_PLACES.includes(basename(path));
  }

  private async runOnce(batch: ReadonlyMap<string, FileChange>): Promise<Outcome> {
    if (this.open || [...batch.keys()].some((path) => this.isConfig(path))) {
      this.open = false;
      this.full = true;
      this.extract = Boolean(this.options.extract);
      this.types = Boolean(this.options.types);
      try {
        await this.openAll();
      } finally {
        this.markReady();
      }
    }
    const opened = this.project;
    if (!opened) return 'idle'; // the configuration's problem stands until it changes
    const files = new Set(await this.sourcesOf(opened, batch));
    let ran = false;
    if (this.extract && this.options.extract) {
      ran = true;
      await this.findKeys(opened, files);
    }
    if (this.types) await this.writeTypes(opened);
    const only = this.full ? undefined : [...files];
    this.full = false;
    if (only && only.length === 0) return ran ? { problem: undefined } : 'idle';
    const signal = this.controller.signal;
    const call = { ...(only ? { files: only } : {}), signal };
    const report = (label: string, run: () => Promise<RunReport>) =>
      reportedRun(run, { root: opened.root, label, log: this.logInfo, closed: () => this.closed });
    let problem = await report('transloom', () => opened.translate(call));
    if (opened.pseudoLocale && !this.closed)
      problem = joinProblems(
        problem,
        await report('transloom (pseudo)', () => opened.pseudoLocalize(call)),
      );
    const warmNow = this.warm;
    this.warm = undefined;
    if (!this.closed) warmNow?.();
    return { problem };
  }

  private async drain(): Promise<void> {
    while (this.pending() && !this.closed) {
      const batch = new Map(this.changes);
      this.changes.clear();
      let outcome: Outcome;
      try {
        outcome = await this.runOnce(batch);
      } catch (error) {
        outcome = { problem: errorProblem(error, this.project?.root ?? this.root) };
      }
      await this.ownWrites.settled();
      if (this.closed) return;
      if (outcome !== 'idle') this.show(outcome.problem);
    }
  }

  // The run's problem in the log (the missing keys were logged when found), and with the
  // missing keys as the standing problem.
  private show(problem: Problem | undefined): void {
    if (problem) this.log('error', `transloom: ${problem.message}`);
    const shown = joinProblems(problem, this.keysProblem);
    if (shown) {
      this.standing = shown;
      this.tell({ type: 'problem', problem: shown });
    } else if (this.project && this.standing) {
      this.standing = undefined;
      this.tell({ type: 'problem', problem: undefined });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.controller.abort();
    this.markReady();
    await this.draining?.catch(() => {});
    await Promise.all([this.project?.close(), this.starter?.close()]);
  }
}
