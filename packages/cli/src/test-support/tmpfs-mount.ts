import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Mounts a tmpfs of `kib` KiB on `dir` (which must exist); resolves with why not when it
 * cannot (not root, no CAP_SYS_ADMIN in a container, no `mount`), so a test can skip saying so.
 */
export async function mountTmpfs(dir: string, kib: number): Promise<string | undefined> {
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', dir]);
    return undefined;
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    return (stderr || message).trim();
  }
}

/** Unmounts `dir` (lazily, so a process that still has a file open there cannot keep it). */
export async function unmount(dir: string): Promise<void> {
  await run('umount', ['-l', dir]).catch(() => {});
}
