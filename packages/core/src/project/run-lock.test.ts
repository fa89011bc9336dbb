import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ProjectLockedError } from '../errors/project-locked-error.js';
import { startLockHolder } from '../test-support/lock-holder.js';
import { acquireRunLock } from './run-lock.js';

// Every holder here is a process of its own (a child running the lock's source), stopped,
// resumed, killed or left a zombie as a real run is, never a pid made up by the test.

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function lockFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'transloom-run-lock-'));
  dirs.push(dir);
  return join(dir, 'run.lock');
}

const holderPid = async (file: string) => JSON.parse(await readFile(file, 'utf8')).pid as number;

// Ages a lock file as if its holder had not refreshed it for an hour.
const age = (file: string) => {
  const hourAgo = new Date(Date.now() - 3_600_000);
  return utimes(file, hourAgo, hourAgo);
};

const others: Array<{ kill(signal?: NodeJS.Signals): boolean }> = [];
afterEach(() => {
  for (const child of others.splice(0)) child.kill('SIGKILL');
});

// A live process that holds nothing, whose pid a lock record can name.
async function liveProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
    stdio: 'ignore',
  });
  others.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

describe('the run lock of a process that is stopped (Ctrl-Z, SIGSTOP)', () => {
  it('is not taken over however long it was not refreshed, and is taken once released', async () => {
    const file = await lockFile();
    const holder = await startLockHolder(file, 200);
    holder.stop();
    await age(file);
    const refused = await acquireRunLock({ file, command: 'translate', wait: false, staleMs: 200 })
      .then((lock) => lock.release())
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProjectLockedError);
    expect((refused as ProjectLockedError).holder.pid).toBe(holder.pid);

    // A run that waits keeps waiting while the holder is stopped...
    let got = false;
    let told = 0;
    const waiting = acquireRunLock({
      file,
      command: 'translate',
      staleMs: 200,
      pollMs: 10,
      onWait: () => told++,
    }).then((lock) => {
      got = true;
      return lock;
    });
    // (Twenty looks at least: nothing to wait for in a lock that must not change hands.)
    await sleep(200);
    expect(told).toBe(1);
    expect(got).toBe(false);
    expect(await holderPid(file)).toBe(holder.pid);

    // ...and takes the lock once the holder, resumed, releases it.
    holder.resume();
    await holder.release();
    const lock = await waiting;
    expect(await holderPid(file)).toBe(process.pid);
    await lock.release();
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('releasing', () => {
  it('removes only the releasing run’s own lock, not one another run took since', async () => {
    const file = await lockFile();
    const holder = await startLockHolder(file);
    // The holder's lock is gone (deleted by hand) and another run holds the project now.
    holder.stop();
    await unlink(file);
    const mine = await acquireRunLock({ file, command: 'translate', wait: false });
    holder.resume();
    await holder.release();
    expect(await holderPid(file)).toBe(process.pid);
    await expect(
      acquireRunLock({ file, command: 'translate', wait: false }),
    ).rejects.toBeInstanceOf(ProjectLockedError);
    await mine.release();
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('a lock whose holder is gone although its pid is alive', () => {
  const onLinux = it.skipIf(process.platform !== 'linux');
  const boot = () => readFile('/proc/sys/kernel/random/boot_id', 'utf8').then((t) => t.trim());

  // The record of a real holder, with the pid swapped: what a lock left by a killed run looks
  // like once its pid was given to another process.
  async function recordNaming(pid: number, change: Record<string, unknown>): Promise<string> {
    const file = await lockFile();
    const holder = await startLockHolder(file);
    const record = JSON.parse(await readFile(file, 'utf8'));
    holder.stop();
    await unlink(file);
    await writeFile(file, JSON.stringify({ ...record, pid, ...change }));
    return file;
  }

  onLinux('is taken over at once when the pid belongs to a process started later', async () => {
    const pid = await liveProcess();
    const file = await recordNaming(pid, { start: '1' });
    const lock = await acquireRunLock({ file, command: 'translate', wait: false });
    expect(await holderPid(file)).toBe(process.pid);
    await lock.release();
  });

  onLinux('is taken over at once when it was taken before the machine restarted', async () => {
    const pid = await liveProcess();
    const current = await boot();
    const file = await recordNaming(pid, {
      boot: current.replace(/^./, current[0] === '0' ? '1' : '0'),
    });
    const lock = await acquireRunLock({ file, command: 'translate', wait: false });
    expect(await holderPid(file)).toBe(process.pid);
    await lock.release();
  });

  onLinux('is taken over at once when the holder has exited and is a zombie', async () => {
    // `sleep 0` exits at once; the shell, now `sleep 60`, never reaps it: a zombie.
    const shell = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    others.push(shell);
    const zombie = Number(
      await new Promise<string>((resolve) => shell.stdout.once('data', (d) => resolve(String(d)))),
    );
    const state = async () =>
      (await readFile(`/proc/${zombie}/stat`, 'utf8')).replace(/^.*\) /s, '')[0];
    while ((await state()) !== 'Z') await sleep(5);
    const file = await lockFile();
    await writeFile(
      file,
      JSON.stringify({ pid: zombie, host: hostname(), since: new Date().toISOString() }),
    );
    const lock = await acquireRunLock({ file, command: 'translate', wait: false });
    expect(await holderPid(file)).toBe(process.pid);
    await lock.release();
  });
});

describe('taking over a lock whose holder is gone', () => {
  it('waits for a run that is taking it over, and takes it once that run is gone too', async () => {
    const file = await lockFile();
    const killed = await startLockHolder(file);
    await killed.kill();
    // A run that was taking the dead run's lock over, stopped in the middle of it.
    const taking = await startLockHolder(`${file}.takeover`);
    taking.stop();
    const refused = await acquireRunLock({ file, command: 'translate', wait: false }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ProjectLockedError);
    expect((refused as ProjectLockedError).holder.pid).toBe(taking.pid);
    expect(await holderPid(file)).toBe(killed.pid);
    // Killed there: both it and the run before it are gone.
    await taking.kill();
    const lock = await acquireRunLock({ file, command: 'translate', wait: false });
    expect(await holderPid(file)).toBe(process.pid);
    await lock.release();
    await expect(stat(`${file}.takeover`)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('a lock of another host', () => {
  it('is judged by its refresh age, which never decides for a lock of this host', async () => {
    // Another host's processes cannot be seen from here: a lock it has not refreshed for
    // `staleMs` is taken to be left by a run that is gone.
    const elsewhere = await lockFile();
    await writeFile(
      elsewhere,
      JSON.stringify({ pid: 4242, host: `not-${hostname()}`, since: new Date().toISOString() }),
    );
    await expect(
      acquireRunLock({ file: elsewhere, command: 'translate', wait: false, staleMs: 1000 }),
    ).rejects.toBeInstanceOf(ProjectLockedError);
    await age(elsewhere);
    const taken = await acquireRunLock({
      file: elsewhere,
      command: 'translate',
      wait: false,
      staleMs: 1000,
    });
    expect(await holderPid(elsewhere)).toBe(process.pid);
    await taken.release();

    // The same age on this host's lock, whose holder is alive (stopped), decides nothing.
    const here = await lockFile();
    const holder = await startLockHolder(here, 1000);
    holder.stop();
    await age(here);
    await expect(
      acquireRunLock({ file: here, command: 'translate', wait: false, staleMs: 1000 }),
    ).rejects.toBeInstanceOf(ProjectLockedError);
    expect(await holderPid(here)).toBe(holder.pid);
  });
});
