import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Makes `root` a git repository (nothing committed), so {@link gitVisible} can ask git. */
export async function gitInit(root: string): Promise<void> {
  await run('git', ['init', '--quiet', root]);
}

/**
 * Every file git would show in `root` (tracked or not, ignored ones left out), by path
 * relative to the root: what a user would see, and might commit, after a run.
 */
export async function gitVisible(root: string): Promise<string[]> {
  const { stdout } = await run(
    'git',
    ['-c', 'core.quotepath=off', 'status', '--porcelain=v1', '-z', '--untracked-files=all'],
    { cwd: root, maxBuffer: 64 << 20 },
  );
  return stdout
    .split('\0')
    .filter((entry) => entry.length > 3)
    .map((entry) => entry.slice(3));
}
