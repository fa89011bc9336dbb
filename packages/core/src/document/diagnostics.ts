import { type ErrorPosition, TransloomError } from '@transloom/client/errors';

/** A problem found in a user's file, with where it is and which rule it breaks. */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  /** Stable identifier of the rule, e.g. `json-syntax`, `xliff-unknown-inline`. */
  rule: string;
  severity: 'error' | 'warning';
  message: string;
}

/** `file:line:column: message [rule]`, the way compilers print problems. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  return `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.severity}: ${diagnostic.message} [${diagnostic.rule}]`;
}

/** A file that cannot be read or parsed; nothing is written for it. */
export class FormatError extends TransloomError {
  override readonly name = 'FormatError';
  readonly file: string;
  readonly diagnostics: readonly Diagnostic[];

  constructor(file: string, diagnostics: readonly Diagnostic[]) {
    super(
      'TRANSLOOM_FORMAT',
      diagnostics.map(formatDiagnostic).join('\n') || `${file}: cannot be parsed`,
      { kind: 'user', position: positionOf(file, diagnostics[0]) },
    );
    this.file = file;
    this.diagnostics = diagnostics;
  }
}

// Where a file's first problem is: the error's position.
function positionOf(file: string, first: Diagnostic | undefined): ErrorPosition {
  return first ? { file: first.file, line: first.line, column: first.column } : { file };
}

/** A bad adapter option of one file entry: a FormatError at the file's start under `rule`. */
export function optionError(file: string, rule: string, message: string): FormatError {
  return new FormatError(file, [{ file, line: 1, column: 1, rule, severity: 'error', message }]);
}

/** A translation that cannot be written: its markup does not match the unit's. */
export class SegmentError extends TransloomError {
  override readonly name = 'SegmentError';
  readonly unitId: string;

  constructor(unitId: string, message: string) {
    super('TRANSLOOM_SEGMENT', `unit ${unitId}: ${message}`, { kind: 'internal' });
    this.unitId = unitId;
  }
}
