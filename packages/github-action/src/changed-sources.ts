import { basename, resolve } from 'node:path';
import type { ResolvedConfig } from '@transloom/core';
import { MAX_LISTED_FILES } from './github-api.js';

/** What part of the project a pull request's run translates. */
export type TranslationScope =
  | { kind: 'files'; files: string[] }
  | { kind: 'project'; why: string };

/**
 * The files a pull request's run translates: the ones it changed. The whole project when the
 * change reaches beyond single files (the configuration or the glossary changed, a file was
 * removed or renamed, or GitHub's list is cut at 3000 files). The lock and `.gitattributes`
 * are not sources and reach no file: the lock is in the list of every pull request the Action
 * translated once (its own commit changed it), and what the lock says of each file is read
 * when that file is planned.
 */
export function scopeOfChange(
  changed: ReadonlyArray<{ path: string; status: string }>,
  config: ResolvedConfig,
  workspace: string,
): TranslationScope {
  if (changed.length >= MAX_LISTED_FILES)
    return { kind: 'project', why: `the pull request changes ${MAX_LISTED_FILES} files or more` };
  const glossary =
    typeof config.glossary === 'string' ? [config.glossary] : Object.values(config.glossary ?? {});
  // A glossary path may name each language pair with `{locale}`.
  const glossaryFiles = glossary.map(
    (g) =>
      new RegExp(
        `^${resolve(config.root, g)
          .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
          .replace(/\\?\{locale\\?\}/g, '[^/]+')}$`,
      ),
  );
  const wide = new Set([
    ...(config.file ? [config.file] : []),
    resolve(config.root, 'package.json'),
  ]);
  const files: string[] = [];
  for (const change of changed) {
    const file = resolve(workspace, change.path);
    if (file === config.lockFile || basename(file) === '.gitattributes') continue;
    if (change.status === 'removed' || change.status === 'renamed')
      return { kind: 'project', why: `${change.path} was ${change.status}` };
    if (wide.has(file) || glossaryFiles.some((g) => g.test(file)))
      return { kind: 'project', why: `${change.path} changed` };
    files.push(file);
  }
  return { kind: 'files', files };
}
