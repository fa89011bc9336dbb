// The engine's front door: createProject and what its callers see (hosts import nothing
// deeper; `/formats` is for tools that read and write files themselves). Loads no format
// parser, configuration loader or validator: those are loaded when a call needs them.
export {
  ConfigError,
  type ConfigIssue,
  ServiceUnreachableError,
  TransloomError,
  type TransloomErrorKind,
  type UnreachableReason,
  UsageError,
} from '@transloom/client/errors';
export { defineConfig } from './config/define-config.js';
export {
  CONFIG_SEARCH_PLACES,
  type ConfigFormat,
  configFormatOf,
  type FoundConfigFile,
  findConfigFile,
} from './config/find-config-file.js';
export {
  type Diagnostic,
  FormatError,
  formatDiagnostic,
  SegmentError,
} from './document/diagnostics.js';
export { ProjectLockedError, type RunLockHolder } from './errors/project-locked-error.js';
export { writeFileAtomic } from './fs/write-file-atomic.js';
export type { GlossaryLayoutKind } from './glossary/glossary-layout.js';
export { GlossaryError } from './glossary/load-glossary.js';
export { LockError } from './lock/lock-file.js';
export { ensureLockMergeAttribute } from './lock/lock-merge-attribute.js';
export { createFileTranslationStore } from './memory/file-translation-store.js';
export { MemoryUnavailableError } from './memory/redis-translation-store.js';
export { parseShard, type Shard } from './memory/shard-of.js';
export type { SharedMemoryConfig } from './memory/shared-memory-settings.js';
export {
  createTranslationMemory,
  noTranslationStore,
  type TranslationMemory,
  type TranslationMemoryOptions,
  type TranslationStore,
} from './memory/translation-memory.js';
export { RunConfigError } from './pipeline/request-options.js';
export {
  type LocaleReport,
  type PendingUnit,
  type RunOutcome,
  type RunOutcomeOptions,
  type RunReport,
  runOutcome,
  type StaleEdit,
  type UnitFailure,
  type UnknownOrigin,
} from './pipeline/run-report.js';
export type { BuiltLinksReport, CheckBuiltLinksOptions } from './presets/check-built-links.js';
export { checkBuiltLinks } from './project/check-site-links.js';
export {
  type ChooseServiceOptions,
  chooseService,
  type ServiceChoice,
} from './project/choose-service.js';
export { createProject } from './project/create-project.js';
export type {
  BuildMode,
  BuildStepOptions,
  BuildStepResult,
} from './project/dev/build-step-types.js';
export { createDevSession } from './project/dev/create-dev-session.js';
export { defaultNamespace } from './project/dev/default-namespace.js';
export type {
  DevEvent,
  DevSession,
  DevSessionOptions,
  FileChange,
} from './project/dev/dev-session-types.js';
export { resolveBuildMode } from './project/dev/resolve-build-mode.js';
export type { SourceTypesOptions } from './project/dev/resource-types.js';
export { runBuildStep } from './project/dev/run-build-step.js';
export type { Problem } from './project/dev/run-problems.js';
export type { DevUpdate } from './project/dev/update-batcher.js';
export { localServiceFrom, localServiceNotice } from './project/local-service.js';
export type { IndexedEntry, IndexedFile, ProjectFiles } from './project/project-files.js';
export type {
  AdoptOptions,
  CreateProjectOptions,
  ExtractOptions,
  ExtractResult,
  GlossaryPull,
  GlossaryPush,
  GlossaryValidation,
  LocalServiceStarter,
  LockResolution,
  MemoryPromotion,
  Project,
  ReviewOptions,
  RunEvent,
  RunOptions,
  ServiceConnection,
  ServiceOption,
  StartedService,
  TmxExport,
  TmxImport,
  TranslateOptions,
} from './project/project-types.js';
export {
  type LocaleReportJson,
  type RunReportJson,
  reportJson,
} from './project/report-json.js';
export { requestTimeoutIssue } from './project/request-timeout-issue.js';
export { isInside } from './settings/config-paths.js';
export type {
  FileEntry,
  LocaleSettings as LocaleSettingsInput,
  TransloomConfig,
} from './settings/config-schema.js';
export type { ResolvedConfig, ResolvedLocaleSettings } from './settings/resolved-config.js';
export { STATE_DIRECTORY } from './settings/state-directory.js';
export { targetLocaleProblem } from './settings/target-language.js';

/**
 * The docs-site tools (finding a site's root from its generator's config, which is read with
 * Babel, and expanding a preset), loaded on demand so that other runs do not load them.
 */
export const loadDocsTools = () => import('./docs.js');
export type { SiteRoot } from './presets/site-root.js';
