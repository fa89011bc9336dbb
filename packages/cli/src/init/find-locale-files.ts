import type { CatalogSet, SpelledLocale } from './catalog-set.js';
import { localeOfName } from './locale-of-name.js';
import { joinPath, type TreeIndex } from './scan-tree.js';

/** Extensions of the catalog formats `transloom init` configures (JSON and XLIFF). */
export const CATALOG_EXTENSIONS: readonly string[] = ['json', 'xlf', 'xliff'];

/** A file name's stem and catalog extension (`en-US.json` -> `en-US`, `json`), or undefined. */
export function splitCatalogName(name: string): { stem: string; ext: string } | undefined {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const ext = name.slice(dot + 1);
  return CATALOG_EXTENSIONS.includes(ext) ? { stem: name.slice(0, dot), ext } : undefined;
}

/** Adds a locale's file to `locales`, preferring the spelling that is the code itself. */
export function addSpelled(
  locales: Map<string, SpelledLocale>,
  code: string,
  spelling: string,
  files: string[],
): void {
  const known = locales.get(code);
  if (!known || (known.spelling !== code && spelling === code))
    locales.set(code, { spelling, files });
}

/**
 * One catalog per locale in a folder (`src/translations/en.json` beside `de.json`,
 * `public/intl/messages/en-US.json` beside `de-DE.json`, next-intl's `messages/<locale>.json`):
 * a set per folder and extension, a single locale's too (it counts with `--source`).
 */
export function findLocaleFiles(index: TreeIndex): CatalogSet[] {
  const sets: CatalogSet[] = [];
  for (const [folder, entries] of index.folders) {
    const byExtension = new Map<string, Map<string, SpelledLocale>>();
    for (const name of entries.files) {
      const parts = splitCatalogName(name);
      const code = parts && localeOfName(parts.stem);
      if (!parts || !code) continue;
      const locales = byExtension.get(parts.ext) ?? new Map<string, SpelledLocale>();
      byExtension.set(parts.ext, locales);
      addSpelled(locales, code, parts.stem, [joinPath(folder, name)]);
    }
    for (const [ext, locales] of byExtension) {
      const pattern = joinPath(folder, `{locale}.${ext}`);
      sets.push({
        where: pattern,
        layout: 'one catalog per locale',
        groups: [{ kind: 'spelled', pattern, locales }],
        notes: [],
      });
    }
  }
  return sets;
}
