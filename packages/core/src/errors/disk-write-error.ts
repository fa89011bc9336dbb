import { TransloomError } from '@transloom/client/errors';

/** The error codes of a file system that takes no more writes: full, over quota, read-only. */
const DISK_CODES: Readonly<Record<string, string>> = {
  ENOSPC: 'no space is left on the device',
  EDQUOT: 'the disk quota is exceeded',
  EROFS: 'the file system is read-only',
  /** SQLite's own word for it (`SQLITE_FULL`), from the local service's database. */
  SQLITE_FULL: 'the disk is full',
};

// The system's code of an error that says the disk takes no more writes: Node's errno code,
// or SQLite's result code 13 (SQLITE_FULL), which node:sqlite and its stand-in report.
function codeOf(error: unknown): string | undefined {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (errcode === 13) return 'SQLITE_FULL';
  return typeof code === 'string' && code in DISK_CODES ? code : undefined;
}

/**
 * A file of the run could not be written because the disk takes no more writes (full, over
 * quota, read-only). The run stops sending (every further answer could not be kept, so it
 * would be paid for again), writes nothing more and reports the file: the user's to fix.
 */
export class DiskWriteError extends TransloomError {
  override readonly name = 'DiskWriteError';
  /** The file that could not be written (relative to the project when it is inside). */
  readonly file: string;
  /** The system's code: `ENOSPC`, `EDQUOT` or `EROFS`. */
  readonly systemCode: string;

  constructor(file: string, systemCode: string, options?: { cause?: unknown }) {
    super(
      'TRANSLOOM_DISK',
      `${file} cannot be written: ${DISK_CODES[systemCode] ?? systemCode} (${systemCode}); nothing more is sent, and what was written before stays`,
      { ...options, kind: 'user' },
    );
    this.file = file;
    this.systemCode = systemCode;
  }
}

/** The {@link DiskWriteError} of a failed write of `file`, when the disk is why; else undefined. */
export function diskWriteError(error: unknown, file: string): DiskWriteError | undefined {
  if (error instanceof DiskWriteError) return error;
  const code = codeOf(error);
  return code ? new DiskWriteError(file, code, { cause: error }) : undefined;
}
