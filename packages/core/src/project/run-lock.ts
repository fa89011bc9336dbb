import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProjectLockedError, type RunLockHolder } from '../errors/project-locked-error.js';
import { isRunning, ownIdentity } from './process-identity.js';

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
  /**
   * A lock of another host not refreshed for this long is taken to be left by a run that is
   * gone (default 30 s). A lock of this host is judged by its process alone, never by age.
   */
  staleMs?: number;
  /** How often a waiting run looks again (default 250 ms). */
  pollMs?: number;
}

/** What the lock file holds: who holds it, and what tells that process from a later one. */
interface LockRecord extends RunLockHolder {
  /** Unique to one taking of the lock: a run removes the lock only while it still holds this. */
  token?: string;
  /** The holder's start time and boot (see `ProcessIdentity`), where the system gives them. */
  start?: string;
  boot?: string;
}

interface ReadRecord {
  record: LockRecord;
  mtimeMs: number;
}

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

async function readRecord(file: string): Promise<ReadRecord | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const record: LockRecord = {
      pid: typeof parsed.pid === 'number' ? parsed.pid : -1,
      host: optionalString(parsed.host) ?? 'unknown',
      since: optionalString(parsed.since) ?? new Date(info.mtimeMs).toISOString(),
    };
    for (const key of ['command', 'token', 'start', 'boot'] as const) {
      const value = optionalString(parsed[key]);
      if (value !== undefined) record[key] = value;
    }
    return { record, mtimeMs: info.mtimeMs };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    // Not a lock any version of Transloom wrote (the file appears whole, see `linkNew`).
    if (error instanceof SyntaxError)
      return { record: { pid: -1, host: 'unknown', since: '' }, mtimeMs: 0 };
    throw error;
  }
}

// Who holds the lock, as a waiting run is told (without what only the lock needs).
function holderOf({ pid, host, since, command }: LockRecord): RunLockHolder {
  return { pid, host, since, ...(command !== undefined ? { command } : {}) };
}

/**
 * Whether the run that took the lock is gone. On this host, by its process: gone only when
 * that process has ended (its pid is free, or taken by a process started later, or the
 * machine restarted since), never by age, so a run stopped for an hour (Ctrl-Z) keeps the
 * project. Another host's processes cannot be seen from here, so its lock is judged by the
 * file's refresh age instead: a live holder touches it every `staleMs / 3`. A run there that
 * is stopped for longer than `staleMs` loses the lock, and when it resumes its release leaves
 * the new holder's lock alone (the token).
 */
async function holderGone(current: ReadRecord, staleMs: number, host: string): Promise<boolean> {
  const { record } = current;
  if (record.pid === -1) return true;
  if (record.host !== host) return Date.now() - current.mtimeMs > staleMs;
  return !(await isRunning({ pid: record.pid, start: record.start, boot: record.boot }));
}

// The same taking of the lock: by token, or (a lock written before tokens) by pid and time.
function sameTaking(a: LockRecord, b: LockRecord): boolean {
  return a.token !== undefined || b.token !== undefined
    ? a.token === b.token
    : a.pid === b.pid && a.since === b.since;
}

// Writes `record` whole under a temporary name, then links it into place: the file appears
// with its content at once (link fails when it exists), so no one reads it half-written.
// False when the file exists.
async function linkNew(file: string, record: LockRecord): Promise<boolean> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, `${JSON.stringify(record)}\n`, { mode: 0o644 });
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    await unlink(temporary).catch(() => {});
  }
}

// Removes `file` if it is still the taking `judged` (whose holder is gone). Done under a guard
// file taken the same way: two runs that judged the same lock gone could otherwise each remove
// it, the second removing the lock the first had just taken. Resolves with the run that holds
// the guard when it is not this one (it is taking the project over), else undefined.
async function removeGone(
  file: string,
  judged: LockRecord,
  me: LockRecord,
  staleMs: number,
): Promise<LockRecord | undefined> {
  const guard = `${file}.takeover`;
  if (!(await linkNew(guard, me))) {
    const other = await readRecord(guard);
    if (!other) return undefined;
    // A guard is held for a few milliseconds; one whose run was killed in them is removed.
    if (!(await holderGone(other, staleMs, me.host))) return other.record;
    await unlinkIf(guard, other.record);
    return undefined;
  }
  try {
    const again = await readRecord(file);
    if (again && sameTaking(again.record, judged)) await unlink(file).catch(() => {});
  } finally {
    await unlinkIf(guard, me);
  }
  return undefined;
}

// Unlinks `file` if it still holds `record`'s taking.
async function unlinkIf(file: string, record: LockRecord): Promise<void> {
  const current = await readRecord(file).catch(() => undefined);
  if (current && sameTaking(current.record, record)) await unlink(file).catch(() => {});
}

/**
 * Takes the project's run lock, so two runs on one project (two terminals, a watcher and a CI
 * step) never send the same texts twice. The lock file names the holder's pid and host (and,
 * where the system gives them, its start time and boot, which tell it from a later process
 * with the same pid), carries a token of this taking, and is refreshed while held. It is taken
 * over only when its holder is gone (see `holderGone`), and released only by the run that
 * holds it. Written by hand: lock libraries keep no pid and host to tell the user who holds
 * the project, and judge a holder by age.
 */
export async function acquireRunLock(options: AcquireRunLockOptions): Promise<RunLock> {
  const { file, signal } = options;
  const staleMs = options.staleMs ?? 30_000;
  const host = hostname();
  const identity = await ownIdentity();
  await mkdir(dirname(file), { recursive: true });
  let told = false;
  for (;;) {
    signal?.throwIfAborted();
    const mine: LockRecord = {
      pid: process.pid,
      host,
      since: new Date().toISOString(),
      command: options.command,
      token: randomBytes(12).toString('hex'),
      ...(identity.start !== undefined ? { start: identity.start } : {}),
      ...(identity.boot !== undefined ? { boot: identity.boot } : {}),
    };
    if (await linkNew(file, mine)) return held(file, mine, staleMs);
    const current = await readRecord(file);
    if (!current) continue;
    let holding = current.record;
    if (await holderGone(current, staleMs, host)) {
      const takingOver = await removeGone(file, current.record, mine, staleMs);
      if (!takingOver) continue;
      // Another run is taking the gone run's lock: this one waits for it as for a holder.
      holding = takingOver;
    }
    const holder = holderOf(holding);
    if (options.wait === false) throw new ProjectLockedError(file, holder);
    if (!told) {
      told = true;
      options.onWait?.(holder);
    }
    await sleep(options.pollMs ?? 250, undefined, signal ? { signal } : {});
  }
}

function held(file: string, mine: LockRecord, staleMs: number): RunLock {
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
      // Only this taking's own lock: another run may hold the project now (one on another
      // host that judged this one gone while it was stopped, or after the file was deleted).
      await unlinkIf(file, mine);
    },
  };
}
