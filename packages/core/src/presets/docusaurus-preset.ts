import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FileEntry } from '../config/config-schema.js';
import type { DocsPolicy, DocsPreset } from './docs-preset.js';
import { type PageFolder, pageEntry, readFirstFile } from './page-entry.js';

const policy: DocsPolicy = {
  frontMatter: ['title', 'description', 'sidebar_label', 'pagination_label'],
  frontMatterLinks: { links: [], assets: ['image'] },
  anchors: { slug: 'github', marker: 'id' },
};

// Each content plugin's folder and its translations' folder under i18n/<locale>/.
const FOLDERS: ReadonlyArray<{ dir: string; plugin: string }> = [
  { dir: 'docs/', plugin: 'docusaurus-plugin-content-docs/current/' },
  { dir: 'blog/', plugin: 'docusaurus-plugin-content-blog/' },
  { dir: 'src/pages/', plugin: 'docusaurus-plugin-content-pages/' },
];

const CONFIGS = ['docusaurus.config.js', 'docusaurus.config.ts', 'docusaurus.config.mjs'];

/**
 * Docusaurus: `docs/`, `blog/` and `src/pages/` to `i18n/<locale>/docusaurus-plugin-content-*`,
 * and the UI-string catalogs `docusaurus write-translations` writes under `i18n/<source>/`
 * (`code.json`, navbar, footer, sidebars; `message` translated, `description` sent as context).
 * `.md` pages are read as MDX, as Docusaurus compiles them, unless `markdown.format` says otherwise.
 * Docusaurus puts the locale in absolute links itself, so only relative assets are rewritten.
 */
export const docusaurusPreset: DocsPreset = {
  name: 'docusaurus',
  policy,
  expand(context) {
    const entries: FileEntry[] = [];
    const notes: string[] = [];
    const mdx = !/\bformat\s*:\s*['"](?:detect|md)['"]/.test(readFirstFile(context.root, CONFIGS));
    for (const { dir, plugin } of FOLDERS) {
      if (!existsSync(join(context.root, dir))) continue;
      const folder: PageFolder = {
        sourceDir: dir,
        targetDir: `i18n/{locale}/${plugin}`,
        sourcePrefix: '',
        exclude: [],
        mdx,
      };
      entries.push(pageEntry(context, 'docusaurus', policy, folder).entry);
    }
    const catalogs = `i18n/${context.sourceLocale}/`;
    if (existsSync(join(context.root, catalogs))) {
      entries.push({ source: 'i18n/{locale}/**/*.json', format: 'json' });
    } else {
      notes.push(
        `no UI-string catalogs in ${catalogs}: run \`npx docusaurus write-translations --locale ${context.sourceLocale}\` to write code.json, navbar, footer and sidebar labels, then translate again`,
      );
    }
    if (entries.length === 0)
      notes.push('no docs/, blog/ or src/pages/ folder: the docusaurus preset found no pages');
    return { name: 'docusaurus', entries, notes };
  },
};
