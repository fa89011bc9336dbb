import { join } from 'node:path';
import { glossaryFileSet } from '../glossary/glossary-layout.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import { STATE_DIRECTORY } from '../settings/state-directory.js';
import type { ProjectFile } from './expand-files.js';
import type { PathGuard } from './path-guard.js';

/**
 * Checks, with symbolic links followed, every path a run reads or writes: each source file
 * and each of its targets, the lock, the translation memory, the glossary files and the state
 * directory. The first that leads out of the project is a ConfigError naming its key.
 */
export async function checkRunPaths(
  guard: PathGuard,
  config: ResolvedConfig,
  files: readonly ProjectFile[],
  locales: readonly string[],
): Promise<void> {
  const checks: Array<Promise<unknown>> = [
    guard.check('lockFile', config.lockFile),
    guard.check('(state directory)', join(config.root, STATE_DIRECTORY)),
  ];
  if (config.translationMemory)
    checks.push(guard.check('translationMemory.path', config.translationMemory));
  const glossary = glossaryFileSet(config);
  if (glossary?.kind === 'single') checks.push(guard.check('glossary', glossary.path));
  else
    for (const { locale, path } of glossary?.files ?? [])
      checks.push(
        guard.check(glossary?.kind === 'pairs' ? 'glossary' : `glossary.${locale}`, path),
      );
  const wanted = new Set(locales);
  for (const file of files) {
    checks.push(guard.check(`files[${file.entryIndex}].source`, file.source));
    for (const locale of file.locales)
      if (wanted.has(locale))
        checks.push(guard.check(`files[${file.entryIndex}].target`, file.target(locale)));
  }
  await Promise.all(checks);
}
