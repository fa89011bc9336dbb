import { appendFile, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Makes git merge the lock with its built-in union driver: `<lock name> merge=union` in the
 * `.gitattributes` beside the lock (committed with it, so every clone and CI checkout merges
 * the same way, with nothing to set up). Every line of the lock stands on its own, so the
 * union of two sides' lines is the merged lock; the next run writes it in order. A line that
 * already gives the lock a merge driver (the user's choice) is left as it is. Returns whether
 * it added the line.
 */
export async function ensureLockMergeAttribute(lockFile: string): Promise<boolean> {
  const file = join(dirname(lockFile), '.gitattributes');
  const name = basename(lockFile);
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const set = text.split(/\r?\n/).some((line) => {
    const [pattern, ...attributes] = line.trim().split(/\s+/);
    return (
      (pattern === name || pattern === `/${name}`) &&
      attributes.some((a) => a.startsWith('merge') || a === '-merge' || a === '!merge')
    );
  });
  if (set) return false;
  const gap = text === '' || text.endsWith('\n') ? '' : '\n';
  await appendFile(
    file,
    `${gap}# Transloom: every line of the lock stands on its own, so git merges it by taking both sides' lines.\n${name} merge=union\n`,
  );
  return true;
}
