import { readFile } from 'node:fs/promises';

/**
 * What tells one process from another that later gets the same pid: its start time (Linux:
 * field 22 of `/proc/<pid>/stat`, clock ticks since boot) and the boot it started in
 * (`/proc/sys/kernel/random/boot_id`). Both are undefined where `/proc` does not give them
 * (macOS, Windows, a `/proc` mounted with `hidepid`).
 */
export interface ProcessIdentity {
  pid: number;
  start: string | undefined;
  boot: string | undefined;
}

interface ProcStat {
  /** One letter: R running, S sleeping, T stopped, Z zombie, X dead, ... */
  state: string;
  start: string;
}

// Fields 3 and 22 of /proc/<pid>/stat. The command name (field 2) is in parentheses and may
// hold spaces and parentheses itself, so the fields are counted from its last `)`.
async function procStat(pid: number): Promise<ProcStat | undefined> {
  if (process.platform !== 'linux') return undefined;
  let text: string;
  try {
    text = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, start] = [fields[0], fields[19]];
  return state && start && /^\d+$/.test(start) ? { state, start } : undefined;
}

let boot: Promise<string | undefined> | undefined;

// The boot id is read once: it cannot change while this process runs.
function bootId(): Promise<string | undefined> {
  boot ??=
    process.platform === 'linux'
      ? readFile('/proc/sys/kernel/random/boot_id', 'utf8').then(
          (text) => text.trim() || undefined,
          () => undefined,
        )
      : Promise.resolve(undefined);
  return boot;
}

/** This process's identity, to be recorded where another process may judge it later. */
export async function ownIdentity(): Promise<ProcessIdentity> {
  const [stat, id] = await Promise.all([procStat(process.pid), bootId()]);
  return { pid: process.pid, start: stat?.start, boot: id };
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process `identity` names (recorded by {@link ownIdentity} on this host) is still
 * running. Only the process's end or the machine's reboot makes it false, never time: a
 * process stopped for hours (Ctrl-Z, SIGSTOP, a debugger) is running. A pid that exists is
 * that process unless its start time or boot differs (the pid was given to another process
 * since) or it is a zombie (it has exited and waits for its parent to read its status).
 * Where `/proc` gives neither (macOS, Windows), or the record has no start time (written
 * there, or by an older version), a pid that exists is taken to be the process: a reused pid
 * then keeps the lock held (the safe side: nothing runs twice) until that process ends or
 * the lock file is deleted by hand, as its error message says.
 */
export async function isRunning(identity: ProcessIdentity): Promise<boolean> {
  if (!Number.isInteger(identity.pid) || identity.pid <= 0) return false;
  const ourBoot = await bootId();
  if (identity.boot && ourBoot && identity.boot !== ourBoot) return false;
  // Signal 0 first: a pid `/proc` hides (hidepid) is still seen to exist.
  if (!signalable(identity.pid)) return false;
  const stat = await procStat(identity.pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return identity.start === undefined || identity.start === stat.start;
}
