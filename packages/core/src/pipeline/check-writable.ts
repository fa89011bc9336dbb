import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { TransloomError } from '@transloom/client/errors';

/** A file or folder a run must write cannot be written: nothing was sent or billed. */
export class NotWritableError extends TransloomError {
  override readonly name = 'NotWritableError';
  /** The path, relative to the project root. */
  readonly path: string;

  constructor(path: string, reason: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_NOT_WRITABLE', `cannot write '${path}': ${reason}; nothing was sent`, {
      ...options,
      kind: 'user',
    });
    this.path = path;
  }
}

/**
 * Checks, before the first request, that every path a run may write can be written: an
 * existing file must be writable, and a new one needs the nearest existing folder above it
 * to be writable (the folders between are made when it is written). A read-only target
 * folder found only after the service answered would cost every character sent.
 */
export async function checkWritable(root: string, paths: Iterable<string>): Promise<void> {
  const checked = new Map<string, Promise<void>>();
  const folder = (dir: string, path: string): Promise<void> => {
    let known = checked.get(dir);
    if (!known) {
      known = (async () => {
        let current = dir;
        for (;;) {
          const info = await stat(current).catch(() => undefined);
          if (info) {
            if (!info.isDirectory())
              throw new NotWritableError(
                relative(root, path),
                `'${relative(root, current)}' is a file, not a folder`,
              );
            await access(current, constants.W_OK).catch((cause: NodeJS.ErrnoException) => {
              throw new NotWritableError(
                relative(root, path),
                `the folder '${relative(root, current) || '.'}' is not writable (${cause.code})`,
                { cause },
              );
            });
            return;
          }
          const up = dirname(current);
          if (up === current) return;
          current = up;
        }
      })();
      checked.set(dir, known);
    }
    return known;
  };
  const checks: Array<Promise<void>> = [];
  for (const path of new Set([...paths].map((p) => resolve(root, p)))) {
    checks.push(
      (async () => {
        const info = await stat(path).catch(() => undefined);
        if (info) {
          await access(path, constants.W_OK).catch((cause: NodeJS.ErrnoException) => {
            throw new NotWritableError(
              relative(root, path),
              `the file is not writable (${cause.code})`,
              { cause },
            );
          });
        }
        // A file is replaced by renaming a new one over it: its folder must be writable too.
        await folder(dirname(path), path);
      })(),
    );
  }
  await Promise.all(checks);
}
