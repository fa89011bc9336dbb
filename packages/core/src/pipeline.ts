// `@transloom/core/pipeline`: the steps createProject drives, for benchmarks and tools that
// assemble a run themselves. Most callers want `createProject` from `@transloom/core`.

export { writeFileAtomic } from './fs/write-file-atomic.js';
export { GlossaryTerms } from './glossary/glossary-terms.js';
export {
  type GlossaryDictionary,
  GlossaryError,
  loadProjectGlossary,
  type ProjectGlossary,
} from './glossary/load-glossary.js';
export {
  type GlossarySync,
  type SyncGlossaryOptions,
  syncGlossary,
} from './glossary/sync-glossary.js';
export { formatGlossaryTable, writeProjectGlossary } from './glossary/write-glossary.js';
export { hashBytes, hashOf } from './hashing/hash-of.js';
export {
  emptyLock,
  formatLock,
  type Lock,
  LockError,
  type LockedFile,
  type LockedGlossary,
  type LockedTarget,
  type LockedTranslation,
  type LockedUnit,
  parseLock,
  readLock,
  writeLock,
} from './lock/lock-file.js';
export { connectService } from './pipeline/connect-service.js';
export { expandFiles, type ProjectFile, staticBase } from './pipeline/expand-files.js';
export type { FailureReason } from './pipeline/job-queue.js';
export { SEGMENTER_VERSION, sourceLangOf } from './pipeline/locale-settings.js';
export { PathGuard } from './pipeline/path-guard.js';
export { emptyLocaleReport } from './pipeline/run-report.js';
export {
  defaultTranslationMemory,
  type TranslateProjectOptions,
  translateProject,
} from './pipeline/translate-project.js';
export { type AcquireRunLockOptions, acquireRunLock, type RunLock } from './project/run-lock.js';
