import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { localeOfName } from './locale-of-name.js';

/** A docs site `transloom init` configures with a preset. */
export interface DocsSite {
  /** `a Docusaurus site`, for the user and the config's first comment. */
  description: string;
  preset: 'docusaurus' | 'vitepress' | 'starlight';
  sourceLocale: string;
  /** The locales the site already has folders for. */
  targetLocales: string[];
}

const CONFIG_EXTENSIONS = ['js', 'mjs', 'cjs', 'ts', 'mts'];

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function anyConfig(folder: string, name: string): Promise<boolean> {
  for (const ext of CONFIG_EXTENSIONS)
    if (await exists(join(folder, `${name}.${ext}`))) return true;
  return false;
}

// The locale folders in `folder` (none when it is absent), English being the source.
async function localeFolders(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder, { withFileTypes: true }))
      .flatMap((e) => (e.isDirectory() ? [localeOfName(e.name)] : []))
      .filter((code): code is string => code !== undefined && code !== 'en');
  } catch {
    return [];
  }
}

async function dependsOn(root: string, name: string): Promise<boolean> {
  try {
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    return Boolean(pkg.dependencies?.[name] ?? pkg.devDependencies?.[name]);
  } catch {
    return false;
  }
}

/**
 * A Docusaurus, VitePress or Starlight site at the root, told by its generator's config file
 * (or Starlight's dependency), with the locale folders it already has; undefined otherwise.
 */
export async function detectDocsSite(root: string): Promise<DocsSite | undefined> {
  const site = (preset: DocsSite['preset'], name: string, targets: string[]): DocsSite => ({
    description: `a ${name} site`,
    preset,
    sourceLocale: 'en',
    targetLocales: targets,
  });
  if (await anyConfig(root, 'docusaurus.config'))
    return site('docusaurus', 'Docusaurus', await localeFolders(join(root, 'i18n')));
  for (const base of ['docs', '.'])
    if (await anyConfig(join(root, base, '.vitepress'), 'config'))
      return site('vitepress', 'VitePress', await localeFolders(join(root, base)));
  if (await dependsOn(root, '@astrojs/starlight'))
    return site('starlight', 'Starlight', await localeFolders(join(root, 'src/content/docs')));
  return undefined;
}
