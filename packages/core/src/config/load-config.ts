import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { loadBabelParser, withoutBabelParser } from '../presets/babel-parser.js';
import {
  ALL_CONFIG_FORMATS,
  CONFIG_SEARCH_PLACES,
  type ConfigFormat,
  configFormatOf,
  findConfigFile,
} from './find-config-file.js';
import { readDataConfig } from './read-data-config.js';
import { ConfigError, type ResolvedConfig, resolveConfig } from './resolve-config.js';

export {
  ALL_CONFIG_FORMATS,
  CONFIG_SEARCH_PLACES,
  type ConfigFormat,
  configFormatOf,
  type FoundConfigFile,
  findConfigFile,
} from './find-config-file.js';

const FORMAT_NAMES: Record<ConfigFormat, string> = {
  json: 'JSON',
  yaml: 'YAML',
  code: 'JavaScript or TypeScript',
};

/**
 * Loads a TypeScript config with jiti (a small transpiler), loaded only when the config is a
 * TypeScript file: the TypeScript compiler stays off the runtime path.
 */
async function loadTypeScript(filepath: string): Promise<unknown> {
  const { createJiti } = await import('jiti');
  const jiti = createJiti(import.meta.url, { moduleCache: false, fsCache: false });
  return jiti.import(filepath, { default: true });
}

/**
 * A `*.json` configuration (package.json aside) that parses and has no `$import`, as
 * cosmiconfig would give it; undefined for anything else, which cosmiconfig then reads (and
 * words the errors of). cosmiconfig and its YAML parser are loaded only then: most projects
 * have a JSON configuration, and a run with nothing to do should load no more than it needs.
 */
async function plainJsonConfig(file: string): Promise<unknown> {
  if (!file.endsWith('.json') || basename(file) === 'package.json') return undefined;
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (data === null || typeof data !== 'object' || Object.hasOwn(data, '$import')) return undefined;
  return data;
}

// Any configuration, code included, as cosmiconfig loads it (TypeScript through jiti).
async function loadWithCosmiconfig(file: string): Promise<unknown> {
  // A bundle that splits chunks (the CLI's) hands a CommonJS module over as its default export.
  const loaded: Partial<typeof import('cosmiconfig')> & { default?: typeof import('cosmiconfig') } =
    await import('cosmiconfig');
  const cosmiconfig = loaded.cosmiconfig ?? loaded.default!.cosmiconfig;
  const explorer = cosmiconfig('transloom', {
    searchPlaces: CONFIG_SEARCH_PLACES,
    searchStrategy: 'none',
    loaders: { '.ts': loadTypeScript, '.mts': loadTypeScript, '.cts': loadTypeScript },
  });
  let result: Awaited<ReturnType<typeof explorer.load>>;
  try {
    result = await explorer.load(file);
  } catch (error) {
    throw new ConfigError(
      [{ path: '', message: `cannot be read: ${(error as Error).message}` }],
      file,
    );
  }
  return result?.isEmpty ? undefined : result?.config;
}

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  cwd: string;
  /** A config file to read instead of searching. */
  configFile?: string;
  /**
   * The formats this host accepts (default: all). Without `code`, a JavaScript or TypeScript
   * configuration is refused before it is loaded, and JSON and YAML are read as data only
   * (no `$import`, no symbolic link): for a host that runs on code it does not trust.
   */
  formats?: readonly ConfigFormat[];
}

/**
 * Finds and checks the configuration: an explicit file, or the one {@link findConfigFile}
 * finds from `cwd` upward (`package.json#transloom` included; two in one folder are an error).
 */
export async function loadConfig(options: LoadConfigOptions): Promise<ResolvedConfig> {
  const formats = options.formats ?? ALL_CONFIG_FORMATS;
  const found = options.configFile
    ? {
        file: resolve(options.cwd, options.configFile),
        format: configFormatOf(options.configFile),
      }
    : await findConfigFile(options.cwd);
  if (!found) {
    throw new ConfigError([
      {
        path: '',
        message: `no configuration found from ${options.cwd} upward; create transloom.config.json (or .ts, .js, .transloomrc, package.json#transloom)`,
      },
    ]);
  }
  const { file, format } = found;
  if (!formats.includes(format))
    throw new ConfigError(
      [
        {
          path: '',
          message: `is ${FORMAT_NAMES[format]}: loading it would run it as code, and this run reads only ${formats.map((f) => FORMAT_NAMES[f]).join(' or ')} configuration, so it was not loaded`,
        },
      ],
      file,
    );
  let config =
    format !== 'code' && !formats.includes('code')
      ? await readDataConfig(file, format)
      : ((await plainJsonConfig(file)) ?? (await loadWithCosmiconfig(file)));
  if (config === undefined || config === null)
    throw new ConfigError([{ path: '', message: 'is empty' }], file);
  config = (config as { default?: unknown })?.default ?? config;
  const read = config;
  try {
    // A docs preset reads the site's own config with Babel, loaded only when that config is
    // not cached as read, unchanged, by an earlier run (a run with nothing to do loads none).
    const settled = withoutBabelParser(() => resolveConfig(read, dirname(file), file));
    if (settled) return settled.value;
    await loadBabelParser();
    return resolveConfig(read, dirname(file), file);
  } catch (error) {
    throw await placed(error, file, format);
  }
}

// A configuration's issues at the line and column of their keys (the file is read again
// only when it has problems, to point at them).
async function placed(error: unknown, file: string, format: ConfigFormat): Promise<unknown> {
  if (!(error instanceof ConfigError) || format === 'code') return error;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return error;
  }
  const { issuePositions } = await import('./issue-positions.js');
  return new ConfigError(await issuePositions(error.issues, file, format, text), file);
}
