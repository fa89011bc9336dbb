import type { IndexedFile } from '../project-files.js';
import type { LocalServiceStarter, Project } from '../project-types.js';
import type { HostProjectOptions } from './host-options.js';
import type { SourceTypesOptions } from './resource-types.js';
import type { Problem } from './run-problems.js';
import type { DevUpdate } from './update-batcher.js';

/** What a file watcher saw happen to a path. */
export type FileChange = 'add' | 'change' | 'unlink';

/** What a dev session tells its host, to render in its own way. */
export type DevEvent =
  /** A line for the host's log (a run's summary, a missing key, a note on the service). */
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string }
  /**
   * The standing problem, with its file and position when it has one (an overlay shows it);
   * `undefined` once a problem that stood is solved.
   */
  | { type: 'problem'; problem: Problem | undefined }
  /** One locale's catalogs changed on disk (a hot update); their JSON content by namespace. */
  | { type: 'update'; update: DevUpdate }
  /** Files outside the host's root that its watcher should report too (sources, the configuration). */
  | { type: 'watch'; paths: string[] };

/** Options of {@link createDevSession}. */
export interface DevSessionOptions extends HostProjectOptions {
  /** Read for `TRANSLOOM_API_KEY` and `TRANSLOOM_API_URL` (default: `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Starts the built-in local service (with neither variable set, and for the pseudo-locale);
   * the session also starts it right after the first run, so the first save waits for nothing.
   */
  localService?: LocalServiceStarter;
  /** A pseudo-locale written beside the project's locales (see `CreateProjectOptions.pseudoLocale`). */
  pseudoLocale?: string;
  /**
   * Keys used in code that the source catalogs lack (the configuration's `extract`): `warn`
   * lists them (log and standing problem), `write` adds them to the source catalogs.
   */
  extract?: 'warn' | 'write';
  /** Writes i18next types of the source keys to this file on start and when a source changes. */
  types?: SourceTypesOptions;
  /** The namespace a JSON catalog stands for in updates and types (default: `defaultNamespace`). */
  namespace?: (file: string, locale: string) => string;
  /** Milliseconds saves are gathered before a run (default 20: an editor's save-all writes many files). */
  debounceMs?: number;
  onEvent?: (event: DevEvent) => void;
  /**
   * Told of the project's files each time the configuration is read, and awaited before the
   * run: a host that serves a list of catalogs (a virtual module) updates it first.
   */
  onFiles?: (files: readonly IndexedFile[]) => void | Promise<void>;
}

/**
 * A project kept translated while a dev server runs: one full run when it starts, then a run
 * of just the saved sources on each change the host reports; the session's own writes are
 * recognised by their hash and start nothing. Runs are serial and never throw: problems stand
 * (with their positions) until a later run solves them.
 */
export interface DevSession {
  /** Opens the project and runs the first translation, in the background. */
  start(): void;
  /** Tells the session of a change its host's watcher saw (an absolute path). */
  changed(path: string, change: FileChange): void;
  /** Resolves once the project is open (or could not be opened) and its files are indexed. */
  ready(): Promise<void>;
  /** The project's file at an absolute path, if it is one (known once ready). */
  file(path: string): IndexedFile | undefined;
  /** Every file of the project (empty until ready or while the configuration is broken). */
  files(): readonly IndexedFile[];
  /** The problem standing now, if any. */
  problem(): Problem | undefined;
  /** The open project (undefined before it is open or while its configuration is broken). */
  project(): Project | undefined;
  /** Stops: a run in flight is aborted, the project and its services are closed. */
  close(): Promise<void>;
}
