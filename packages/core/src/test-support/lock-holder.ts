import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach } from 'vitest';

// The run lock's source, loaded in the child with jiti (a dependency of core), so the child
// runs the code under test and not a build that may be older.
const RUN_LOCK = fileURLToPath(new URL('../project/run-lock.ts', import.meta.url));
const JITI = pathToFileURL(createRequire(import.meta.url).resolve('jiti')).href;

// The child: takes the lock, says `held`, and releases it when told `release` on stdin.
const CHILD = `
import { createJiti } from ${JSON.stringify(JITI)};
const { acquireRunLock } = await createJiti(${JSON.stringify(RUN_LOCK)}).import(${JSON.stringify(RUN_LOCK)});
const [file, staleMs] = process.argv.slice(1);
const lock = await acquireRunLock({ file, command: 'holder', staleMs: Number(staleMs) });
process.stdout.write('held\\n');
process.stdin.setEncoding('utf8').on('data', async (text) => {
  if (!text.includes('release')) return;
  await lock.release();
  process.stdout.write('released\\n');
  process.exit(0);
});
`;

/** A process of its own holding a run lock, which the test stops, resumes and ends. */
export interface LockHolder {
  readonly pid: number;
  stop(): void;
  resume(): void;
  /** Asks it to release the lock; resolves once it has. */
  release(): Promise<void>;
  /** Kills it (SIGKILL), as a run killed holding the lock; resolves once it is gone and reaped. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) {
    child.kill('SIGCONT');
    child.kill('SIGKILL');
  }
  running.clear();
});

// Resolves when the child prints `line` on stdout; rejects if it exits first.
function said(child: ChildProcess, line: string, errors: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').includes(line)) {
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) =>
      reject(new Error(`the lock holder exited (${code}) before '${line}': ${errors()}`));
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Starts a process that takes the run lock `file` (refreshed as `staleMs` says) and holds it. */
export async function startLockHolder(file: string, staleMs = 30_000): Promise<LockHolder> {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', CHILD, file, String(staleMs)],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  running.add(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  await said(child, 'held', () => errors);
  const exited = async () => {
    if (child.exitCode === null && child.signalCode === null)
      await new Promise((resolve) => child.once('exit', resolve));
    running.delete(child);
  };
  return {
    pid: child.pid!,
    stop: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    async release() {
      const done = said(child, 'released', () => errors);
      child.stdin!.write('release\n');
      await done;
      await exited();
    },
    async kill() {
      child.kill('SIGKILL');
      await exited();
    },
  };
}
