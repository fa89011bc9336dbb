import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ConfigIssue } from '@transloom/client/errors';
import { findNodeAtLocation, type ParseError, parse, parseTree } from 'jsonc-parser';
import type { Diagnostic } from '../../document/diagnostics.js';
import type { Problem } from './run-problems.js';

interface TransloomErrorLike {
  code?: unknown;
  message: string;
  issues?: readonly ConfigIssue[];
  file?: string;
  diagnostics?: readonly Diagnostic[];
}

/** `files[1].target` -> `['files', 1, 'target']`. */
function segments(path: string): Array<string | number> {
  const out: Array<string | number> = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    out.push(match[2] !== undefined ? Number(match[2]) : match[1]!);
  return out;
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/**
 * Where a configuration issue is in a JSON configuration file: a syntax error at its offset,
 * else the node its key path names (or, unless `exact`, the nearest one that exists). Undefined for
 * JavaScript and TypeScript configurations, whose values may be computed.
 */
export function locateConfigIssue(
  file: string,
  issue: ConfigIssue,
  exact = false,
): { line: number; column: number } | undefined {
  const name = file.slice(file.replaceAll('\\', '/').lastIndexOf('/') + 1);
  if (!/\.json$|^\.transloomrc$/.test(name)) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const errors: ParseError[] = [];
  parse(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0) return position(text, errors[0]!.offset);
  const tree = parseTree(text);
  if (!tree) return undefined;
  const path = [...(name === 'package.json' ? ['transloom'] : []), ...segments(issue.path)];
  for (let length = path.length; length >= (exact ? path.length : 0); length--) {
    const node = findNodeAtLocation(tree, path.slice(0, length));
    if (!node) continue;
    // A key's issue points at the key itself (its property node starts there).
    const at = node.parent?.type === 'property' ? node.parent.offset : node.offset;
    return position(text, at);
  }
  return undefined;
}

/**
 * A thrown error as a problem to show: a configuration error at the key it names, a file that
 * cannot be read at its first diagnostic, anything else by its message (secrets never appear
 * in the engine's messages).
 */
export function errorProblem(error: unknown, root: string): Problem {
  const e = (error ?? {}) as TransloomErrorLike;
  const message = typeof e.message === 'string' ? e.message : String(error);
  if (e.code === 'TRANSLOOM_CONFIG' && Array.isArray(e.issues) && typeof e.file === 'string') {
    // The first issue that names a key in the file (a missing key names none), else the first.
    const file = e.file;
    const located =
      e.issues.map((issue) => locateConfigIssue(file, issue, true)).find((at) => at) ??
      (e.issues.length > 0 ? locateConfigIssue(file, e.issues[0]!) : undefined);
    return { message, file: e.file, ...located };
  }
  if (Array.isArray(e.diagnostics) && e.diagnostics.length > 0) {
    const first = e.diagnostics[0]!;
    return { message, file: resolve(root, first.file), line: first.line, column: first.column };
  }
  return { message };
}
