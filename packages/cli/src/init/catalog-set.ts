/** One locale's catalogs in a {@link SpelledGroup}. */
export interface SpelledLocale {
  /** How the path writes the locale (`pt_BR` for `pt-BR`). */
  spelling: string;
  /** Its catalog files, relative to the root. */
  files: string[];
}

/** Catalogs that differ only in how their path spells the locale (`src/locales/{locale}.json`). */
export interface SpelledGroup {
  kind: 'spelled';
  /** The path, a glob for a folder of catalogs, with `{locale}` where each spells its locale. */
  pattern: string;
  /** Locale code -> its spelling and files. */
  locales: Map<string, SpelledLocale>;
}

/** One source file whose targets are listed path by path (Angular's `i18n`, `messages.de.xlf`). */
export interface ListedGroup {
  kind: 'listed';
  source: string;
  /** The source locale as the project or the file states it, when it does. */
  sourceLocale?: string;
  /** Target locale -> its file, relative to the root. */
  targets: Map<string, string>;
  /** The target template when no target is listed. */
  fallbackTarget: string;
}

/** A group of catalogs that translate as one. */
export type CatalogGroup = SpelledGroup | ListedGroup;

/** A layout `transloom init` found: what a configuration would translate. */
export interface CatalogSet {
  /** Where it is, as the user reads it: `public/intl/messages/{locale}.json`. */
  where: string;
  /** What layout it is: `one catalog per locale`, `Angular i18n of project client`. */
  layout: string;
  groups: CatalogGroup[];
  /** What else the user should know (packages merged, paths the project lists but lacks). */
  notes: string[];
}

/** Every catalog file of a set, relative to the root (sources and targets). */
export function catalogFiles(set: CatalogSet): string[] {
  return set.groups.flatMap((g) =>
    g.kind === 'spelled'
      ? [...g.locales.values()].flatMap((l) => l.files)
      : [g.source, ...g.targets.values()],
  );
}

/** Every locale code a set has catalogs for. */
export function localesOf(set: CatalogSet): string[] {
  const codes = new Set<string>();
  for (const group of set.groups) {
    if (group.kind === 'spelled') for (const code of group.locales.keys()) codes.add(code);
    else {
      if (group.sourceLocale) codes.add(group.sourceLocale);
      for (const code of group.targets.keys()) codes.add(code);
    }
  }
  return [...codes];
}
