import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProjectLockedError, type RunLockHolder } from '../errors/project-locked-error.js';

/** A held run lock. */
export interface RunLock {
  release(): Promise<void>;
}

/** Options of {@link acquireRunLock}. */
export interface AcquireRunLockOptions {
  /** The lock file (`.transloom/run.lock`). */
  file: string;
  /** What the run does, shown to whoever waits. */
  command: string;
  /** Wait for the holder to finish (default) or fail at once with a ProjectLockedError. */
  wait?: boolean;
  /** Told once, when the lock is held by another run and this one starts waiting. */
  onWait?: (holder: RunLockHolder) => void;
  signal?: AbortSignal;
  /** A lock not refreshed for this long is taken to be left by a process that is gone (default 30 s). */
  staleMs?: number;
  /** How often a waiting run looks again (default 250 ms). */
  pollMs?: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(
  file: string,
): Promise<{ holder: RunLockHolder; mtimeMs: number } | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    const parsed = JSON.parse(text) as Partial<RunLockHolder>;
    const holder: RunLockHolder = {
      pid: typeof parsed.pid === 'number' ? parsed.pid : -1,
      host: typeof parsed.host === 'string' ? parsed.host : 'unknown',
      since: typeof parsed.since === 'string' ? parsed.since : new Date(info.mtimeMs).toISOString(),
      ...(typeof parsed.command === 'string' ? { command: parsed.command } : {}),
    };
    return { holder, mtimeMs: info.mtimeMs };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    // Half-written by a process killed as it took the lock: as good as stale.
    if (error instanceof SyntaxError)
      return { holder: { pid: -1, host: 'unknown', since: '' }, mtimeMs: 0 };
    throw error;
  }
}

/**
 * Takes the project's run lock, so two runs on one project (two terminals, a watcher and a CI
 * step) never send the same texts twice. The lock file names the holder's pid and host and is
 * refreshed while held; it is taken over when its process is gone (same host) or when it has
 * not been refreshed for `staleMs` (a process on another host, or one killed without a chance
 * to release it). Written by hand: lock libraries keep no pid and host to tell the user who
 * holds the project.
 */
export async function acquireRunLock(options: AcquireRunLockOptions): Promise<RunLock> {
  const { file, signal } = options;
  const staleMs = options.staleMs ?? 30_000;
  const host = hostname();
  await mkdir(dirname(file), { recursive: true });
  let told = false;
  for (;;) {
    signal?.throwIfAborted();
    const mine: RunLockHolder = {
      pid: process.pid,
      host,
      since: new Date().toISOString(),
      command: options.command,
    };
    // Written whole under another name, then linked into place: the lock file appears with
    // its content at once (link fails when it exists), so no one reads it half-written.
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(temporary, `${JSON.stringify(mine)}\n`, { mode: 0o644 });
    try {
      await link(temporary, file);
      return held(file, staleMs);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(temporary).catch(() => {});
    }
    const current = await readHolder(file);
    if (!current) continue;
    const { holder, mtimeMs } = current;
    const gone =
      (holder.host === host && holder.pid !== process.pid && !alive(holder.pid)) ||
      holder.pid === -1 ||
      Date.now() - mtimeMs > staleMs;
    if (gone) {
      // Taken over only if it is still the lock that was judged stale.
      const again = await readHolder(file);
      if (again && again.holder.pid === holder.pid && again.holder.since === holder.since)
        await unlink(file).catch(() => {});
      continue;
    }
    if (options.wait === false) throw new ProjectLockedError(file, holder);
    if (!told) {
      told = true;
      options.onWait?.(holder);
    }
    await sleep(options.pollMs ?? 250, undefined, signal ? { signal } : {});
  }
}

function held(file: string, staleMs: number): RunLock {
  // Refreshed while held, so another host can tell a live run from one that was killed.
  const timer = setInterval(
    () => {
      const now = new Date();
      utimes(file, now, now).catch(() => {});
    },
    Math.max(1000, Math.floor(staleMs / 3)),
  );
  timer.unref();
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      await unlink(file).catch(() => {});
    },
  };
}
