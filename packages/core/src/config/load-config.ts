import { dirname, resolve } from 'node:path';
import { cosmiconfig } from 'cosmiconfig';
import { CONFIG_SEARCH_PLACES } from './config-search-places.js';
import { ConfigError, type ResolvedConfig, resolveConfig } from './resolve-config.js';

export { CONFIG_SEARCH_PLACES };

/**
 * Loads a TypeScript config with jiti (a small transpiler), loaded only when the config is a
 * TypeScript file: the TypeScript compiler stays off the runtime path.
 */
async function loadTypeScript(filepath: string): Promise<unknown> {
  const { createJiti } = await import('jiti');
  const jiti = createJiti(import.meta.url, { moduleCache: false, fsCache: false });
  return jiti.import(filepath, { default: true });
}

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  cwd: string;
  /** A config file to read instead of searching. */
  configFile?: string;
}

/**
 * Finds and checks the configuration: an explicit file, or the first of
 * {@link CONFIG_SEARCH_PLACES} (`package.json#transloom` included) from `cwd` upward.
 */
export async function loadConfig(options: LoadConfigOptions): Promise<ResolvedConfig> {
  const explorer = cosmiconfig('transloom', {
    searchPlaces: CONFIG_SEARCH_PLACES,
    searchStrategy: 'project',
    loaders: { '.ts': loadTypeScript, '.mts': loadTypeScript, '.cts': loadTypeScript },
  });
  let result: Awaited<ReturnType<typeof explorer.search>>;
  try {
    result = options.configFile
      ? await explorer.load(resolve(options.cwd, options.configFile))
      : await explorer.search(options.cwd);
  } catch (error) {
    const file = options.configFile ?? (error as { filepath?: string }).filepath;
    throw new ConfigError(
      [{ path: '', message: `cannot be read: ${(error as Error).message}` }],
      file,
    );
  }
  if (!result || result.isEmpty) {
    throw new ConfigError([
      {
        path: '',
        message: `no configuration found from ${options.cwd} upward; create transloom.config.json (or .ts, .js, .transloomrc, package.json#transloom)`,
      },
    ]);
  }
  const config = (result.config as { default?: unknown })?.default ?? result.config;
  return resolveConfig(config, dirname(result.filepath), result.filepath);
}
