import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Diagnostic } from '../document/diagnostics.js';

/** A glossary file's text as read, with what the writer needs to give it back unchanged. */
export interface GlossarySource {
  /** Path relative to the project root, as diagnostics name it. */
  name: string;
  /** Absolute path. */
  path: string;
  /** The text without its byte order mark. */
  text: string;
  /** Whether the file starts with a UTF-8 byte order mark. */
  bom: boolean;
}

/** A diagnostic at a position of a glossary file. */
export function glossaryDiagnostic(
  file: string,
  at: { line: number; column: number },
  rule: string,
  message: string,
  severity: Diagnostic['severity'] = 'error',
): Diagnostic {
  return { file, line: at.line, column: at.column, rule, severity, message };
}

/**
 * One cell of a glossary file for a message: JSON-quoted (so control characters and escape
 * sequences never reach a terminal) and cut to 40 characters. Messages quote at most the
 * cell they are about, never a whole line.
 */
export function quoteCell(text: string): string {
  const chars = [...text];
  return JSON.stringify(chars.length > 40 ? `${chars.slice(0, 37).join('')}...` : text);
}

/** The project-relative name of a glossary path. */
export function relativeGlossaryPath(root: string, path: string): string {
  return (relative(root, resolve(root, path)) || path).replaceAll('\\', '/');
}

function positionOf(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: index - lineStart + 1 };
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a glossary file: `undefined` when it does not exist, a diagnostic when it cannot be
 * read or is not UTF-8 text (a binary file). Such diagnostics name the position of the first
 * bad byte and never quote the file's content.
 */
export async function readGlossarySource(
  root: string,
  path: string,
): Promise<{ source?: GlossarySource; problem?: Diagnostic }> {
  const name = relativeGlossaryPath(root, path);
  const absolute = resolve(root, path);
  let bytes: Buffer;
  try {
    bytes = await readFile(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return {};
    return {
      problem: glossaryDiagnostic(
        name,
        { line: 1, column: 1 },
        'glossary-unreadable',
        `cannot be read (${code ?? 'unknown error'})`,
      ),
    };
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  let text: string;
  try {
    text = decoder.decode(body);
  } catch {
    // Only to locate the first invalid byte: it decodes as U+FFFD.
    const loose = body.toString('utf8');
    return {
      problem: glossaryDiagnostic(
        name,
        positionOf(loose, loose.indexOf('\uFFFD')),
        'glossary-encoding',
        'is not UTF-8 text (an invalid byte here); glossaries are UTF-8 CSV or TSV files',
      ),
    };
  }
  const nul = text.indexOf('\u0000');
  if (nul !== -1) {
    return {
      problem: glossaryDiagnostic(
        name,
        positionOf(text, nul),
        'glossary-encoding',
        'contains a NUL character, as binary files do; glossaries are UTF-8 CSV or TSV files',
      ),
    };
  }
  return { source: { name, path: absolute, text, bom } };
}
