import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const SERVER_BIN = fileURLToPath(new URL('../../../server/dist/bin.js', import.meta.url));

/** The built local service running as a process of its own. */
export interface ServiceProcess {
  url: string;
  key: string;
}

/**
 * Starts `packages/server/dist/bin.js` on a free loopback port with one paid key (the pseudo
 * engine) and resolves once it says it listens; it is stopped after the file's tests. A
 * process of its own, so the test's process and the run under test share no event loop with
 * it, and killing a run never touches it.
 */
export async function startServiceProcess(key = 'crash-e2e-key:7d21'): Promise<ServiceProcess> {
  const child = spawn(
    process.execPath,
    [SERVER_BIN, '--host', '127.0.0.1', '--port', '0', '--api-key', key],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  afterAll(() => {
    child.kill('SIGKILL');
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) =>
      reject(new Error(`the local service exited with ${code}: ${errors}`)),
    );
  });
  return { url, key };
}
