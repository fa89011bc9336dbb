import type { Lock } from '../lock/lock-file.js';
import { type LockHistory, readLockHistory } from '../lock/lock-history.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import type { LoadDocument } from './align-target.js';
import type { ProjectFile } from './expand-files.js';
import type { PathGuard } from './path-guard.js';
import { type RepositoryTexts, repositoryTexts } from './repository-texts.js';

/** What a run may look up beyond its lock, each read once and only when first needed. */
export interface RunLookups {
  /** Every lock line ever written here or committed (when a target text is not in the lock). */
  history(): Promise<LockHistory>;
  /** The translations the repository holds (when a unit is to be translated). */
  repository(loadDocument: LoadDocument): RepositoryTexts;
}

/** The lookups of a run over `lock` and the project's `files`. */
export function runLookups(
  config: ResolvedConfig,
  lock: Lock,
  files: readonly ProjectFile[],
  guard: PathGuard,
): RunLookups {
  let history: Promise<LockHistory> | undefined;
  let repository: RepositoryTexts | undefined;
  return {
    history() {
      history ??= readLockHistory(config.root, config.lockFile);
      return history;
    },
    repository(loadDocument) {
      repository ??= repositoryTexts({ config, lock, files, guard, loadDocument });
      return repository;
    },
  };
}
