import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { ConfigError } from '@transloom/client/errors';

/** Where configuration is looked for, in order, in each directory from the working directory up. */
export const CONFIG_SEARCH_PLACES = [
  'transloom.config.ts',
  'transloom.config.mts',
  'transloom.config.js',
  'transloom.config.mjs',
  'transloom.config.cjs',
  'transloom.config.json',
  '.transloomrc',
  '.transloomrc.json',
  '.transloomrc.yaml',
  '.transloomrc.yml',
  '.transloomrc.js',
  '.transloomrc.mjs',
  '.transloomrc.cjs',
  '.transloomrc.ts',
  'package.json',
];

/**
 * What a configuration file is: data (`json`, `yaml`), or `code` that runs when it is loaded
 * (JavaScript or TypeScript, and any extension no data loader reads).
 */
export type ConfigFormat = 'json' | 'yaml' | 'code';

/** Every configuration format, code included: what a host reads unless it asks for less. */
export const ALL_CONFIG_FORMATS: readonly ConfigFormat[] = ['json', 'yaml', 'code'];

/** The format of a configuration file, by its name (`.transloomrc` without extension is YAML). */
export function configFormatOf(file: string): ConfigFormat {
  const extension = extname(file).toLowerCase();
  if (extension === '.json') return 'json';
  if (extension === '.yaml' || extension === '.yml' || extension === '') return 'yaml';
  return 'code';
}

/** A configuration file found by {@link findConfigFile}. */
export interface FoundConfigFile {
  file: string;
  format: ConfigFormat;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

// package.json counts only when it has a `transloom` key; an empty file counts as none (as
// cosmiconfig skips empty search places).
async function holdsConfig(path: string): Promise<boolean> {
  if (!(await isFile(path))) return false;
  const text = await readFile(path, 'utf8');
  if (text.trim() === '') return false;
  if (basename(path) !== 'package.json') return true;
  try {
    const data = JSON.parse(text) as unknown;
    return data !== null && typeof data === 'object' && 'transloom' in data;
  } catch {
    // Never quotes the file: a package.json that is not JSON is named, nothing more.
    throw new ConfigError([{ path: '', message: 'is not valid JSON' }], path);
  }
}

/**
 * Finds the configuration from `cwd` upward, as {@link CONFIG_SEARCH_PLACES} lists it, without
 * loading it: the nearest directory with one wins; the search stops after the first directory
 * with a `package.json` (the project's). Two configuration files in one directory are a
 * ConfigError naming both: which one is meant cannot be told, and a silent choice would let a
 * `.ts` added beside a `.json` take over.
 */
export async function findConfigFile(cwd: string): Promise<FoundConfigFile | undefined> {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const found: string[] = [];
    for (const place of CONFIG_SEARCH_PLACES)
      if (await holdsConfig(join(dir, place))) found.push(place);
    if (found.length > 1)
      throw new ConfigError(
        [
          {
            path: '',
            message: `this folder holds ${found.length} configuration files (${found.join(', ')}): which one is meant cannot be told; keep one`,
          },
        ],
        dir,
      );
    if (found.length === 1) {
      const file = join(dir, found[0]!);
      return { file, format: configFormatOf(file) };
    }
    if ((await isFile(join(dir, 'package.json'))) || (await isFile(join(dir, 'package.yaml'))))
      return undefined;
    if (dirname(dir) === dir) return undefined;
  }
}
