import { resolve } from 'node:path';
import type { Diagnostic } from '../../document/diagnostics.js';
import { slashPath } from '../project-files.js';
import type { Project } from '../project-types.js';
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
 * Finds the keys the code uses that the source catalogs lack, with the project's extractor
 * (the configuration's `extract` section): `warn` only lists them, `write` adds them with
 * their default values (under the run lock).
 */
export async function findKeys(
  project: Project,
  mode: 'warn' | 'write',
  signal?: AbortSignal,
): Promise<ExtractFindings> {
  const result = await project.extract({ dryRun: mode === 'warn', ...(signal ? { signal } : {}) });
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

// The message listing keys (first 20 of each catalog) that the source catalogs lack.
function keysMessage(added: ReadonlyArray<readonly [string, readonly string[]]>): string {
  const total = added.reduce((n, [, keys]) => n + keys.length, 0);
  const lines = added.map(
    ([catalog, keys]) =>
      `  ${catalog}: ${keys.slice(0, 20).join(', ')}${keys.length > 20 ? `, ... and ${keys.length - 20} more` : ''}`,
  );
  return `${total} ${total === 1 ? 'key is' : 'keys are'} used in code but missing from the source catalogs (extract: 'write' adds them):\n${lines.join('\n')}`;
}

const errorLine = (e: Diagnostic) => `${e.file}:${e.line}:${e.column}: ${e.message} [${e.rule}]`;

/**
 * The standing problem of keys used in code but missing from the source catalogs (`warn`), and
 * problems the extractor met (an unparsable catalog, a namespace that is no file name).
 */
export function missingKeysProblem(found: ExtractFindings, root: string): Problem | undefined {
  const parts: string[] = [];
  const errors = found.warnings.filter((w) => w.severity === 'error');
  if (found.mode === 'warn' && found.added.size > 0) parts.push(keysMessage([...found.added]));
  for (const e of errors) parts.push(errorLine(e));
  if (parts.length === 0) return undefined;
  const first = found.mode === 'warn' ? [...found.added.keys()][0] : errors[0]?.file;
  return {
    message: parts.join('\n\n'),
    ...(first ? { file: resolve(root, first), line: 1, column: 1 } : {}),
  };
}

/**
 * For the log: the findings of {@link missingKeysProblem} that `printed` does not hold yet
 * (they are added to it), so each missing key and each problem is printed once per start
 * however often the code is looked at again. Undefined when there is nothing new.
 */
export function newFindingsMessage(
  found: ExtractFindings,
  printed: Set<string>,
): string | undefined {
  const fresh = (id: string) => {
    if (printed.has(id)) return false;
    printed.add(id);
    return true;
  };
  const added: Array<[string, string[]]> = [];
  if (found.mode === 'warn')
    for (const [catalog, keys] of found.added) {
      const unseen = keys.filter((key) => fresh(`key\0${catalog}\0${key}`));
      if (unseen.length > 0) added.push([catalog, unseen]);
    }
  const errors = found.warnings
    .filter((w) => w.severity === 'error')
    .map(errorLine)
    .filter((line) => fresh(`error\0${line}`));
  const parts = [...(added.length > 0 ? [keysMessage(added)] : []), ...errors];
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

/**
 * A dev session's look at the code: the keys it uses and the catalogs lack (`write` adds
 * them), the standing problem they make, and what the log has not said yet (`printed` keeps
 * what it said, so each missing key is printed once per start).
 */
export async function keysStep(
  project: Project,
  mode: 'warn' | 'write',
  printed: Set<string>,
): Promise<{ written: string[]; problem: Problem | undefined; news: string | undefined }> {
  const found = await findKeys(project, mode);
  return {
    written: found.written,
    problem: missingKeysProblem(found, project.root),
    news: newFindingsMessage(found, printed),
  };
}
