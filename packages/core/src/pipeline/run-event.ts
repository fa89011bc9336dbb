import type { RunLockHolder } from '../errors/project-locked-error.js';

/** Progress of a call on a project, for a progress display or a host's log. */
export type RunEvent =
  /**
   * The lock and the files' hashes did not settle every file: sources are parsed now. Told
   * once per run, before the first parse; never on a run with nothing to do.
   */
  | { type: 'parsing' }
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
