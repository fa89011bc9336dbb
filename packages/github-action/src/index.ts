// The Action's public surface: `run` (what the bundle's entry and @github/local-action call)
// and the pieces a workflow author or test may want to reuse.
export { ActionError, type ActionErrorCode } from './action-error.js';
export { type ActionInputs, type ActionMode, readActionInputs } from './action-inputs.js';
export {
  type ActionReport,
  actionReportSchema,
  MAX_REPORT_BYTES,
  REPORT_SCHEMA,
  readActionReport,
} from './action-report.js';
export { COMMENT_MARKER, renderComment } from './comment-body.js';
export { COMMIT_TRAILER } from './commit-trailer.js';
export { type RunActionOptions, run } from './run-action.js';
