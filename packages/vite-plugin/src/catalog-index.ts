import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ResolvedConfig } from '@transloom/core';

/** A source or target file of the project. */
export interface CatalogFile {
  /** Absolute path with `/`. */
  path: string;
  /** Path relative to the project root. */
  file: string;
  locale: string;
  /** The source file it belongs to, relative to the project root. */
  source: string;
  kind: 'source' | 'target';
  /** A JSON catalog: served in `virtual:transloom/resources` and in update events. */
  json: boolean;
}

/** The project's files by absolute path, for the watcher and the hot updates. */
export interface CatalogIndex {
  files: ReadonlyMap<string, CatalogFile>;
  /** Absolute paths of the source files. */
  sources: ReadonlySet<string>;
}

/** An absolute path with `/` separators, as Vite names files. */
export function slashPath(path: string): string {
  return path.replaceAll('\\', '/');
}

function isJson(format: string | undefined, path: string): boolean {
  return format === 'json' || (format === undefined && /\.json$/i.test(path));
}

/**
 * Every source file of the configuration and every target path of each of its locales
 * (written or not yet), plus `extraLocales` (the pseudo-locale) for every source.
 */
export async function indexCatalogs(
  config: ResolvedConfig,
  extraLocales: readonly string[] = [],
): Promise<CatalogIndex> {
  const { expandFiles } = await import('@transloom/core/pipeline');
  const files = new Map<string, CatalogFile>();
  const sources = new Set<string>();
  for (const file of await expandFiles(config)) {
    const json = isJson(file.format, file.source);
    const source = slashPath(resolve(config.root, file.source));
    sources.add(source);
    files.set(source, {
      path: source,
      file: file.source,
      locale: config.sourceLocale,
      source: file.source,
      kind: 'source',
      json,
    });
    for (const locale of [...file.locales, ...extraLocales]) {
      const target = file.target(locale);
      const path = slashPath(resolve(config.root, target));
      if (!files.has(path))
        files.set(path, { path, file: target, locale, source: file.source, kind: 'target', json });
    }
  }
  return { files, sources };
}

/** The JSON catalogs that exist on disk, in a stable order (locale, then path). */
export function existingJsonCatalogs(files: Iterable<CatalogFile>): CatalogFile[] {
  return [...files]
    .filter((file) => file.json && existsSync(file.path))
    .sort((a, b) =>
      a.locale === b.locale ? (a.path < b.path ? -1 : 1) : a.locale < b.locale ? -1 : 1,
    );
}
