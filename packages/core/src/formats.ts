// `@transloom/core/formats`: the format adapters and segment markup, for tools that read and
// write localization files themselves.
export {
  type Diagnostic,
  FormatError,
  formatDiagnostic,
  SegmentError,
} from './document/diagnostics.js';
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
  FormatKind,
  FormatOptions,
  PluralStructure,
  RenderContext,
  Selector,
  Unit,
  UnitTranslation,
  Variant,
} from './formats/format-adapter.js';
export { formatAdapters } from './formats/format-adapters.js';
export type { FormatSpec } from './formats/format-spec.js';
export {
  type LoadDocumentOptions,
  type LocDocument,
  loadDocument,
  type RenderOptions,
} from './formats/load-document.js';
export {
  detectFormat,
  FORMAT_NAMES,
  type FormatName,
  formatSpecs,
} from './formats/registry.js';
export { assembleTranslation, type UnitForm, unitForms } from './pipeline/unit-forms.js';
export {
  PLURAL_CATEGORIES,
  type PluralCategory,
  pluralCategories,
  representativeNumber,
} from './plurals/plural-categories.js';
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
