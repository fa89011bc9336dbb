import { type Diagnostic, FormatError } from '../document/diagnostics.js';

/** The diagnostics of an error met reading `file`: its own when it has them, else one line. */
export function diagnosticsOf(error: unknown, file: string): Diagnostic[] {
  if (error instanceof FormatError) return [...error.diagnostics];
  return [
    {
      file,
      line: 1,
      column: 1,
      rule: 'unreadable',
      severity: 'error',
      message: (error as Error).message,
    },
  ];
}
