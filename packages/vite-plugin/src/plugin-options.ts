import { TransloomError } from '@transloom/client/errors';
import { LOCALE_CODE } from '@transloom/client/languages';
import type { TransloomConfig } from '@transloom/core';

/** What `vite build` does with the project's translations. */
export type BuildMode = 'translate' | 'frozen' | 'off';

/** How a catalog imported as a module takes a hot update on a page without the client helper. */
export type CatalogUpdates = 'propagate' | 'in-place';

/** Where the i18next types of the source keys are written, and the namespace `t` uses by default. */
export interface TypesOptions {
  /** The `.d.ts` file, relative to Vite's root. */
  file: string;
  /**
   * The app's `defaultNS` (default: the configuration's `extract.defaultNamespace`, else the
   * only namespace, else i18next's own default, `translation`).
   */
  defaultNS?: string;
}

/** Options of the `transloom()` Vite plugin. */
export interface TransloomPluginOptions {
  /** Where the Transloom configuration is searched from, upward (default: Vite's `root`). */
  cwd?: string;
  /** A configuration file (relative to `cwd`) to read instead of searching, or the configuration itself. */
  config?: string | TransloomConfig;
  /**
   * Where `TRANSLOOM_API_KEY` and `TRANSLOOM_API_URL` are read (default: `process.env`); with
   * neither set, the built-in local service runs in-process. `CI` is read here too.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * `translate`: translate what is missing before bundling; `frozen`: send nothing and fail the
   * build when a unit is missing or stale; `off`. Default: `frozen` when `CI` is set, else `translate`.
   */
  build?: BuildMode;
  /** Translate in the background while `vite dev` runs (default: true). */
  dev?: boolean;
  /**
   * A pseudo-localized locale such as `en-XA`, generated in-process by the pseudo engine (no
   * service, even when a key is set), to find hard-coded strings and layout overflow.
   */
  pseudoLocale?: string | false;
  /**
   * Keys used in code that the source catalogs lack (the configuration's `extract` section):
   * `warn` lists them in the overlay and the log, `write` adds them to the source catalogs.
   */
  extract?: 'warn' | 'write' | false;
  /**
   * The namespace a JSON catalog stands for in `virtual:transloom/resources` and in update
   * events (default: its file name without `.json`; `translation` when it is named after its locale).
   */
  namespace?: (file: string, locale: string) => string;
  /**
   * How a catalog imported as a module (`import de from './locales/de/common.json'`,
   * `import.meta.glob`) takes a hot update. `propagate` (default): as without the plugin,
   * through Vite (an importer's `import.meta.hot.accept`, a framework boundary, or a full
   * reload), except on a page that runs the client helper, where it is updated in place.
   * `in-place`: always updated in place (the object first exported is filled; nothing reloads).
   */
  catalogUpdates?: CatalogUpdates;
  /**
   * Writes i18next types of the source catalogs' keys (`CustomTypeOptions['resources']`) to this
   * `.d.ts` file (relative to Vite's root) when `vite dev` starts and whenever a source catalog
   * changes, so a misspelt key is a type error. Off by default.
   */
  types?: string | TypesOptions | false;
}

/** The plugin's options with defaults filled in. */
export interface ResolvedPluginOptions {
  cwd: string | undefined;
  configFile: string | undefined;
  inlineConfig: TransloomConfig | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** Undefined: the engine's choice (`frozen` when `CI` is set, else `translate`). */
  build: BuildMode | undefined;
  dev: boolean;
  pseudoLocale: string | undefined;
  extract: 'warn' | 'write' | undefined;
  namespace: (file: string, locale: string) => string;
  catalogUpdates: CatalogUpdates;
  types: TypesOptions | undefined;
}

/** Thrown for options the plugin cannot use; names the option and the rule. */
export class PluginOptionsError extends TransloomError {
  override name = 'PluginOptionsError';

  constructor(message: string) {
    super('TRANSLOOM_VITE_OPTIONS', message, { kind: 'user' });
  }
}

