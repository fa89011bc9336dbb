import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { DocsPolicy, DocsPreset, DocsPresetContext } from './docs-preset.js';
import { missingLocalesNote } from './locale-notes.js';
import { type PageFolder, pageEntry } from './page-entry.js';
import { PresetNotes, presetExpansion } from './preset-notes.js';
import type { SiteConfig } from './site-config.js';
import { findSiteRoot } from './site-root.js';

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
  // VitePress's titled containers and vitepress-plugin-tabs; code-group labels name files and
  // tools (and pick vitepress-plugin-group-icons' icons), so they stay unless configured.
  labels: ['info', 'tip', 'warning', 'danger', 'details', 'note', 'important', 'caution', 'tabs'],
};

/** A folder path relative to the project root: '' or ending in `/`. */
function folder(path: string): string {
  const normal = posix.normalize(path).replace(/^\.\/?|\/$/g, '');
  return normal === '' || normal === '.' ? '' : `${normal}/`;
}

/**
 * The site's folders, read from its config (without running it: it is TypeScript that
 * imports the site's plugins): the folder of `.vitepress/`, `srcDir`, `srcExclude`, the
 * locales it declares (their folders are translations, never sources), and whether a
 * `rewrites` entry serves the source locale's own folder from `/`.
 */
function layout(context: DocsPresetContext): {
  folder: PageFolder;
  notes: PresetNotes;
  anchors: DocsPolicy['anchors'];
} {
  const notes = new PresetNotes();
  const site = findSiteRoot(context.root, 'vitepress', context.options.root);
  const base = site?.dir ?? '';
  const config = site?.config;
  const srcDir = config?.get(['srcDir']);
  const src = typeof srcDir === 'string' ? folder(base + srcDir) : base;
  const source = context.sourceLocale;
  const declared = config?.keys(['locales']);
  const localeFolders = [
    ...new Set([...context.targetLocales, ...(declared ?? [])].filter((l) => l !== 'root')),
  ].filter((l) => l !== source);
  const srcExclude = config?.get(['srcExclude']);
  const excludes = Array.isArray(srcExclude)
    ? srcExclude.filter((g): g is string => typeof g === 'string').map((g) => src + g)
    : [];
  if (config && srcExclude !== undefined && !Array.isArray(srcExclude))
    notes.push(
      `srcExclude in ${config.file} is not a list of strings: list the pages to leave out in presetOptions.exclude`,
    );
  const exclude = [
    `${src}.vitepress/**`,
    `${src}public/**`,
    ...localeFolders.map((l) => `${src}${l}/**`),
    ...excludes,
  ];
  const own = `${src}${source}/`;
  let result: PageFolder;
  if (existsSync(join(context.root, own))) {
    const rewritten = (config?.keys(['rewrites']) ?? []).includes(`${source}/:rest*`);
    result = {
      sourceDir: own,
      targetDir: `${src}{locale}/`,
      sourcePrefix: rewritten ? '' : `/${source}`,
      exclude,
    };
  } else {
    result = { sourceDir: src, targetDir: `${src}{locale}/`, sourcePrefix: '', exclude };
  }
  if (config && (declared !== undefined || !config.has(['locales'])))
    declaredLocaleNotes(notes, context, config, declared, result.sourcePrefix);
  const anchors = anchorsOf(config);
  if (config?.has(['markdown', 'anchor', 'slugify']))
    notes.push(
      `markdown.anchor.slugify in ${config.file} is the site's own: translated headings keep the anchors VitePress's default slugify gives, which links written for the site's own slugs may not find`,
    );
  if (!config) {
    notes.push(
      `no VitePress config (.vitepress/config.*) found${base ? ` in '${base}'` : ''}: the project root is taken as the site; set presetOptions.root to the folder that has .vitepress/`,
    );
  }
  return { folder: result, notes, anchors };
}

// What the locales the site's config declares lack or link elsewhere, as notes.
function declaredLocaleNotes(
  notes: PresetNotes,
  context: DocsPresetContext,
  config: SiteConfig,
  declared: string[] | undefined,
  sourcePrefix: string,
): void {
  notes.later(() =>
    missingLocalesNote({
      generator: 'vitepress',
      file: config.file,
      declared,
      sourceLocale: context.sourceLocale,
      targetLocales: context.targetLocales,
      sourcePrefix,
    }),
  );
  // A declared locale whose link leads elsewhere (a site of its own): its language menu
  // would map the translated pages' paths onto that address.
  for (const locale of context.targetLocales) {
    const link = config.get(['locales', locale, 'link']);
    if (typeof link === 'string' && link.replace(/\/$/, '') !== `/${locale}`)
      notes.push(
        `${config.file} links locale '${locale}' to ${link}, but its translated pages are served from /${locale}/: set link: '/${locale}/' (or leave link out)`,
      );
  }
}

// `{#id}` sets a heading's id through markdown-it-attrs: a site that changes its delimiters
// (`%{` `}%`) writes ids in its own syntax; one that turns attrs off keeps its anchors with an
// empty span.
// VitePress 1 (markdown-it-attrs) names them `leftDelimiter` and `rightDelimiter` and turns
// attrs off with `disable: true`; VitePress 2 (@mdit/plugin-attrs) names them `left` and
// `right` and turns attrs off with `attrs: false`.
function anchorsOf(config: SiteConfig | undefined): DocsPolicy['anchors'] {
  const attrs = config?.get(['markdown', 'attrs']);
  if (attrs === false) return { ...policy.anchors, marker: 'span' };
  if (!attrs || typeof attrs !== 'object' || Array.isArray(attrs)) return policy.anchors;
  if (attrs.disable === true) return { ...policy.anchors, marker: 'span' };
  const left = attrs.leftDelimiter ?? attrs.left ?? '{';
  const right = attrs.rightDelimiter ?? attrs.right ?? '}';
  if (typeof left !== 'string' || typeof right !== 'string' || left === '' || right === '')
    return { ...policy.anchors, marker: 'span' };
  if (left === '{' && right === '}') return policy.anchors;
  return { ...policy.anchors, marker: 'id', attrs: { left, right } };
}

/**
 * VitePress: the root locale's pages (the site's source folder, or its `<source locale>/`
 * folder when `rewrites` serves it from `/`) to `<locale>/`, in the site's folder (the one
 * with `.vitepress/`, found from the project root: `docs/` in most repositories). Pages that
 * `srcExclude` leaves out, `.vitepress/`, `public/` and every locale's folder are not
 * sources. Absolute page links get the locale's prefix when the locale has the page;
 * headings keep their anchors as `{#id}`.
 */
export const vitepressPreset: DocsPreset = {
  name: 'vitepress',
  policy,
  expand(context) {
    const { folder: pages, notes, anchors } = layout(context);
    const { entry, pages: found } = pageEntry(context, 'vitepress', { ...policy, anchors }, pages);
    notes.later(() =>
      found().length === 0 ? `no Markdown pages in '${pages.sourceDir || './'}'` : undefined,
    );
    return presetExpansion('vitepress', [entry], notes);
  },
};
