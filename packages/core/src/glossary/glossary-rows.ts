// The one glossary CSV/TSV reader is the client's (the service's entries and the project's
// glossary files follow the same contract rules).
export {
  type GlossaryCell,
  type GlossaryFileFormat,
  type GlossaryRow,
  isBlankRow,
  readGlossaryRows,
} from '@transloom/client/wire';
