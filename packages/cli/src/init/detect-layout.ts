import { posix } from 'node:path';
import { UsageError } from '@transloom/core';
import { type CatalogSet, catalogFiles, localesOf } from './catalog-set.js';
import { type DocsSite, detectDocsSite } from './detect-docs-site.js';
import { findAngularI18n } from './find-angular-i18n.js';
import { findLocaleFiles } from './find-locale-files.js';
import { findLocaleFolders } from './find-locale-folders.js';
import { findLocaleSuffixes } from './find-locale-suffixes.js';
import { mergePackages } from './merge-packages.js';
import { type Candidate, resolveCandidate, scoreOf } from './resolve-candidate.js';
import { mergeTrees, scanTree, type TreeIndex } from './scan-tree.js';

/** What `--source` points at, relative to the root. */
export interface SourceHint {
  path: string;
  isFile: boolean;
}

/** What the search looked at. */
export interface SearchScope {
  /** Folders read. */
  folders: number;
  /** Whether the walk stopped at its limit. */
  truncated: boolean;
}

/** What `transloom init` found. */
export type Detection =
  | { kind: 'docs'; site: DocsSite }
  | ({ kind: 'found'; chosen: Candidate; candidates: Candidate[]; reason: string } & SearchScope)
  | ({ kind: 'ambiguous'; candidates: Candidate[] } & SearchScope)
  | ({ kind: 'none'; lone: string[]; unreadable: string[] } & SearchScope);

/**
 * A runner-up with at least this share of the largest set's work is about as likely: the
 * sizes no longer tell which one the project means, and `init` asks rather than guesses.
 */
export const AMBIGUITY_RATIO = 0.8;

// The root's folders, and around `--source` (its folder's parent, so that the locale folders
// or files beside it are seen) even when that lies deeper than the walk or in a skipped folder.
async function indexOf(root: string, hint: SourceHint | undefined): Promise<TreeIndex> {
  const index = await scanTree(root);
  if (!hint) return index;
  const folder = hint.isFile ? posix.dirname(hint.path) : hint.path;
  const parent = posix.dirname(folder);
  const from = folder === '.' || folder === '' ? '' : parent === '.' ? '' : parent;
  return mergeTrees(index, await scanTree(root, { from, depth: 4 }));
}

async function findSets(root: string, index: TreeIndex): Promise<CatalogSet[]> {
  const angular = await findAngularI18n(root, index);
  // A layout the project's own Angular configuration lists wins over the same files found by name.
  const listed = new Set(angular.flatMap(catalogFiles));
  const byName = [
    ...findLocaleFiles(index),
    ...findLocaleFolders(index),
    ...findLocaleSuffixes(index),
  ].filter((set) => !catalogFiles(set).every((f) => listed.has(f)));
  return [...angular, ...mergePackages(byName)];
}

// A source plus at least one other locale.
function hasTargets(set: CatalogSet): boolean {
  return set.groups.some((g) => g.kind === 'listed')
    ? set.groups.some((g) => g.kind === 'listed' && g.targets.size > 0)
    : localesOf(set).length >= 2;
}

// The sets `--source` names, each with the source locale it implies (the locale of the file,
// or of the one locale whose catalogs lie in the folder).
function matchHint(sets: readonly CatalogSet[], hint: SourceHint) {
  const matches: Array<{ set: CatalogSet; asked?: string }> = [];
  const prefix = hint.path === '' ? '' : `${hint.path}/`;
  const inside = (file: string) => (hint.isFile ? file === hint.path : file.startsWith(prefix));
  for (const set of sets) {
    if (!catalogFiles(set).some(inside)) continue;
    let asked: string | undefined;
    for (const group of set.groups) {
      if (group.kind === 'listed') {
        const target = [...group.targets].find(([, path]) => path === hint.path);
        if (hint.isFile && target)
          throw new UsageError(
            `${hint.path} is the ${target[0]} translation of ${group.source}; pass the source catalog to --source`,
          );
        continue;
      }
      const holding = [...group.locales].filter(([, l]) => l.files.some(inside));
      // A file is its locale's; a folder is a locale's when it holds that locale's catalogs only.
      if (holding.length === 1 && (hint.isFile || holding[0]![1].files.every(inside)))
        asked = holding[0]![0];
    }
    matches.push({ set, ...(asked ? { asked } : {}) });
  }
  return matches;
}

// A `--source` file whose name carries no locale: its translations go beside it, the locale
// before the extension (`strings.json` -> `strings.de.json`).
function unlocalizedSet(hint: SourceHint): CatalogSet {
  const fallbackTarget = hint.path.replace(/(\.[^./]+)?$/, '.{locale}$1');
  return {
    where: `${hint.path} -> ${posix.basename(fallbackTarget)}`,
    layout: 'a catalog named without a locale',
    groups: [{ kind: 'listed', source: hint.path, targets: new Map(), fallbackTarget }],
    notes: [`${hint.path} names no locale: its translations go to ${fallbackTarget}`],
  };
}

// The file of a set without translations, for the user to pass as --source.
const loneFile = (set: CatalogSet) => catalogFiles(set)[0];

/**
 * Searches the project for its localization layout: a docs site by its generator's config, or
 * catalog sets found by name in the tree (one file or one folder per locale, `<name>.<locale>`
 * files, packages of a monorepo merged into one glob) and by Angular/Nx `i18n` configuration.
 * It keeps the sets with a source and at least one translation (or the one `--source` names),
 * counts their units, and chooses the one with the most to translate; when the next is about
 * as large ({@link AMBIGUITY_RATIO}) it reports both rather than guess.
 */
export async function detectLayout(root: string, hint?: SourceHint): Promise<Detection> {
  if (!hint) {
    const site = await detectDocsSite(root);
    if (site) return { kind: 'docs', site };
  }
  const index = await indexOf(root, hint);
  const scope: SearchScope = { folders: index.folders.size, truncated: index.truncated };
  const sets = await findSets(root, index);
  let picked: Array<{ set: CatalogSet; asked?: string }>;
  if (hint) {
    picked = matchHint(sets, hint);
    if (picked.length === 0 && hint.isFile) picked = [{ set: unlocalizedSet(hint) }];
  } else picked = sets.filter(hasTargets).map((set) => ({ set }));
  const candidates: Candidate[] = [];
  const unreadable: string[] = [];
  for (const { set, asked } of picked) {
    const candidate = await resolveCandidate(root, set, asked);
    if (candidate.plans.length > 0 && candidate.unreadable.length < candidate.sourceFiles.length)
      candidates.push(candidate);
    else unreadable.push(...candidate.unreadable);
  }
  candidates.sort((a, b) => scoreOf(b) - scoreOf(a) || a.set.where.localeCompare(b.set.where));
  const [first, second] = candidates;
  if (!first) {
    const lone = hint ? [] : sets.filter((s) => !hasTargets(s)).flatMap((s) => loneFile(s) ?? []);
    return { kind: 'none', lone: lone.sort(), unreadable, ...scope };
  }
  if (second && scoreOf(second) >= AMBIGUITY_RATIO * scoreOf(first)) {
    const close = candidates.filter((c) => scoreOf(c) >= AMBIGUITY_RATIO * scoreOf(first));
    return { kind: 'ambiguous', candidates: close, ...scope };
  }
  const largest = second
    ? `the most to translate (${first.keys} keys x ${first.targetLocales.length} locales; next: ${second.keys} x ${second.targetLocales.length})`
    : 'the only catalog set with a source and a translation';
  const reason = hint ? `named by --source${second ? `; ${largest}` : ''}` : largest;
  return { kind: 'found', chosen: first, candidates, reason, ...scope };
}
