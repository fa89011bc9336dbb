import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Git } from './git.js';

/**
 * The lines that turn attribute drivers off. `$GIT_DIR/info/attributes` outranks every
 * `.gitattributes` in the tree, and `!` resets an attribute to unspecified: no `filter` (a
 * clean or smudge program, git-lfs's too), no `merge` driver program (the built-in text merge
 * runs), no `diff` program. Line-ending and encoding attributes stay, so what is committed is
 * what git would commit.
 */
export const NO_DRIVERS = '* !filter !merge !diff';

const BLOCK = `# Transloom GitHub Action: no attribute drivers while it runs\n${NO_DRIVERS}\n`;

/**
 * Makes the Action's own git commands run no program a `.gitattributes` names: a pull request
 * can add `*.json filter=x`, and a filter `x` configured on the runner (or planted in
 * `.git/config`) would then run with the job's environment when the Action stages a file.
 * Writes {@link NO_DRIVERS} into the clone's `info/attributes` and returns what puts the file
 * back as it was; git has no option that ignores the tree's attributes on this git version
 * (`--attr-source` needs 2.40).
 */
export async function guardGitAttributes(git: Git): Promise<() => Promise<void>> {
  const file = resolve(git.cwd, await git.text(['rev-parse', '--git-path', 'info/attributes']));
  let before: string | undefined;
  try {
    before = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${before ?? ''}${before && !before.endsWith('\n') ? '\n' : ''}${BLOCK}`);
  return async () => {
    if (before === undefined) await rm(file, { force: true });
    else await writeFile(file, before);
  };
}
