import { spawn } from 'node:child_process';
import { afterAll } from 'vitest';
import { BIN, type CliRun } from './e2e.js';

/** A `transloom` process the test watches and signals while it runs. */
export interface TransloomProcess {
  readonly pid: number;
  /** What it printed on stderr so far. */
  stderr(): string;
  /** Whether it has exited. */
  exited(): boolean;
  /** Resolves when it has exited (and its output is read). */
  readonly done: Promise<CliRun>;
  signal(signal: NodeJS.Signals): void;
  /** Resolves when its stderr has a line that `match` finds; rejects if it exits first. */
  said(match: RegExp | string): Promise<void>;
}

const started = new Set<TransloomProcess>();
afterAll(() => {
  for (const run of started) {
    if (run.exited()) continue;
    run.signal('SIGCONT');
    run.signal('SIGKILL');
  }
});

/** Starts the built `transloom` binary with `args` (CI output: plain lines, no color). */
export function startTransloom(
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): TransloomProcess {
  const { TRANSLOOM_API_KEY: _k, TRANSLOOM_API_URL: _u, ...inherited } = process.env;
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: { ...inherited, CI: '1', NO_COLOR: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let exited = false;
  const listeners = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const listener of listeners) listener();
  });
  const done = new Promise<CliRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      exited = true;
      for (const listener of listeners) listener();
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code, signal, stdout, stderr, json });
    });
  });
  const run: TransloomProcess = {
    pid: child.pid!,
    stderr: () => stderr,
    exited: () => exited,
    done,
    signal: (signal) => {
      if (!exited) child.kill(signal);
    },
    said: (match) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found =
            typeof match === 'string'
              ? stderr.includes(match)
              : stderr.split('\n').some((l) => match.test(l));
          if (found || exited) listeners.delete(check);
          if (found) resolve();
          else if (exited)
            reject(new Error(`transloom exited before saying ${String(match)}:\n${stderr}`));
        };
        listeners.add(check);
        check();
      }),
  };
  started.add(run);
  return run;
}
