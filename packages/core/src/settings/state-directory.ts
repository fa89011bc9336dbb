import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The project's state directory (local service database, run lock, default memory). */
export const STATE_DIRECTORY = '.transloom';

/**
 * Makes the state directory with a `.gitignore` that ignores all of it, so what a run keeps
 * there (its lock, the translation memory, the local service's database) never shows in
 * `git status` nor gets committed by accident. An existing `.gitignore` is the user's.
 */
export async function ensureStateDirectory(root: string): Promise<string> {
  const dir = join(root, STATE_DIRECTORY);
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, '.gitignore'),
    '# Written by Transloom: its state (run lock, translation memory, local service) stays out of git.\n*\n',
    { flag: 'wx' },
  ).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return dir;
}
