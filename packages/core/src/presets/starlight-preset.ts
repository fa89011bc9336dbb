import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FileEntry } from '../config/config-schema.js';
import type { DocsPolicy, DocsPreset } from './docs-preset.js';
import { type PageFolder, pageEntry } from './page-entry.js';

const policy: DocsPolicy = {
  frontMatter: [
    'title',
    'description',
    'hero.title',
    'hero.tagline',
    'hero.image.alt',
    'hero.actions.*.text',
    'sidebar.label',
    'sidebar.badge',
    'sidebar.badge.text',
    'banner.content',
    'head.*.content?tag=title',
    'prev',
    'prev.label',
    'next',
    'next.label',
  ],
  frontMatterLinks: {
    links: ['hero.actions.*.link', 'prev.link', 'next.link'],
    assets: ['hero.image.file', 'hero.image.dark', 'hero.image.light'],
  },
  // Starlight has no custom heading ids: an empty span keeps the source anchor.
  anchors: { slug: 'astro', marker: 'span' },
};

const DOCS = 'src/content/docs/';

/**
 * Starlight: `src/content/docs/` (or its `<source locale>/` folder when the source locale is
 * not the root locale) to `src/content/docs/<locale>/`, and the UI strings of
 * `src/content/i18n/<source>.json` to `<locale>.json`.
 */
export const starlightPreset: DocsPreset = {
  name: 'starlight',
  policy,
  expand(context) {
    const notes: string[] = [];
    const entries: FileEntry[] = [];
    const own = `${DOCS}${context.sourceLocale}/`;
    const nested = existsSync(join(context.root, own));
    const folder: PageFolder = {
      sourceDir: nested ? own : DOCS,
      targetDir: `${DOCS}{locale}/`,
      sourcePrefix: nested ? `/${context.sourceLocale}` : '',
      exclude: context.targetLocales.map((l) => `${DOCS}${l}/**`),
    };
    const { entry, pages } = pageEntry(context, 'starlight', policy, folder);
    if (pages.length === 0) notes.push(`no Markdown pages in '${folder.sourceDir}'`);
    entries.push(entry);
    const strings = `src/content/i18n/${context.sourceLocale}.json`;
    if (existsSync(join(context.root, strings)))
      entries.push({ source: 'src/content/i18n/{locale}.json', format: 'json' });
    return { name: 'starlight', entries, notes };
  },
};