const BUILD_MODES: readonly BuildMode[] = ['translate', 'frozen', 'off'];
const CATALOG_UPDATES: readonly CatalogUpdates[] = ['propagate', 'in-place'];

/**
 * The default namespace of a catalog: its file name, or `translation` for `de.json`-style
 * files. The engine's `defaultNamespace` by the same rule, here too so that the plugin loads
 * no engine while Vite reads its config (a test holds the two together).
 */
export function defaultNamespace(file: string, locale: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.json$/i, '');
  return name.toLowerCase() === locale.toLowerCase() ? 'translation' : name;
}

/**
 * What the build does with the options' `build` and `env`: the engine's `resolveBuildMode`
 * (`frozen` when `CI` is set, else `translate`), here too so that no engine is loaded to
 * decide (a test holds the two together).
 */
export function buildModeOf(options: Pick<ResolvedPluginOptions, 'build' | 'env'>): BuildMode {
  if (options.build !== undefined) return options.build;
  const ci = options.env.CI;
  return ci === undefined || ci === '' || ci === '0' || ci === 'false' ? 'translate' : 'frozen';
}

/** Checks the options and fills in defaults. */
export function resolvePluginOptions(options: TransloomPluginOptions = {}): ResolvedPluginOptions {
  const env = options.env ?? process.env;
  const problems: string[] = [];
  if (options.build !== undefined && !BUILD_MODES.includes(options.build))
    problems.push(`build: '${String(options.build)}' is not one of ${BUILD_MODES.join(', ')}`);
  if (
    options.extract !== undefined &&
    options.extract !== false &&
    options.extract !== 'warn' &&
    options.extract !== 'write'
  )
    problems.push(`extract: '${String(options.extract)}' is not one of warn, write, false`);
  const pseudo = options.pseudoLocale || undefined;
  if (pseudo !== undefined && (typeof pseudo !== 'string' || !LOCALE_CODE.test(pseudo)))
    problems.push(`pseudoLocale: '${String(pseudo)}' is not a locale code like en-XA`);
  if (options.config !== undefined && typeof options.config !== 'string') {
    if (typeof options.config !== 'object' || options.config === null)
      problems.push('config: must be a file path or a configuration object');
  }
  if (options.catalogUpdates !== undefined && !CATALOG_UPDATES.includes(options.catalogUpdates))
    problems.push(
      `catalogUpdates: '${String(options.catalogUpdates)}' is not one of ${CATALOG_UPDATES.join(', ')}`,
    );
  const types = resolveTypes(options.types, problems);
  if (problems.length > 0)
    throw new PluginOptionsError(`transloom(): invalid options:\n  ${problems.join('\n  ')}`);
  return {
    cwd: options.cwd,
    configFile: typeof options.config === 'string' ? options.config : undefined,
    inlineConfig: typeof options.config === 'object' ? options.config : undefined,
    env,
    build: options.build,
    dev: options.dev ?? true,
    pseudoLocale: pseudo,
    extract: options.extract || undefined,
    namespace: options.namespace ?? defaultNamespace,
    catalogUpdates: options.catalogUpdates ?? 'propagate',
    types,
  };
}

// The `types` option as a file and an optional default namespace (problems collected).
function resolveTypes(
  types: TransloomPluginOptions['types'],
  problems: string[],
): TypesOptions | undefined {
  if (types === undefined || types === false) return undefined;
  const given = typeof types === 'string' ? { file: types } : types;
  if (
    typeof given !== 'object' ||
    given === null ||
    typeof given.file !== 'string' ||
    !/\.d\.[cm]?ts$/.test(given.file)
  ) {
    problems.push(`types: must be a .d.ts file path (or { file, defaultNS })`);
    return undefined;
  }
  if (given.defaultNS !== undefined && (typeof given.defaultNS !== 'string' || !given.defaultNS))
    problems.push('types.defaultNS: must be a namespace name');
  return given.defaultNS ? { file: given.file, defaultNS: given.defaultNS } : { file: given.file };
}
