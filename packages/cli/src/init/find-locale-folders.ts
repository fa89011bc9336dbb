import type { CatalogSet, SpelledLocale } from './catalog-set.js';
import { addSpelled, splitCatalogName } from './find-locale-files.js';
import { localeOfFolder } from './locale-of-name.js';
import { filesBelow, joinPath, type TreeIndex } from './scan-tree.js';

interface LocaleFolder {
  code: string;
  spelling: string;
  /** Catalog files below it, relative to the root, and relative to the folder itself. */
  files: string[];
  names: string[];
}

// The most common extension among the folders' catalogs.
function mainExtension(folders: readonly LocaleFolder[]): string {
  const counts = new Map<string, number>();
  for (const file of folders.flatMap((f) => f.files)) {
    const ext = file.slice(file.lastIndexOf('.') + 1);
    counts.set(ext, (counts.get(ext) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

// Locale folders translate each other when they hold the same file names (i18next's
// namespaces): a folder that shares none with another is a folder of something else that
// happens to have a language's name (`es/` for ES modules beside `en/`).
function translatingEachOther(folders: readonly LocaleFolder[]): LocaleFolder[] {
  if (folders.length < 2) return [...folders];
  return folders.filter((f) =>
    folders.some((other) => other !== f && other.names.some((n) => f.names.includes(n))),
  );
}

/**
 * A folder per locale (`public/locales/<locale>/*.json`, i18next's namespaces, nested folders
 * too): a set per parent folder, in the catalog extension most of its files have, of the
 * locale folders that hold the same file names.
 */
export function findLocaleFolders(index: TreeIndex): CatalogSet[] {
  const sets: CatalogSet[] = [];
  for (const [folder, entries] of index.folders) {
    const found: LocaleFolder[] = [];
    for (const name of entries.folders) {
      const code = localeOfFolder(name);
      if (!code) continue;
      const base = joinPath(folder, name);
      const files = filesBelow(index, base).filter((f) =>
        splitCatalogName(f.slice(f.lastIndexOf('/') + 1)),
      );
      if (files.length > 0)
        found.push({
          code,
          spelling: name,
          files,
          names: files.map((f) => f.slice(base.length + 1)),
        });
    }
    if (found.length === 0) continue;
    const ext = mainExtension(found);
    const own = found
      .map((f) => {
        const keep = f.files
          .map((file, i) => [file, f.names[i]!] as const)
          .filter(([file]) => file.endsWith(`.${ext}`));
        return { ...f, files: keep.map(([file]) => file), names: keep.map(([, name]) => name) };
      })
      .filter((f) => f.files.length > 0);
    const kept = translatingEachOther(own);
    if (kept.length === 0) continue;
    const locales = new Map<string, SpelledLocale>();
    for (const { code, spelling, files } of kept) addSpelled(locales, code, spelling, files);
    const nested = kept.some((f) => f.names.some((n) => n.includes('/')));
    const pattern = joinPath(folder, `{locale}/${nested ? '**/' : ''}*.${ext}`);
    sets.push({
      where: pattern,
      layout: 'a folder per locale',
      groups: [{ kind: 'spelled', pattern, locales }],
      notes: [],
    });
  }
  return sets;
}
