/** What a command reads and writes: the process's streams and environment, or a test's. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Stops a running command (Ctrl-C). */
  signal?: AbortSignal;
}

/** Exit codes of the transloom command. */
export const EXIT = {
  ok: 0,
  internal: 1,
  usage: 2,
  failed: 3,
  quota: 4,
  /** The service cannot be reached: connections refused or reset, or no answer in the request timeout. */
  unreachable: 5,
  work: 10,
  /** A check found target texts no record says who wrote (and nothing else to do). */
  unknown: 11,
  /** Stopped by Ctrl-C (128 + SIGINT). */
  interrupted: 130,
  /** Stopped by SIGTERM (128 + 15), as a CI system cancels a job. */
  terminated: 143,
} as const;
