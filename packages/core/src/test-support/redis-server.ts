import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A real `redis-server` started for a test file on a loopback port. */
export interface RedisTestServer {
  url: string;
  port: number;
  /** Kills the server at once (SIGKILL): a Redis that goes away mid-run. */
  kill(): Promise<void>;
  /** Stops (SIGSTOP) or continues (SIGCONT) the server: a Redis that stops answering. */
  pause(paused: boolean): void;
  /** Runs one command with `redis-cli` (Debian's redis-tools, beside the server) and returns its answer. */
  command(...args: string[]): string;
}

// A port nobody listens on right now.
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function started(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start:\n${output}`)),
      10_000,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(
        new Error(
          `redis-server cannot be started (${error.message}): install it (Debian: apt-get install redis-server; .ci/run does)`,
        ),
      );
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * Debian's `redis-server` for the tests of the calling file (or describe block): started on a
 * free loopback port with nothing saved to disk before its first test, stopped after its last.
 * Started in `beforeAll` rather than when the file is collected, so a block whose tests are
 * all filtered out (`-t`) starts none (and leaves none behind). Never a mock: the shared
 * memory is tested against Redis itself. Its fields are there once the tests run.
 */
export function useRedisServer(): RedisTestServer {
  let server: RedisTestServer | undefined;
  let child: ChildProcess | undefined;
  const current = (): RedisTestServer => {
    if (!server) throw new Error('useRedisServer: the server starts before the first test');
    return server;
  };
  beforeAll(async () => {
    ({ server, child } = await startRedisServer());
  });
  afterAll(async () => {
    if (!child) return;
    child.kill('SIGCONT');
    await stop(child, 'SIGTERM');
  });
  return {
    get url() {
      return current().url;
    },
    get port() {
      return current().port;
    },
    kill: () => current().kill(),
    pause: (paused) => current().pause(paused),
    command: (...args) => current().command(...args),
  };
}

// Starts the server; the caller stops it.
async function startRedisServer(): Promise<{ server: RedisTestServer; child: ChildProcess }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      await started(child);
    } catch (error) {
      await stop(child, 'SIGKILL');
      // Another process may have taken the port in between: try another one.
      if (attempt < 3 && !String(error).includes('cannot be started')) continue;
      throw error;
    }
    const server: RedisTestServer = {
      url: `redis://127.0.0.1:${port}/0`,
      port,
      kill: () => stop(child, 'SIGKILL'),
      pause: (paused) => child.kill(paused ? 'SIGSTOP' : 'SIGCONT'),
      command: (...args) =>
        execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], {
          encoding: 'utf8',
        }).trim(),
    };
    return { server, child };
  }
}
