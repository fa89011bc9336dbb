import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, type ConfigIssue } from '@transloom/client/errors';
import { glob } from 'tinyglobby';
import { closest } from '../settings/closest.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import { ALWAYS_EXCLUDED, type ProjectFile, staticBase } from './expand-files.js';

async function folders(path: string): Promise<string[] | undefined> {
  try {
    return (await readdir(path, { withFileTypes: true }))
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
      .map((e) => e.name)
      .sort();
  } catch {
    return undefined;
  }
}

/**
 * Where a pattern that matches nothing went wrong: the deepest folder of its fixed part that
 * exists, and the folder there closest to the one that does not (`locales/en` for
 * `locales/en-US/*.json`).
 */
async function hint(root: string, pattern: string): Promise<string> {
  const parts = staticBase(pattern).split('/').filter(Boolean);
  let depth = 0;
  let listing = await folders(root);
  while (depth < parts.length) {
    const next = await folders(join(root, ...parts.slice(0, depth + 1)));
    if (!next) break;
    listing = next;
    depth++;
  }
  const where = parts.slice(0, depth).join('/');
  if (depth === parts.length) return `no file there matches; '${where || '.'}' exists`;
  const missing = parts[depth]!;
  const near =
    closest(missing, listing ?? []) ?? listing?.find((f) => f.startsWith(missing.split('-')[0]!));
  const inside = where ? `'${where}/'` : 'the project root';
  if (near)
    return `'${[where, missing].filter(Boolean).join('/')}' does not exist; did you mean '${[where, near].filter(Boolean).join('/')}'?`;
  return `'${missing}' does not exist in ${inside}${listing?.length ? ` (folders there: ${listing.slice(0, 8).join(', ')}${listing.length > 8 ? ', ...' : ''})` : ''}`;
}

/**
 * Every file entry the user wrote must match a source file: a pattern that matches nothing
 * (`sourceLocale: "en-US"` over an `en` folder) would otherwise make every command report a
 * project that is up to date. A preset's entries may match nothing (a site without a blog).
 */
export async function checkFileEntries(
  config: ResolvedConfig,
  files: readonly ProjectFile[],
): Promise<void> {
  const own = config.files.length - (config.preset?.entries.length ?? 0);
  const matched = new Set(files.map((f) => f.entryIndex));
  const issues: ConfigIssue[] = [];
  for (let i = 0; i < own; i++) {
    if (matched.has(i)) continue;
    const entry = config.files[i]!;
    const pattern = entry.source.replaceAll('{locale}', config.sourceLocale);
    // An entry that names a file another entry has for locales of its own joined that file.
    const found = await glob(pattern, {
      cwd: config.root,
      onlyFiles: true,
      expandDirectories: false,
      ignore: [...ALWAYS_EXCLUDED, ...(entry.exclude ?? [])],
    });
    if (found.length > 0) continue;
    issues.push({
      path: `files[${i}].source`,
      message: `'${entry.source}' matches no source file${entry.source.includes('{locale}') ? ` for sourceLocale '${config.sourceLocale}'` : ''}: ${await hint(config.root, pattern)} (a project with no such files yet: --allow-empty)`,
    });
  }
  if (issues.length > 0) throw new ConfigError(issues, config.file);
}
