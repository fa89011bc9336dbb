import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built server entry (tests that need a separate process run after `pnpm build`). */
export const SERVER_BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));

/** A server running in its own process. */
export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
}

/** Starts `transloom-server` with `args` and waits for its `listening on` line. */
export async function spawnServer(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<SpawnedServer> {
  if (!existsSync(SERVER_BIN)) throw new Error(`${SERVER_BIN} is missing: run 'pnpm build' first`);
  const child = spawn(process.execPath, [SERVER_BIN, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: on a busy machine a cold start (native module, database) can take seconds.
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
  return { url, child, stdout: () => out, stderr: () => err };
}

/** Waits for a child process to exit and returns its code (or signal). */
export function exited(child: ChildProcess): Promise<number | NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}
