import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { globSync } from 'tinyglobby';
import type { DocsGenerator } from '../formats/markdown/docs-generators.js';
import { readSiteConfig } from './read-site-config.js';
import type { SiteConfig } from './site-config.js';

const EXTENSIONS = ['ts', 'mts', 'js', 'mjs', 'cts', 'cjs'];

/** Each generator's config files, relative to its site's folder, in the generator's order. */
export const SITE_CONFIG_FILES: Readonly<Record<DocsGenerator, readonly string[]>> = {
  vitepress: [
    ...EXTENSIONS.map((e) => `.vitepress/config.${e}`),
    ...EXTENSIONS.map((e) => `.vitepress/config/index.${e}`),
  ],
  docusaurus: EXTENSIONS.map((e) => `docusaurus.config.${e}`),
  starlight: EXTENSIONS.map((e) => `astro.config.${e}`),
};

/** Where a docs site lives in a project. */
export interface SiteRoot {
  /** The site's folder relative to the project root: '' or ending in `/` (`docs/`). */
  dir: string;
  /** Its generator's config, read (undefined when there is none there). */
  config: SiteConfig | undefined;
}

// The folder a config file found by the search belongs to.
function folderOf(generator: DocsGenerator, file: string): string {
  const name = SITE_CONFIG_FILES[generator].find((n) => file === n || file.endsWith(`/${n}`))!;
  return file.slice(0, file.length - name.length);
}

function isStarlight(root: string, file: string): boolean {
  try {
    return /@astrojs\/starlight/.test(readFileSync(join(root, file), 'utf8'));
  } catch {
    return false;
  }
}

/**
 * The site's folder: `given` (the `root` preset option), else the folder of the generator's
 * config (`docs/.vitepress/config.ts`, `website/docusaurus.config.js`, an `astro.config.mjs`
 * that uses Starlight), the project root first, then the shallowest below it (4 levels, no
 * dependencies). Undefined when none is found; the project root is then taken as the site.
 */
export function findSiteRoot(
  root: string,
  generator: DocsGenerator,
  given?: string,
): SiteRoot | undefined {
  const read = (dir: string): SiteRoot => {
    const file = SITE_CONFIG_FILES[generator]
      .map((n) => dir + n)
      .find((f) => existsSync(join(root, f)));
    return { dir, config: file ? readSiteConfig(root, file) : undefined };
  };
  if (given !== undefined) {
    const dir = posix.normalize(given.replaceAll('\\', '/')).replace(/^\.\/?$|\/$/g, '');
    return read(dir === '' || dir === '.' ? '' : `${dir}/`);
  }
  // The project root first, without searching a large site's tree.
  const atRoot = SITE_CONFIG_FILES[generator].find(
    (name) =>
      existsSync(join(root, name)) && (generator !== 'starlight' || isStarlight(root, name)),
  );
  if (atRoot) return read('');
  const found = globSync(
    SITE_CONFIG_FILES[generator].map((n) => `**/${n}`),
    {
      cwd: root,
      dot: true,
      deep: 5,
      onlyFiles: true,
      ignore: ['**/node_modules/**', '**/.git/**', '**/dist/**', '**/build/**'],
    },
  )
    .filter((file) => generator !== 'starlight' || isStarlight(root, file))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  const first = found[0];
  return first === undefined ? undefined : read(folderOf(generator, first));
}
