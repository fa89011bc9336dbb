import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Options of {@link writeFileAtomic}. */
export interface WriteFileAtomicOptions {
  /**
   * Where the temporary file is made (the project's `.transloom/tmp`), so that one a killed
   * run leaves is never beside the user's files, and the next run finds every such file in
   * one place. A folder on another file system (rename cannot cross it) falls back to the
   * target's own folder.
   */
  temporaryDirectory?: string | undefined;
}

// Whether a process of this host is alive.
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function temporaryName(path: string): string {
  return `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

// Writes `data` to a new file at `temporary`, flushed to the disk before it is renamed: a
// rename that reaches the disk before the bytes do would leave an empty file after a crash
// of the machine (ext4 and xfs order them only for some renames).
async function writeSynced(temporary: string, data: string | Uint8Array): Promise<void> {
  const handle = await open(temporary, 'wx');
  try {
    await handle.writeFile(data);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

async function writeVia(temporary: string, path: string, data: string | Uint8Array) {
  try {
    try {
      await writeSynced(temporary, data);
    } catch (error) {
      // The folder is made only when it is missing: most writes go where files already are.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(dirname(temporary), { recursive: true });
      await writeSynced(temporary, data);
    }
    try {
      await rename(temporary, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(dirname(path), { recursive: true });
      await rename(temporary, path);
    }
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes a file so that a reader (or a run killed at any moment) sees either the old
 * content or the new, never a mix: the bytes go to a temporary file, flushed to the disk,
 * which is then renamed over the target (rename is atomic within one file system).
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: WriteFileAtomicOptions = {},
): Promise<void> {
  const { temporaryDirectory } = options;
  if (temporaryDirectory) {
    try {
      await writeVia(join(temporaryDirectory, temporaryName(path)), path, data);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    }
  }
  await writeVia(join(dirname(path), temporaryName(path)), path, data);
}

/**
 * Removes the temporary files that runs which are gone left in `directory` (a process killed
 * between writing one and renaming it). Files of a live process are its own, still to be
 * renamed. Returns how many were removed.
 */
export async function removeLeftTemporaries(directory: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const match = /\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name);
    const pid = Number(match?.[1]);
    if (!match || pid === process.pid || alive(pid)) continue;
    await rm(join(directory, name), { force: true });
    removed++;
  }
  return removed;
}
