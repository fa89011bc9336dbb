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
export class FormatError extends Error {
  override readonly name = 'FormatError';
  readonly code = 'TRANSLOOM_FORMAT';
  readonly file: string;
  readonly diagnostics: readonly Diagnostic[];

  constructor(file: string, diagnostics: readonly Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join('\n') || `${file}: cannot be parsed`);
    this.file = file;
    this.diagnostics = diagnostics;
  }
}

/** A translation that cannot be written: its markup does not match the unit's. */
export class SegmentError extends Error {
  override readonly name = 'SegmentError';
  readonly code = 'TRANSLOOM_SEGMENT';
  readonly unitId: string;

  constructor(unitId: string, message: string) {
    super(`unit ${unitId}: ${message}`);
    this.unitId = unitId;
  }
}
