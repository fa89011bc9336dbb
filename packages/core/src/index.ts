export {
  defineConfig,
  type FileEntry,
  type LocaleSettings as LocaleSettingsInput,
  type TransloomConfig,
} from './config/config-schema.js';
export { CONFIG_SEARCH_PLACES, type LoadConfigOptions, loadConfig } from './config/load-config.js';
export {
  ConfigError,
  type ConfigIssue,
  closest,
  type ResolvedConfig,
  type ResolvedLocaleSettings,
  resolveConfig,
} from './config/resolve-config.js';
export { targetLangOf } from './config/target-language.js';
export {
  type Diagnostic,
  FormatError,
  formatDiagnostic,
  SegmentError,
} from './document/diagnostics.js';
export {
  detectFormat,
  type LoadDocumentOptions,
  type LocDocument,
  loadDocument,
  type RenderOptions,
} from './document/load-document.js';
export {
  decodeSourceFile,
  encodeSourceText,
  type FileEncoding,
  type SourceFile,
} from './document/source-file.js';
export { type Edit, spliceEdits } from './document/splice-edits.js';
export type {
  AdapterUnit,
  FormatAdapter,
  FormatName,
  FormatOptions,
  PluralStructure,
  RenderContext,
  Selector,
  Unit,
  UnitTranslation,
  Variant,
} from './formats/format-adapter.js';
export { formatAdapters } from './formats/registry.js';
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
export { connectService } from './pipeline/connect-service.js';
export type { FailureReason } from './pipeline/job-queue.js';
export { SEGMENTER_VERSION, sourceLangOf } from './pipeline/locale-settings.js';
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
} from './pipeline/lock-file.js';
export { RunConfigError } from './pipeline/request-options.js';
export {
  emptyLocaleReport,
  exitCodeOf,
  type LocaleReport,
  type RunReport,
  type StaleEdit,
  type UnitFailure,
} from './pipeline/run-report.js';
export {
  defaultTranslationMemory,
  type RunEvent,
  type ServiceConnection,
  type TranslateProjectOptions,
  translateProject,
} from './pipeline/translate-project.js';
export {
  createFileTranslationStore,
  createTranslationMemory,
  noTranslationStore,
  type TranslationMemory,
  type TranslationMemoryOptions,
  type TranslationStore,
} from './pipeline/translation-memory.js';
export { assembleTranslation, type UnitForm, unitForms } from './pipeline/unit-forms.js';
export { writeFileAtomic } from './pipeline/write-file-atomic.js';
export {
  PLURAL_CATEGORIES,
  type PluralCategory,
  pluralCategories,
  representativeNumber,
} from './plurals/plural-categories.js';
export { expandFiles, type ProjectFile, staticBase } from './project/expand-files.js';
export {
  compareSegmentMarkup,
  mapSegmentText,
  parseSegment,
  SegmentSyntaxError,
  type SegmentToken,
  segmentIds,
  segmentText,
  serializeSegment,
} from './segments/parse-segment.js';
export {
  MarkupMismatchError,
  renderSegment,
  type SegmentWriter,
} from './segments/render-segment.js';
export {
  escapeSegmentText,
  type Original,
  SegmentBuilder,
  type SegmentMarkup,
} from './segments/segment-markup.js';
