import { TransloomError } from '@transloom/client/errors';

/** Who holds a project's run lock. */
export interface RunLockHolder {
  pid: number;
  host: string;
  /** When the holder took the lock (ISO time). */
  since: string;
  /** What the holder is doing, e.g. `translate`. */
  command?: string;
}

/** Another run holds the project's run lock and the caller asked not to wait. */
export class ProjectLockedError extends TransloomError {
  override name = 'ProjectLockedError';
  readonly holder: RunLockHolder;
  readonly lockFile: string;

  constructor(lockFile: string, holder: RunLockHolder) {
    super(
      'TRANSLOOM_PROJECT_LOCKED',
      `another run is working on this project (pid ${holder.pid} on ${holder.host}, since ${holder.since}${holder.command ? `, ${holder.command}` : ''}); its lock is ${lockFile}`,
      { kind: 'user' },
    );
    this.holder = holder;
    this.lockFile = lockFile;
  }
}
