import type { ProjectFiles } from '../project-files.js';
import type { LocalServiceStarter } from '../project-types.js';
import type { HostProjectOptions } from './host-options.js';
import type { SourceTypesOptions } from './resource-types.js';
import type { Problem } from './run-problems.js';

/** What a build does with the project's translations. */
export type BuildMode = 'translate' | 'frozen' | 'off';

/** Options of `runBuildStep`. */
export interface BuildStepOptions extends HostProjectOptions {
  /** Read for `TRANSLOOM_API_KEY`, `TRANSLOOM_API_URL` and `CI` (default: `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Starts the built-in local service (no key set, and for the pseudo-locale). */
  localService?: LocalServiceStarter;
  /**
   * `translate`: translate what is missing; `frozen`: send and write nothing, and fail on a
   * unit missing or stale; `off`: only read the configuration. Default: `frozen` when `CI`
   * is set, else `translate`.
   */
  mode?: BuildMode;
  /** A pseudo-locale written after the translation (see `CreateProjectOptions.pseudoLocale`). */
  pseudoLocale?: string;
  /**
   * Keys used in code that the catalogs lack: `write` adds them before translating (`warn`
   * logs them); a frozen build fails on them.
   */
  extract?: 'warn' | 'write';
  /** Writes i18next types of the source keys (a translating build only). */
  types?: SourceTypesOptions;
  /** The namespace a JSON catalog stands for in the types (default: `defaultNamespace`). */
  namespace?: (file: string, locale: string) => string;
  /** Lines for the host's log (a run's summary, keys missing in a translating build). */
  onLog?: (level: 'info' | 'warn', message: string) => void;
}

/** What the build's translation step gave. */
export interface BuildStepResult {
  /** Why the build must fail (missing or stale units in a frozen build, failures, the quota). */
  problem: Problem | undefined;
  /**
   * The project's files (undefined when the configuration could not be read), listed when
   * asked: a host that needs them (for catalogs it serves itself) pays for listing them again,
   * one that does not (most builds) does not.
   */
  files(): Promise<ProjectFiles | undefined>;
}
