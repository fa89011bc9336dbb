import type { TransloomClient, Usage } from '@transloom/client';
import type { TransloomConfig } from '../config/config-schema.js';
import type { ConfigFormat } from '../config/find-config-file.js';
import type { ResolvedConfig } from '../config/resolve-config.js';
import type { Diagnostic } from '../document/diagnostics.js';
import type { RunLockHolder } from '../errors/project-locked-error.js';
import type { GlossaryLayoutKind } from '../glossary/glossary-layout.js';
import type { TranslationMemory } from '../memory/translation-memory.js';
import type { RunReport } from '../pipeline/run-report.js';

/** A connection to the translation service, opened only when a call has something to send. */
export interface ServiceConnection {
  client: TransloomClient;
  /** The service's base URL. */
  url?: string;
  /** HTTP requests made through `client` so far (retries included). */
  requests(): number;
  close(): Promise<void>;
}

/** A service a host has started for a project (the built-in local service). */
export interface StartedService {
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

/**
 * Starts the built-in local service for a project. Hosts that can carry it (the CLI, the Vite
 * plugin) inject this; hosts that cannot (a bundled Action) leave it out and need a key.
 */
export type LocalServiceStarter = (options: {
  /** The project's state directory (`.transloom/`), inside the project. */
  stateDir: string;
}) => Promise<StartedService>;

/** Which service a project talks to, when the host chooses instead of the environment. */
export type ServiceOption =
  | { url: string; apiKey: string }
  | { connect(): Promise<ServiceConnection> };

/** Progress of a call on a project, for a progress display or a host's log. */
export type RunEvent =
  /** Planning is done: what each locale will send, and how many source files needed no look. */
  | {
      type: 'planned';
      locales: Record<string, { send: number; units: number }>;
      files: { total: number; upToDate: number };
    }
  /** A batch of texts was answered and verified. */
  | { type: 'batch'; locale: string; texts: number }
  /**
   * A target file was written; `hash` is the SHA-256 of its bytes (16 hex digits), so a host
   * watching files can tell its own write from a person's later edit without reading it.
   */
  | { type: 'written'; path: string; locale: string; source: string; hash: string }
  /** Glossary dictionaries were sent to the service. */
  | { type: 'glossary'; pushed: string[]; created: boolean }
  /** The service of this project was chosen (the local one is started at this point). */
  | { type: 'service'; kind: 'remote' | 'local' | 'host'; url: string | undefined }
  /** Another run holds the project's run lock; this call waits for it. */
  | { type: 'waiting'; holder: RunLockHolder; lockFile: string };

/** Options of {@link createProject}. */
export interface CreateProjectOptions {
  /** Where the configuration is searched from (upward), and the root of an inline `config`. */
  cwd?: string;
  /** A configuration file to read instead of searching. */
  configFile?: string;
  /**
   * The configuration formats to accept (default all). `['json', 'yaml']` is for a host
   * running on code it does not trust: a JavaScript or TypeScript configuration is refused
   * before it is loaded, and data is read as data only.
   */
  configFormats?: readonly ConfigFormat[];
  /** The configuration itself (paths relative to `cwd`): no file is searched or read. */
  config?: TransloomConfig;
  /** The service to use; by default chosen from `env` (see {@link chooseService}). */
  service?: ServiceOption;
  /** How to start the built-in local service when no key is set. */
  localService?: LocalServiceStarter;
  /** Environment read for `TRANSLOOM_API_KEY` and `TRANSLOOM_API_URL` (default: `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Milliseconds a request may go without an answer before the service is judged unreachable
   * and the call stops with a ServiceUnreachableError (default: the configuration's
   * `requestTimeout`, else 60 000). Not for a host's own `service.connect()`.
   */
  requestTimeout?: number;
  /** The translation memory (default: the configured store, opened on first use). */
  memory?: TranslationMemory;
  /** Told of every call's progress (a call's own `onEvent` is told too). */
  onEvent?: (event: RunEvent) => void;
}

/** What every call on a project accepts. */
export interface RunOptions {
  /**
   * Only these source files (relative to the root or absolute): a saved file is translated
   * without looking at the rest. Files that are not sources of the project are ignored.
   */
  files?: readonly string[];
  /** Only these target locales. */
  locales?: readonly string[];
  /** A file entry that matches no source file is not an error (a project with none yet). */
  allowEmpty?: boolean;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
}

/** Options of {@link Project.translate}. */
export interface TranslateOptions extends RunOptions {
  /** Send and write nothing: report every unit still to translate as failed (a build or CI gate). */
  frozen?: boolean;
  /** Translate every unit again (people's text and the translation memory aside). */
  force?: boolean;
  /** Translate units a person edited too. */
  overwriteEdits?: boolean;
  /**
   * When another run holds the project (another terminal, a CI step), wait for it (default)
   * or fail at once with a ProjectLockedError.
   */
  wait?: boolean;
  /** Stop before billing more characters than this in this call (`maxCharacters` of the configuration, if lower, still holds). */
  maxCharacters?: number;
  /**
   * One part of a sharded run (`index` from 1 to `count`): translate only the missing texts
   * whose content hash falls in this shard, into the shared translation memory, and write no
   * file and no lock. A plain `translate` afterwards finds them all and writes the files.
   * Needs a shared memory (`translationMemory.redis`).
   */
  shard?: { index: number; count: number };
}

/** What {@link Project.memory}'s `promote` did. */
export interface MemoryPromotion {
  from: string;
  to: string;
  /** Entries copied into `to`. */
  copied: number;
  /** Entries `to` already had: kept as they were (entries are written once). */
  kept: number;
}

/** What {@link Project.memory}'s `exportTmx` wrote. */
export interface TmxExport {
  /** The TMX file, absolute. */
  file: string;
  /** Texts of the project looked up (one per unit form and locale, each once). */
  texts: number;
  /** `<tu>` written: texts the memory has a translation for. */
  pairs: number;
  /** Pairs per target locale. */
  locales: Record<string, number>;
  /** Source files that could not be read. */
  problems: Diagnostic[];
  /** The shared memory did not answer: only the local one was exported. */
  warnings: string[];
}

/** What {@link Project.memory}'s `importTmx` read and stored. */
export interface TmxImport {
  file: string;
  /** `<tu>` in the file. */
  units: number;
  /** Translations into a target locale of the project. */
  translations: number;
  /** Memory entries written (entries already there are kept as they were). */
  stored: number;
  /** Translations whose source text is no text of the project. */
  unmatched: number;
  /** Languages of the file that are no target locale of the project. */
  skippedLanguages: string[];
  /** Translations refused (with their line in the TMX file), and unreadable source files. */
  problems: Diagnostic[];
}

/** What {@link Project.glossary}'s `validate` found. */
export interface GlossaryValidation {
  /** The glossary's files, relative to the root. */
  files: string[];
  /** How the files were read; see the core README. */
  layout: GlossaryLayoutKind | undefined;
  /** The layout in words, e.g. `a CSV table in glossary.csv: a header row of locales ...`. */
  layoutDescription: string | undefined;
  dictionaries: Array<{ locale: string; sourceLang: string; targetLang: string; entries: number }>;
  warnings: Diagnostic[];
}

/** What {@link Project.glossary}'s `push` did. */
export interface GlossaryPush {
  glossaryId: string | undefined;
  /** Target locales whose dictionary was sent. */
  pushed: string[];
  created: boolean;
  requests: number;
}

/** What {@link Project.glossary}'s `pull` did. */
export interface GlossaryPull {
  glossaryId: string;
  /** Files written, relative to the root (none when they already matched the service). */
  written: string[];
  requests: number;
}

/**
 * A project: its configuration read once, one service connection and one translation memory
 * for every call, and calls run one after another (two saves never race on the lock).
 */
export interface Project {
  /** The project root (the configuration's directory). */
  readonly root: string;
  /** The configuration in use. */
  readonly config: ResolvedConfig;
  /** What a run would do: units and characters to send, requests, per locale. Sends and writes nothing. */
  plan(options?: RunOptions): Promise<RunReport>;
  /** Translates what is new or changed, verified, written atomically, the lock last. */
  translate(options?: TranslateOptions): Promise<RunReport>;
  /** Sends, writes and reads from the memory nothing; lists what is missing or stale. */
  check(options?: RunOptions): Promise<RunReport>;
  /**
   * Like `check`, but every file is parsed, even one the lock says is up to date, so the
   * report holds every file's warnings (units a format cannot translate, say).
   */
  status(options?: RunOptions): Promise<RunReport>;
  /** The project glossary: check its files, send changed dictionaries, write the service's back. */
  readonly glossary: {
    validate(options?: { signal?: AbortSignal }): Promise<GlossaryValidation>;
    push(options?: { signal?: AbortSignal; wait?: boolean }): Promise<GlossaryPush>;
    pull(options?: { signal?: AbortSignal; wait?: boolean }): Promise<GlossaryPull>;
  };
  /** Characters used in this period, from the service. */
  usage(options?: { signal?: AbortSignal }): Promise<Usage>;
  /** The translation memory: scopes of the shared memory, and TMX files. */
  readonly memory: {
    /**
     * Copies scope `from` of the shared memory into the run's own scope (or `to`), keeping
     * what is there: a merged pull request's translations reach the default branch's scope.
     */
    promote(options: { from: string; to?: string }): Promise<MemoryPromotion>;
    /** Writes a TMX 1.4b file of the memory's translations of the project's texts (only `scope` when given). */
    exportTmx(options: {
      file: string;
      scope?: string;
      locales?: readonly string[];
      signal?: AbortSignal;
    }): Promise<TmxExport>;
    /**
     * Reads a TMX file into the memory, each translation checked like an answer of the
     * service; a MemoryUnavailableError when a configured shared memory did not take them.
     */
    importTmx(options: { file: string; signal?: AbortSignal; wait?: boolean }): Promise<TmxImport>;
  };
  /** Reads the configuration again (after it changed on disk). */
  reload(): Promise<ResolvedConfig>;
  /** Closes the service connection (stopping a local service) and the translation memory. */
  close(): Promise<void>;
}
