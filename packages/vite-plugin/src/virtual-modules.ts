import { existsSync } from 'node:fs';
import { TransloomError } from '@transloom/client/errors';
import type { IndexedFile } from '@transloom/core';
import type { Logger, ViteDevServer } from 'vite';
import {
  LOADERS_ID,
  LOCALE_RESOURCES_PREFIX,
  loadersModuleCode,
  localeResourcesCode,
  RESOLVED_LOADERS_ID,
  RESOLVED_RESOURCES_ID,
  RESOURCES_ID,
  type ResourceEntry,
  resourcesModuleCode,
} from './resources-module.js';

/** The catalogs the virtual modules are made from. */
export interface VirtualCatalogs {
  /** JSON catalogs that exist on disk, in a stable order. */
  files: readonly IndexedFile[];
  /** Every locale of the project (source, targets, pseudo-locale), written yet or not. */
  locales: readonly string[];
}

/** The JSON catalogs that exist on disk, in a stable order (locale, then path). */
export function existingJsonCatalogs(files: Iterable<IndexedFile>): IndexedFile[] {
  return [...files]
    .filter((file) => file.json && existsSync(file.path))
    .sort((a, b) =>
      a.locale === b.locale ? (a.path < b.path ? -1 : 1) : a.locale < b.locale ? -1 : 1,
    );
}

/** The plugin's virtual modules: every locale's catalogs, one locale's, and the loaders. */
export interface VirtualModules {
  /** The resolved id of an id the plugin serves, else undefined. */
  resolve(id: string): string | undefined;
  /** Whether a resolved id is one of these modules. */
  owns(id: string): boolean;
  /** The code of a resolved id (remembered, in dev, to tell later whether it changed). */
  code(id: string, catalogs: VirtualCatalogs, remember: boolean): string;
  /** Resolved ids of the modules that list `locale`'s catalogs. */
  listing(locale: string): string[];
  /** Reloads, in every environment, the served modules whose code is now different. */
  reloadChanged(server: ViteDevServer, catalogs: VirtualCatalogs): Promise<void>;
}

/** Thrown when an app imports the catalogs of a locale the project does not have. */
export class UnknownLocaleError extends TransloomError {
  override name = 'UnknownLocaleError';

  constructor(message: string) {
    super('TRANSLOOM_VITE_LOCALE', message, { kind: 'user' });
  }
}

/** The virtual modules, with `namespace` naming each catalog and duplicates logged. */
export function createVirtualModules(
  namespace: (file: string, locale: string) => string,
  logger: () => Logger,
): VirtualModules {
  // What the dev server last served, by resolved id.
  const served = new Map<string, string>();
  const localeOf = (resolved: string) =>
    resolved.startsWith(`\0${LOCALE_RESOURCES_PREFIX}`)
      ? resolved.slice(`\0${LOCALE_RESOURCES_PREFIX}`.length)
      : undefined;
  const entries = (files: readonly IndexedFile[]): ResourceEntry[] =>
    files.map((f) => ({ path: f.path, locale: f.locale, namespace: namespace(f.file, f.locale) }));

  function codeOf(id: string, catalogs: VirtualCatalogs, log: boolean): string {
    if (id === RESOLVED_LOADERS_ID) return loadersModuleCode(catalogs.locales);
    const locale = localeOf(id);
    if (locale !== undefined) {
      if (!catalogs.locales.includes(locale))
        throw new UnknownLocaleError(
          `transloom: '${locale}' is no locale of the project (${catalogs.locales.join(', ') || 'none'})`,
        );
      return localeResourcesCode(locale, entries(catalogs.files));
    }
    const { code, duplicates } = resourcesModuleCode(entries(catalogs.files));
    if (log)
      for (const d of duplicates)
        logger().warn(
          `transloom: ${d.path} is a second '${d.namespace}' catalog of '${d.locale}'; the first one is used`,
        );
    return code;
  }

  return {
    resolve(id) {
      if (id === RESOURCES_ID) return RESOLVED_RESOURCES_ID;
      if (id === LOADERS_ID) return RESOLVED_LOADERS_ID;
      if (id.startsWith(LOCALE_RESOURCES_PREFIX) && id.length > LOCALE_RESOURCES_PREFIX.length)
        return `\0${id}`;
      return undefined;
    },
    owns: (id) =>
      id === RESOLVED_RESOURCES_ID || id === RESOLVED_LOADERS_ID || localeOf(id) !== undefined,
    code(id, catalogs, remember) {
      const code = codeOf(id, catalogs, true);
      if (remember) served.set(id, code);
      return code;
    },
    listing: (locale) => [RESOLVED_RESOURCES_ID, `\0${LOCALE_RESOURCES_PREFIX}${locale}`],
    async reloadChanged(server, catalogs) {
      for (const [id, code] of served) {
        let now: string;
        try {
          now = codeOf(id, catalogs, false);
        } catch {
          now = ''; // a locale gone from the configuration: its module fails on the reload
        }
        if (now === code) continue;
        served.delete(id);
        for (const environment of Object.values(server.environments)) {
          const mod = environment.moduleGraph.getModuleById(id);
          if (mod) await environment.reloadModule(mod);
        }
      }
    },
  };
}
