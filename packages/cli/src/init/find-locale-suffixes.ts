import type { CatalogGroup, CatalogSet, SpelledGroup, SpelledLocale } from './catalog-set.js';
import { addSpelled, splitCatalogName } from './find-locale-files.js';
import { localeOfName } from './locale-of-name.js';
import { joinPath, type TreeIndex } from './scan-tree.js';

const XLIFF = new Set(['xlf', 'xliff']);

// Spelled groups of one folder as one set: a single glob over the names (`*.{locale}.xlf`)
// when every locale is spelled as its code, else one group per name.
function suffixSet(folder: string, ext: string, groups: SpelledGroup[]): CatalogSet {
  const plain = groups.every((g) => [...g.locales].every(([code, l]) => l.spelling === code));
  const where = joinPath(folder, `*.{locale}.${ext}`);
  const layout = 'catalogs named <name>.<locale> (Symfony)';
  if (groups.length < 2 || !plain)
    return {
      where: groups.length === 1 ? groups[0]!.pattern : where,
      layout,
      groups,
      notes: [],
    };
  const locales = new Map<string, SpelledLocale>();
  for (const group of groups)
    for (const [code, l] of group.locales) {
      const known = locales.get(code);
      locales.set(code, { spelling: l.spelling, files: [...(known?.files ?? []), ...l.files] });
    }
  return { where, layout, groups: [{ kind: 'spelled', pattern: where, locales }], notes: [] };
}

/**
 * Catalogs named `<name>.<locale>.<ext>`: Symfony's `translations/messages.en.xlf` beside
 * `messages.de.xlf` (every name of a folder as one set), and an XLIFF source without a locale
 * beside its translations (`messages.xlf` and `messages.de.xlf`, Angular's layout without its
 * workspace file), whose source language the file states.
 */
export function findLocaleSuffixes(index: TreeIndex): CatalogSet[] {
  const sets: CatalogSet[] = [];
  for (const [folder, entries] of index.folders) {
    // `<name>.<ext>` -> locale -> spelling and file
    const names = new Map<string, Map<string, SpelledLocale>>();
    const unlocalized = new Set<string>();
    for (const file of entries.files) {
      const parts = splitCatalogName(file);
      if (!parts) continue;
      const dot = parts.stem.lastIndexOf('.');
      const code = dot > 0 ? localeOfName(parts.stem.slice(dot + 1)) : undefined;
      if (!code) {
        // `en.xlf` is one catalog per locale, not a source without one.
        if (XLIFF.has(parts.ext) && !localeOfName(parts.stem)) unlocalized.add(file);
        continue;
      }
      const key = `${parts.stem.slice(0, dot)}.${parts.ext}`;
      const locales = names.get(key) ?? new Map<string, SpelledLocale>();
      names.set(key, locales);
      addSpelled(locales, code, parts.stem.slice(dot + 1), [joinPath(folder, file)]);
    }
    const spelled = new Map<string, SpelledGroup[]>();
    for (const [key, locales] of names) {
      const dot = key.lastIndexOf('.');
      const [name, ext] = [key.slice(0, dot), key.slice(dot + 1)];
      if (unlocalized.has(key)) continue;
      const group: SpelledGroup = {
        kind: 'spelled',
        pattern: joinPath(folder, `${name}.{locale}.${ext}`),
        locales,
      };
      spelled.set(ext, [...(spelled.get(ext) ?? []), group]);
    }
    for (const [ext, groups] of spelled) sets.push(suffixSet(folder, ext, groups));
    for (const file of unlocalized) {
      const dot = file.lastIndexOf('.');
      const [name, ext] = [file.slice(0, dot), file.slice(dot + 1)];
      const targets = new Map(
        [...(names.get(file)?.entries() ?? [])].map(([code, l]) => [code, l.files[0]!]),
      );
      const group: CatalogGroup = {
        kind: 'listed',
        source: joinPath(folder, file),
        targets,
        fallbackTarget: joinPath(folder, `${name}.{locale}.${ext}`),
      };
      sets.push({
        where: `${joinPath(folder, file)} -> ${name}.{locale}.${ext}`,
        layout: 'an XLIFF source beside its translations (Angular)',
        groups: [group],
        notes: [],
      });
    }
  }
  return sets;
}
