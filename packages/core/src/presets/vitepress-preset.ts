import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { DocsPolicy, DocsPreset, DocsPresetContext } from './docs-preset.js';
import { type PageFolder, pageEntry, readFirstFile } from './page-entry.js';

const policy: DocsPolicy = {
  frontMatter: [
    'title',
    'description',
    'hero.name',
    'hero.text',
    'hero.tagline',
    'hero.image.alt',
    'hero.actions.*.text',
    'features.*.title',
    'features.*.details',
    'features.*.linkText',
    'prev',
    'prev.text',
    'next',
    'next.text',
  ],
  frontMatterLinks: {
    links: ['hero.actions.*.link', 'features.*.link', 'prev.link', 'next.link'],
    assets: [],
  },
  anchors: { slug: 'vitepress', marker: 'id' },
};

const CONFIGS = ['config.ts', 'config.mts', 'config.js', 'config.mjs'];

// The site's source folder and where its root locale's pages are, read from the config text
// (it is TypeScript that only VitePress can run): `srcDir`, and a `rewrites` entry that serves
// `<source locale>/` from `/`.
function layout(context: DocsPresetContext): PageFolder {
  const config = readFirstFile(join(context.root, '.vitepress'), CONFIGS);
  const srcDir = /\bsrcDir\s*:\s*['"]([^'"]+)['"]/.exec(config)?.[1];
  const base = srcDir ? `${posix.normalize(srcDir).replace(/^\.\/?|\/$/g, '')}/` : '';
  const src = base === '/' ? '' : base;
  const own = `${src}${context.sourceLocale}/`;
  const others = context.targetLocales.map((l) => `${src}${l}/**`);
  const excluded = [`${src}.vitepress/**`, `${src}public/**`, ...others];
  if (existsSync(join(context.root, own))) {
    const rewritten = new RegExp(`['"]${context.sourceLocale}/:rest\\*['"]\\s*:`).test(config);
    return {
      sourceDir: own,
      targetDir: `${src}{locale}/`,
      sourcePrefix: rewritten ? '' : `/${context.sourceLocale}`,
      exclude: excluded,
    };
  }
  return { sourceDir: src, targetDir: `${src}{locale}/`, sourcePrefix: '', exclude: excluded };
}

/**
 * VitePress: the root locale's pages (the source folder, or its `<source locale>/` folder
 * when `rewrites` serves it from `/`) to `<locale>/`. Absolute page links get the locale's
 * prefix when the locale has the page; headings keep their anchors as `{#id}`.
 */
export const vitepressPreset: DocsPreset = {
  name: 'vitepress',
  policy,
  expand(context) {
    const folder = layout(context);
    const { entry, pages } = pageEntry(context, 'vitepress', policy, folder);
    const notes = pages.length === 0 ? [`no Markdown pages in '${folder.sourceDir || './'}'`] : [];
    return { name: 'vitepress', entries: [entry], notes };
  },
};
