import { resolve } from 'node:path';
import type { Diagnostic, Project } from '@transloom/core';
import { slashPath } from './catalog-index.js';
import type { Problem } from './run-problems.js';

/** What looking for keys used in code found. */
export interface ExtractFindings {
  mode: 'warn' | 'write';
  /** Source catalog (relative to the root) -> keys it lacks (`warn`) or was given (`write`). */
  added: ReadonlyMap<string, readonly string[]>;
  /** Catalogs written (absolute, with `/`): empty with `warn`. */
  written: string[];
  warnings: readonly Diagnostic[];
}

/**
 * Finds the keys the code uses that the source catalogs lack, with the engine's extractor
 * (the configuration's `extract` section): `warn` only lists them, `write` adds them with
 * their default values.
 */
export async function runExtract(
  project: Project,
  mode: 'warn' | 'write',
): Promise<ExtractFindings> {
  const { extractKeys } = await import('@transloom/core/extract');
  const result = await extractKeys(project.config, { dryRun: mode === 'warn' });
  return {
    mode,
    added: result.added,
    written:
      mode === 'write'
        ? [...result.added.keys()].map((c) => slashPath(resolve(project.root, c)))
        : [],
    warnings: result.warnings,
  };
}

/**
 * The overlay's list of keys used in code but missing from the source catalogs (`warn`), and
 * problems the extractor met (an unparsable catalog, a namespace that is no file name).
 */
export function missingKeysProblem(found: ExtractFindings, root: string): Problem | undefined {
  const parts: string[] = [];
  const errors = found.warnings.filter((w) => w.severity === 'error');
  if (found.mode === 'warn' && found.added.size > 0) {
    const total = [...found.added.values()].reduce((n, keys) => n + keys.length, 0);
    const lines = [...found.added].map(
      ([catalog, keys]) =>
        `  ${catalog}: ${keys.slice(0, 20).join(', ')}${keys.length > 20 ? `, ... and ${keys.length - 20} more` : ''}`,
    );
    parts.push(
      `${total} ${total === 1 ? 'key is' : 'keys are'} used in code but missing from the source catalogs (extract: 'write' adds them):\n${lines.join('\n')}`,
    );
  }
  for (const e of errors) parts.push(`${e.file}:${e.line}:${e.column}: ${e.message} [${e.rule}]`);
  if (parts.length === 0) return undefined;
  const first = found.mode === 'warn' ? [...found.added.keys()][0] : errors[0]?.file;
  return {
    message: parts.join('\n\n'),
    ...(first ? { file: resolve(root, first), line: 1, column: 1 } : {}),
  };
}
