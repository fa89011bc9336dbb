import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { ADMONITION_LABELS } from '../formats/markdown/prepare-markdown.js';
import type { FileEntry } from '../settings/config-schema.js';
import type { DocsPolicy, DocsPreset } from './docs-preset.js';
import { missingLocalesNote } from './locale-notes.js';
import { type PageFolder, pageEntry } from './page-entry.js';
import { PresetNotes, presetExpansion } from './preset-notes.js';
import { findSiteRoot } from './site-root.js';

const policy: DocsPolicy = {
  frontMatter: ['title', 'description', 'sidebar_label', 'pagination_label'],
  frontMatterLinks: { links: [], assets: ['image'] },
  anchors: { slug: 'github', marker: 'id' },
  // Docusaurus's admonitions and the details element's container form; `<TabItem label>` is
  // an attribute (see `attributes`).
  labels: ADMONITION_LABELS,
};

// Each content plugin: its option in the classic preset, its default folder, and its
// translations' folder under i18n/<locale>/.
const PLUGINS: ReadonlyArray<{ option: string; dir: string; plugin: string }> = [
  { option: 'docs', dir: 'docs', plugin: 'docusaurus-plugin-content-docs/current/' },
  { option: 'blog', dir: 'blog', plugin: 'docusaurus-plugin-content-blog/' },
  { option: 'pages', dir: 'src/pages', plugin: 'docusaurus-plugin-content-pages/' },
];

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * Docusaurus, in the site's folder (the one with `docusaurus.config.*`: the project root, or
 * `website/` in many repositories): the docs, blog and pages folders its config names (`path`,
 * default `docs/`, `blog/`, `src/pages/`; `exclude` honoured; a plugin set to `false` has no
 * pages) to `i18n/<locale>/docusaurus-plugin-content-*`, and the UI-string catalogs
 * `docusaurus write-translations` writes under `i18n/<source>/` (`code.json`, navbar, footer,
 * sidebars; `message` translated, `description` sent as context). `.md` pages are read as MDX,
 * as Docusaurus compiles them, unless `markdown.format` says otherwise. Docusaurus puts the
 * locale in absolute links itself, so only relative assets and imports are rewritten.
 */
export const docusaurusPreset: DocsPreset = {
  name: 'docusaurus',
  policy,
  expand(context) {
    const entries: FileEntry[] = [];
    const notes = new PresetNotes();
    const site = findSiteRoot(context.root, 'docusaurus', context.options.root);
    const base = site?.dir ?? '';
    const config = site?.config;
    const format = config?.get(['markdown', 'format']);
    const mdx = format !== 'md' && format !== 'detect';
    for (const { option, dir, plugin } of PLUGINS) {
      if (config?.get([option]) === false) continue;
      const path = config?.get([option, 'path']);
      const source = posix.normalize(base + (typeof path === 'string' ? path : dir));
      if (source.startsWith('../')) {
        notes.push(
          `${option}.path in ${config!.file} is outside the project: its pages are left out; run transloom from the repository's root`,
        );
        continue;
      }
      const sourceDir = source === '.' ? '' : `${source.replace(/\/$/, '')}/`;
      if (!existsSync(join(context.root, sourceDir))) continue;
      const exclude = strings(config?.get([option, 'exclude'])).map((g) => sourceDir + g);
      const folder: PageFolder = {
        sourceDir,
        targetDir: `${base}i18n/{locale}/${plugin}`,
        sourcePrefix: '',
        exclude,
        mdx,
      };
      entries.push(pageEntry(context, 'docusaurus', policy, folder).entry);
    }
    const catalogs = `${base}i18n/${context.sourceLocale}/`;
    if (existsSync(join(context.root, catalogs))) {
      entries.push({ source: `${base}i18n/{locale}/**/*.json`, format: 'json' });
    } else {
      notes.push(
        `no UI-string catalogs in ${catalogs}: run \`npx docusaurus write-translations --locale ${context.sourceLocale}\`${base ? ` in ${base}` : ''} to write code.json, navbar, footer and sidebar labels, then translate again`,
      );
    }
    if (entries.length === 0)
      notes.push('no docs/, blog/ or src/pages/ folder: the docusaurus preset found no pages');
    const declared = config?.get(['i18n', 'locales']);
    // A list the file does not write literally cannot be checked.
    if (config && (Array.isArray(declared) || !config.has(['i18n', 'locales']))) {
      notes.later(() =>
        missingLocalesNote({
          generator: 'docusaurus',
          file: config.file,
          declared: Array.isArray(declared) ? strings(declared) : undefined,
          sourceLocale: context.sourceLocale,
          targetLocales: context.targetLocales,
          sourcePrefix: '',
        }),
      );
    }
    return presetExpansion('docusaurus', entries, notes);
  },
};
