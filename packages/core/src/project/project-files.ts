import { resolve } from 'node:path';
import type { FormatName } from '../formats/registry.js';
import { expandFiles } from '../pipeline/expand-files.js';
import type { FileEntry } from '../settings/config-schema.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';

/** A source or target file of a project, as {@link Project.files} lists it. */
export interface IndexedFile {
  /** Absolute path with `/` (as file watchers and bundlers name files). */
  path: string;
  /** Path relative to the project root, with `/`. */
  file: string;
  locale: string;
  /** The source file it belongs to, relative to the project root. */
  source: string;
  kind: 'source' | 'target';
  /** The format its entry names (undefined: told by the file's extension when it is read). */
  format: FormatName | undefined;
  /** A JSON catalog: a dev host serves its content (update events, resource modules). */
  json: boolean;
  /** The index of its entry in the configuration's `files`. */
  entry: number;
  /** The docs preset that added its entry, if one did. */
  preset: string | undefined;
}

/** A `files` entry of the configuration and what it matched. */
export interface IndexedEntry {
  /** Its index in the configuration's `files`. */
  index: number;
  entry: FileEntry;
  /** The docs preset that added it (its entries follow the explicit ones), if one did. */
  preset: string | undefined;
  /** Source files it matched (a file an earlier entry names counts for that one). */
  sources: number;
}

/** The project's files: every source, every target path of each locale (written yet or not). */
export interface ProjectFiles {
  /** Every source and target by absolute path (with `/`). */
  files: ReadonlyMap<string, IndexedFile>;
  /** Absolute paths (with `/`) of the source files. */
  sources: ReadonlySet<string>;
  /** The configuration's entries, in order, a preset's marked. */
  entries: readonly IndexedEntry[];
}

/** An absolute path with `/` separators, as file watchers and bundlers name files. */
export function slashPath(path: string): string {
  return path.replaceAll('\\', '/');
}

function isJson(format: string | undefined, path: string): boolean {
  return format === 'json' || (format === undefined && /\.json$/i.test(path));
}

/**
 * Every source file of the configuration and every target path of each of its locales,
 * plus `extraLocales` (the pseudo-locale, which every source gets whatever its entry's
 * `locales`) for every source.
 */
export async function indexProjectFiles(
  config: ResolvedConfig,
  extraLocales: readonly string[] = [],
): Promise<ProjectFiles> {
  const files = new Map<string, IndexedFile>();
  const sources = new Set<string>();
  const own = config.files.length - (config.preset?.entries.length ?? 0);
  const presetOf = (entry: number) => (entry >= own ? config.preset?.name : undefined);
  const counts = new Map<number, number>();
  for (const file of await expandFiles(config)) {
    counts.set(file.entryIndex, (counts.get(file.entryIndex) ?? 0) + 1);
    const common = {
      source: file.source,
      format: file.format,
      json: isJson(file.format, file.source),
      entry: file.entryIndex,
      preset: presetOf(file.entryIndex),
    };
    const source = slashPath(resolve(config.root, file.source));
    sources.add(source);
    files.set(source, {
      ...common,
      path: source,
      file: file.source,
      locale: config.sourceLocale,
      kind: 'source',
    });
    for (const locale of [...file.locales, ...extraLocales]) {
      const target = file.target(locale);
      const path = slashPath(resolve(config.root, target));
      if (!files.has(path))
        files.set(path, { ...common, path, file: target, locale, kind: 'target' });
    }
  }
  const entries = config.files.map((entry, index) => ({
    index,
    entry,
    preset: presetOf(index),
    sources: counts.get(index) ?? 0,
  }));
  return { files, sources, entries };
}
