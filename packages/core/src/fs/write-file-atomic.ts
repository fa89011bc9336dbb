import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file so that a reader (or a run killed at any moment) sees either the old
 * content or the new, never a mix: the bytes go to a temporary file beside it, which is
 * then renamed over the target (rename is atomic within one file system).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const directory = dirname(path);
  const temporary = join(
    directory,
    `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    try {
      await writeFile(temporary, data);
    } catch (error) {
      // The folder is made only when it is missing: most writes go where files already are.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(directory, { recursive: true });
      await writeFile(temporary, data);
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
