import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadDocsTools, type SiteRoot } from '@transloom/core';
import { localeOfName } from './locale-of-name.js';

/** A docs site `transloom init` configures with a preset. */
export interface DocsSite {
  /** `a VitePress site in docs/`, for the user and the config's first comment. */
  description: string;
  preset: 'docusaurus' | 'vitepress' | 'starlight';
  /** The site's folder in the project: '' at the root, else ending in `/` (`docs/`). */
  root: string;
  sourceLocale: string;
  /** The locales the site already has: declared in its config, or with a folder of pages. */
  targetLocales: string[];
}

const NAMES = { docusaurus: 'Docusaurus', vitepress: 'VitePress', starlight: 'Starlight' };

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

// The locales the generator's config declares besides the source.
function declaredLocales(preset: DocsSite['preset'], site: SiteRoot): string[] {
  const config = site.config;
  if (!config) return [];
  const declared =
    preset === 'docusaurus' ? config.get(['i18n', 'locales']) : config.keys(['locales']);
  if (!Array.isArray(declared)) return [];
  return declared
    .filter((l): l is string => typeof l === 'string' && l !== 'root')
    .filter((l) => localeOfName(l) !== undefined);
}

/**
 * A Docusaurus, VitePress or Starlight site in the project, told by its generator's config
 * (at the root, or below it: `docs/.vitepress/config.ts`, `website/docusaurus.config.js`, an
 * `astro.config.mjs` that uses Starlight), with the locales its config declares and the
 * locale folders it already has; undefined otherwise.
 */
export async function detectDocsSite(root: string): Promise<DocsSite | undefined> {
  // Generator configs are read with Babel, which the command loads only now.
  const { findSiteRoot, loadBabelParser } = await loadDocsTools();
  await loadBabelParser();
  for (const preset of ['docusaurus', 'vitepress', 'starlight'] as const) {
    const site = findSiteRoot(root, preset);
    if (!site) continue;
    const srcDir = preset === 'vitepress' ? site.config?.get(['srcDir']) : undefined;
    const pages =
      preset === 'docusaurus'
        ? join(root, site.dir, 'i18n')
        : preset === 'vitepress'
          ? join(root, site.dir, typeof srcDir === 'string' ? srcDir : '')
          : join(root, site.dir, 'src/content/docs');
    const defaultLocale =
      preset === 'docusaurus' ? site.config?.get(['i18n', 'defaultLocale']) : undefined;
    const sourceLocale = typeof defaultLocale === 'string' ? defaultLocale : 'en';
    const targets = [...declaredLocales(preset, site), ...(await localeFolders(pages))];
    return {
      description: `a ${NAMES[preset]} site${site.dir ? ` in ${site.dir}` : ''}`,
      preset,
      root: site.dir,
      sourceLocale,
      targetLocales: [...new Set(targets)].filter((l) => l !== sourceLocale),
    };
  }
  return undefined;
}
