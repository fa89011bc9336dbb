import { join } from 'node:path';
import { glossaryFileSet } from '../glossary/glossary-layout.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import { STATE_DIRECTORY } from '../settings/state-directory.js';
import type { ProjectFile } from './expand-files.js';
import type { PathGuard } from './path-guard.js';
import type { readOwnFile } from './read-own-file.js';

/**
 * Checks, with symbolic links followed, every path a run reads or writes: each source file
 * and each of its targets, the lock, the translation memory, the glossary files and the state
 * directory. The first that leads out of the project is a ConfigError naming its key. A source
 * or target whose own last part is a link is left to the run's read of it ({@link readOwnFile}),
 * which opens it without following links and checks the link then.
 */
export async function checkRunPaths(
  guard: PathGuard,
  config: ResolvedConfig,
  files: readonly ProjectFile[],
  locales: readonly string[],
): Promise<void> {
  // Synchronous checks: a project's thousands of paths are answered from a few directories'
  // cached real paths, and the first path that leads out is the one reported.
  guard.checkSync('lockFile', config.lockFile);
  guard.checkSync('(state directory)', join(config.root, STATE_DIRECTORY));
  if (config.translationMemory) guard.checkSync('translationMemory.path', config.translationMemory);
  const glossary = glossaryFileSet(config);
  if (glossary?.kind === 'single') guard.checkSync('glossary', glossary.path);
  else
    for (const { locale, path } of glossary?.files ?? [])
      guard.checkSync(glossary?.kind === 'pairs' ? 'glossary' : `glossary.${locale}`, path);
  const wanted = new Set(locales);
  // The keys named in an error, made once per entry of `files`.
  const keys: Array<{ source: string; target: string }> = [];
  for (const file of files) {
    keys[file.entryIndex] ??= {
      source: `files[${file.entryIndex}].source`,
      target: `files[${file.entryIndex}].target`,
    };
    const key = keys[file.entryIndex]!;
    guard.checkFolderSync(key.source, file.source);
    for (const locale of file.locales)
      if (wanted.has(locale)) guard.checkFolderSync(key.target, file.target(locale));
  }
}
