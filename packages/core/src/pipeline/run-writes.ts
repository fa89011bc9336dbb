import { join, relative } from 'node:path';
import type { Diagnostic } from '../document/diagnostics.js';
import { type DiskWriteError, diskWriteError } from '../errors/disk-write-error.js';
import { removeLeftTemporaries } from '../fs/write-file-atomic.js';
import { type Lock, writeLock } from '../lock/lock-file.js';
import { foldJournalIntoHistory, lockHistoryPath } from '../lock/lock-history.js';
import { type LockJournal, lockJournalPath, openLockJournal } from '../lock/lock-journal.js';
import { ensureLockMergeAttribute } from '../lock/lock-merge-attribute.js';
import type { TranslationMemory } from '../memory/translation-memory.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import { STATE_DIRECTORY } from '../settings/state-directory.js';
import type { RunReport } from './run-report.js';

/**
 * What a run writes and how: whether targets are still written, the lock's journal, where
 * temporary files go, and the disk error that stopped it. A disk that takes no more writes
 * stops the run: nothing more is sent (each answer could not be kept) and nothing more written.
 */
export interface RunWrites {
  /** Whether targets are written (false for a check, a dry run, a shard, or once stopped). */
  write: boolean;
  /** Whether the lock is written at the end. */
  readonly writesLock: boolean;
  readonly journal: LockJournal | undefined;
  readonly journalPath: string;
  readonly temporaryDirectory: string;
  /** The disk error that stopped the run, once one did. */
  halted: DiskWriteError | undefined;
  /** The disk took no more writes: nothing more is sent or written. */
  stop(error: DiskWriteError): void;
}

/** Where a run's lock journal is (see `lockJournalPath`). */
export function runJournalPath(config: ResolvedConfig): string {
  return lockJournalPath(config.root, config.lockFile);
}

/**
 * The writes of a run that writes targets (`writesFiles`) and the lock (`writesLock`): the
 * temporary files runs that were killed left are removed first, the journal opened on first use.
 */
export async function openRunWrites(
  config: ResolvedConfig,
  writesFiles: boolean,
  writesLock: boolean,
): Promise<RunWrites> {
  const temporaryDirectory = join(config.root, STATE_DIRECTORY, 'tmp');
  if (writesFiles) await removeLeftTemporaries(temporaryDirectory);
  const journalPath = runJournalPath(config);
  const writes: RunWrites = {
    write: writesFiles,
    writesLock,
    journal: writesLock ? openLockJournal(journalPath) : undefined,
    journalPath,
    temporaryDirectory,
    halted: undefined,
    stop(error) {
      writes.halted ??= error;
      writes.write = false;
    },
  };
  return writes;
}

/** Closes the run's own memory; a full disk on the way is the run's disk error. */
export async function closeRunMemory(
  config: ResolvedConfig,
  memory: TranslationMemory,
  writes: RunWrites,
): Promise<void> {
  try {
    await memory.close();
  } catch (error) {
    const disk = diskWriteError(error, config.translationMemory || STATE_DIRECTORY);
    if (!disk) throw error;
    writes.stop(disk);
  }
}

/**
 * Writes the lock, then moves the journal, whose lines it now holds, into the clone's history
 * (a lock that cannot be written leaves the journal for the next run); a new lock comes with
 * the attribute that has git merge it line by line. A full disk is the run's disk error.
 */
export async function writeRunLock(
  config: ResolvedConfig,
  next: Lock,
  previous: string | undefined,
  writes: RunWrites,
): Promise<void> {
  try {
    await writes.journal?.close();
    const wrote = await writeLock(config.lockFile, next, previous, {
      temporaryDirectory: writes.temporaryDirectory,
    });
    if (wrote && previous === undefined) await ensureLockMergeAttribute(config.lockFile);
    await foldJournalIntoHistory(writes.journalPath, lockHistoryPath(config.root, config.lockFile));
  } catch (error) {
    const disk = diskWriteError(error, relative(config.root, config.lockFile));
    if (!disk) throw error;
    writes.stop(disk);
  }
}

/** The run's disk error, once, among its diagnostics (a target's write may have named it already). */
export function reportDiskError(report: RunReport, writes: RunWrites): void {
  const { halted } = writes;
  if (!halted || report.diagnostics.some((d) => d.message === halted.message)) return;
  const diagnostic: Diagnostic = {
    file: halted.file,
    line: 1,
    column: 1,
    rule: 'write',
    severity: 'error',
    message: halted.message,
  };
  report.diagnostics.push(diagnostic);
}
