import { relative, resolve, sep } from 'node:path';
import { gitRepository, runGit } from '../git/run-git.js';
import { readLockText } from '../lock/lock-file.js';
import type { UnitFilter } from '../pipeline/plan-types.js';
import type { RunReport } from '../pipeline/run-report.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import type { LockResolution, ReviewOptions } from './project-types.js';

/** What a lock-only run needs: the lock lines to read instead of the file's, if any. */
export type LockRun = (lockText: string | undefined) => Promise<RunReport>;

/**
 * The lines of the lock as both sides of a merge have them: the stages git holds for it
 * while it is unmerged (base, ours, theirs), with what the file says now; undefined when git
 * holds no conflict of it.
 */
async function unmergedLines(config: ResolvedConfig): Promise<string | undefined> {
  const repository = await gitRepository(config.root);
  if (!repository) return undefined;
  const path = relative(repository.top, config.lockFile).split(sep).join('/');
  const unmerged = await runGit(repository.top, ['ls-files', '-u', '--', path]);
  if (unmerged?.code !== 0 || unmerged.out.trim() === '') return undefined;
  const texts: string[] = [];
  for (const stage of [1, 2, 3]) {
    const shown = await runGit(repository.top, ['show', `:${stage}:${path}`]);
    if (shown?.code === 0) texts.push(shown.out);
  }
  texts.push(readLockText(config.lockFile) ?? '');
  return texts.map((t) => (t.endsWith('\n') || t === '' ? t : `${t}\n`)).join('');
}

/**
 * `transloom lock resolve`: a lock-only run over both sides' lines, then `git add` when git
 * held the lock unmerged.
 */
export async function resolveLock(config: ResolvedConfig, run: LockRun): Promise<LockResolution> {
  const before = readLockText(config.lockFile);
  const lines = await unmergedLines(config);
  const report = await run(lines);
  const conflicted =
    lines !== undefined || report.diagnostics.some((d) => d.rule === 'lock-conflict');
  const after = readLockText(config.lockFile);
  let staged = false;
  if (lines !== undefined) {
    const repository = await gitRepository(config.root);
    const path = relative(repository!.top, config.lockFile).split(sep).join('/');
    const added = await runGit(repository!.top, ['add', '--', path]);
    staged = added?.code === 0;
  }
  // The lock-only run's own warning of the markers is answered by this call.
  report.diagnostics = report.diagnostics.filter((d) => d.rule !== 'lock-conflict');
  return { conflicted, staged, written: after !== before, report };
}

/** The units a review takes (see {@link ReviewOptions}). */
export function reviewFilter(
  config: ResolvedConfig,
  options: Pick<ReviewOptions, 'files' | 'locales' | 'units'>,
): UnitFilter {
  const files =
    options.files &&
    new Set(
      options.files.map((f) => relative(config.root, resolve(config.root, f)).split(sep).join('/')),
    );
  const locales = options.locales && new Set(options.locales);
  const units = options.units && new Set(options.units);
  return (file, unit, locale) =>
    (!files || files.has(file)) && (!locales || locales.has(locale)) && (!units || units.has(unit));
}
