import type { CatalogSet, SpelledGroup, SpelledLocale } from './catalog-set.js';
import { englishSource } from './source-locale.js';

// The one spelled group of a set whose every locale is spelled as its code, which a glob over
// package folders can carry (a spelling of its own could not be reached behind the `*`).
function plainGroup(set: CatalogSet): SpelledGroup | undefined {
  const [group, ...more] = set.groups;
  if (more.length > 0 || group?.kind !== 'spelled') return undefined;
  return [...group.locales].every(([code, l]) => l.spelling === code) ? group : undefined;
}

// Sets of one layout in sibling packages share the top folder (`packages/`, `apps/`), the
// number of folders, the folder that holds the catalogs and below (`locales/{locale}.json`),
// and their source: English, or the very same locales.
function layoutKey(set: CatalogSet, group: SpelledGroup): string | undefined {
  const parts = group.pattern.split('/');
  const slot = parts.findIndex((p) => p.includes('{locale}'));
  if (slot < 2) return undefined;
  const codes = [...group.locales.keys()];
  const source = englishSource(codes) ?? codes.sort().join(',');
  return [set.layout, parts.length, parts[0], parts.slice(slot - 1).join('/'), source].join('\0');
}

/**
 * Sets with the same layout in several packages of a monorepo (`packages/a/locales/en.json`,
 * `packages/b/locales/en.json`) become one set with a glob over the packages
 * (`packages/*\/locales/{locale}.json`): the configuration stays one entry, a package added
 * later with this layout is translated without editing it, and the target locales are the
 * project's (a package that lacks one gets it on the first run, which the notes say).
 */
export function mergePackages(sets: readonly CatalogSet[]): CatalogSet[] {
  const buckets = new Map<string, Array<{ set: CatalogSet; group: SpelledGroup }>>();
  const out: CatalogSet[] = [];
  for (const set of sets) {
    const group = plainGroup(set);
    const key = group && layoutKey(set, group);
    if (!group || key === undefined) {
      out.push(set);
      continue;
    }
    buckets.set(key, [...(buckets.get(key) ?? []), { set, group }]);
  }
  for (const members of buckets.values()) {
    if (members.length < 2) {
      out.push(...members.map((m) => m.set));
      continue;
    }
    const split = members.map((m) => m.group.pattern.split('/'));
    const pattern = split[0]!
      .map((part, i) => (split.every((p) => p[i] === part) ? part : '*'))
      .join('/');
    const locales = new Map<string, SpelledLocale>();
    for (const { group } of members)
      for (const [code, l] of group.locales)
        locales.set(code, {
          spelling: code,
          files: [...(locales.get(code)?.files ?? []), ...l.files],
        });
    const all = [...locales.keys()];
    const folders = members.map((m) =>
      m.group.pattern.slice(0, m.group.pattern.indexOf('{locale}')),
    );
    const lacking = members
      .map((m, i) => [folders[i], all.filter((c) => !m.group.locales.has(c))] as const)
      .filter(([, missing]) => missing.length > 0)
      .map(([folder, missing]) => `${folder} lacks ${missing.join(', ')}`);
    out.push({
      where: pattern,
      layout: `${members[0]!.set.layout} in ${members.length} packages`,
      groups: [{ kind: 'spelled', pattern, locales }],
      notes: [
        `one entry for ${folders.join(', ')}: a package added later with this layout is translated too`,
        ...(lacking.length > 0
          ? [`${lacking.join('; ')}: translate writes them (the target locales are the project's)`]
          : []),
        ...members.flatMap((m) => m.set.notes),
      ],
    });
  }
  return out;
}
