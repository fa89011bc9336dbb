import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { loadDocument } from '@transloom/core/formats';
import { type CatalogSet, catalogFiles, localesOf } from './catalog-set.js';
import { type EntryPlan, listedPlan, spelledPlan } from './entry-plan.js';
import { englishSource, xliffSourceLanguage } from './source-locale.js';

/** A found set with its source chosen, its catalogs counted and its `files` entries planned. */
export interface Candidate {
  set: CatalogSet;
  sourceLocale: string;
  /** Why that source locale (shown when it is not plain English). */
  sourceReason?: string;
  /** The locales it has targets for, as the files spell them (`de-DE`). */
  targetLocales: string[];
  /** The source catalogs, relative to the root. */
  sourceFiles: string[];
  /** Catalog files of every locale. */
  catalogs: number;
  /** Translatable units (keys) in the source catalogs, as Transloom reads them. */
  keys: number;
  /** Source catalogs that could not be read, with the reason. */
  unreadable: string[];
  plans: EntryPlan[];
  notes: string[];
}

/** What to translate: units times target locales (a candidate without targets counts once). */
export function scoreOf(candidate: Candidate): number {
  return candidate.keys * Math.max(1, candidate.targetLocales.length);
}

const sizeOf = (root: string, path: string) =>
  stat(join(root, path)).then(
    (s) => s.size,
    () => 0,
  );

// The source locale of a set's spelled catalogs: the one asked for, English, else the locale
// with the largest catalogs (a source is the most complete; translations lag behind it).
async function spelledSource(
  root: string,
  set: CatalogSet,
  asked: string | undefined,
): Promise<{ locale: string; reason?: string }> {
  const codes = localesOf(set);
  if (asked) return { locale: asked, reason: 'named by --source' };
  const english = englishSource(codes);
  if (english) return { locale: english };
  let best = { locale: codes.sort()[0] ?? 'en', size: -1 };
  for (const code of codes) {
    let size = 0;
    for (const group of set.groups)
      if (group.kind === 'spelled')
        for (const file of group.locales.get(code)?.files ?? []) size += await sizeOf(root, file);
    if (size > best.size) best = { locale: code, size };
  }
  return { locale: best.locale, reason: 'no English catalog: the largest' };
}

async function countUnits(
  root: string,
  path: string,
  sourceLocale: string,
): Promise<number | string> {
  try {
    const content = await readFile(join(root, path));
    return loadDocument({ path, content, sourceLocale }).units.length;
  } catch (error) {
    return (error as Error).message.split('\n')[0]!;
  }
}

/**
 * Chooses a set's source locale (`asked` by `--source`, the one the project or the XLIFF file
 * states, English, else the largest catalogs), reads its source catalogs with Transloom's own
 * adapters to count their units, and plans its `files` entries.
 */
export async function resolveCandidate(
  root: string,
  set: CatalogSet,
  asked?: string,
): Promise<Candidate> {
  let sourceLocale: string;
  let sourceReason: string | undefined;
  const listed = set.groups.find((g) => g.kind === 'listed');
  if (listed) {
    const stated =
      listed.sourceLocale ??
      xliffSourceLanguage(
        (await readFile(join(root, listed.source), 'utf8').catch(() => '')).slice(0, 4096),
      );
    sourceLocale = asked ?? stated ?? 'en';
    if (!stated && !asked) sourceReason = `${listed.source} states none: assumed`;
  } else {
    const chosen = await spelledSource(root, set, asked);
    sourceLocale = chosen.locale;
    sourceReason = chosen.reason;
  }
  const notes = [...set.notes];
  const plans: EntryPlan[] = [];
  const sourceFiles: string[] = [];
  const targets = new Set<string>();
  for (const group of set.groups) {
    if (group.kind === 'listed') {
      const own = new Map([...group.targets].filter(([code]) => code !== sourceLocale));
      for (const code of own.keys()) targets.add(code);
      // Several projects: each translates into the locales it lists.
      const locales = set.groups.length > 1 ? { locales: [...own.keys()] } : {};
      plans.push({ ...listedPlan(group.source, own, group.fallbackTarget), ...locales });
      sourceFiles.push(group.source);
      continue;
    }
    const source = group.locales.get(sourceLocale);
    if (!source) {
      notes.push(`${group.pattern} has no ${sourceLocale} catalog: left out`);
      continue;
    }
    const spellings = new Map([...group.locales].map(([code, l]) => [code, l.spelling]));
    const plan = spelledPlan(group.pattern, spellings, sourceLocale);
    if (!plan) {
      notes.push(`${group.pattern}: a locale is spelled where no target template reaches`);
      continue;
    }
    plans.push(plan);
    sourceFiles.push(...source.files);
    for (const code of group.locales.keys()) if (code !== sourceLocale) targets.add(code);
  }
  let keys = 0;
  const unreadable: string[] = [];
  for (const file of sourceFiles) {
    const units = await countUnits(root, file, sourceLocale);
    if (typeof units === 'number') keys += units;
    else unreadable.push(`${file}: ${units}`);
  }
  return {
    set,
    sourceLocale,
    ...(sourceReason ? { sourceReason } : {}),
    targetLocales: [...targets].sort(),
    sourceFiles,
    catalogs: new Set(catalogFiles(set)).size,
    keys,
    unreadable,
    plans,
    notes,
  };
}
