import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ActionError } from './action-error.js';
import type { Git } from './git.js';

/**
 * The lines that turn attribute drivers off. `$GIT_DIR/info/attributes` outranks every
 * `.gitattributes` in the tree, and `!` resets an attribute to unspecified: no `filter` (a
 * clean or smudge program, git-lfs's too), no `merge` driver program (the built-in text merge
 * runs), no `diff` program. Line-ending and encoding attributes stay, so what is committed is
 * what git would commit.
 */
export const NO_DRIVERS = '* !filter !merge !diff';

/**
 * The lines in effect while the Action merges: the tree's `merge` attributes apply (a
 * `transloom.lock merge=union`, `binary`, `-merge`), filters and diff programs stay off.
 * A merge driver that names a program is turned off by {@link builtInMergeOnly}.
 */
export const MERGE_DRIVERS = '* !filter !diff';

const HEADER = '# Transloom GitHub Action: no attribute drivers while it runs\n';
const BLOCK = `${HEADER}${NO_DRIVERS}\n`;

async function attributesFile(git: Git): Promise<string> {
  return resolve(git.cwd, await git.text(['rev-parse', '--git-path', 'info/attributes']));
}

/**
 * Makes the Action's own git commands run no program a `.gitattributes` names: a pull request
 * can add `*.json filter=x`, and a filter `x` configured on the runner (or planted in
 * `.git/config`) would then run with the job's environment when the Action stages a file.
 * Writes {@link NO_DRIVERS} into the clone's `info/attributes` and returns what puts the file
 * back as it was; git has no option that ignores the tree's attributes on this git version
 * (`--attr-source` needs 2.40).
 */
export async function guardGitAttributes(git: Git): Promise<() => Promise<void>> {
  const file = await attributesFile(git);
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

/**
 * The `-c` options that keep a merge to git's built-in drivers (`text`, `union`, `binary`):
 * every merge driver the runner's git configuration defines (`merge.<name>.driver`, in any
 * configuration file; a definition outranks a built-in of the same name) is replaced by one
 * that runs no program and fails, so a file whose attributes name it is a conflict.
 */
export async function builtInMergeOnly(git: Git): Promise<string[]> {
  const found = await git.run(['config', '--null', '--get-regexp', '^merge\\..+\\.'], {
    allowFailure: true,
  });
  const names = new Set<string>();
  for (const entry of found.stdout.split('\0')) {
    const key = entry.split('\n')[0] ?? '';
    const last = key.lastIndexOf('.');
    if (!key.startsWith('merge.') || last <= 'merge.'.length) continue;
    names.add(key.slice('merge.'.length, last));
  }
  const options: string[] = [];
  for (const name of names) {
    // `-c` splits at the first `=`: such a name could not be turned off.
    if (name.includes('='))
      throw new ActionError(
        'TRANSLOOM_ACTION_GIT',
        `git's configuration defines a merge driver named '${name}', which the Action cannot turn off for its merge; nothing was merged or pushed`,
      );
    options.push('-c', `merge.${name}.driver=exit 1`);
  }
  return options;
}

/**
 * Runs `task` (a merge) with the tree's `merge` attributes in effect ({@link MERGE_DRIVERS}
 * instead of {@link NO_DRIVERS} in the guarded `info/attributes`), then guards them again.
 */
export async function withMergeAttributes<T>(git: Git, task: () => Promise<T>): Promise<T> {
  const file = await attributesFile(git);
  const guarded = await readFile(file, 'utf8').catch(() => undefined);
  if (guarded === undefined || !guarded.includes(BLOCK)) return task();
  await writeFile(file, guarded.replace(BLOCK, `${HEADER}${MERGE_DRIVERS}\n`));
  try {
    return await task();
  } finally {
    await writeFile(file, guarded);
  }
}
