import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { FileEntry } from '../settings/config-schema.js';
import type { DocsPolicy, DocsPreset } from './docs-preset.js';
import { missingLocalesNote } from './locale-notes.js';
import { type PageFolder, pageEntry } from './page-entry.js';
import { PresetNotes, presetExpansion } from './preset-notes.js';
import { findSiteRoot } from './site-root.js';

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
  // Starlight's asides (`:::note[Title]`); `<TabItem label>` is an attribute (see `attributes`).
  labels: ['note', 'tip', 'caution', 'danger'],
};

/**
 * Starlight, in the site's folder (the one whose `astro.config.*` uses Starlight: the project
 * root, or `docs/` in many repositories): `src/content/docs/` (or its `<source locale>/` folder
 * when the source locale is not the root locale) to `src/content/docs/<locale>/`, every
 * locale's folder the config declares left out of the sources, and the UI strings of
 * `src/content/i18n/<source>.json` to `<locale>.json`.
 */
export const starlightPreset: DocsPreset = {
  name: 'starlight',
  policy,
  expand(context) {
    const notes = new PresetNotes();
    const entries: FileEntry[] = [];
    const site = findSiteRoot(context.root, 'starlight', context.options.root);
    const base = site?.dir ?? '';
    const config = site?.config;
    const srcDir = config?.get(['srcDir']);
    const src =
      typeof srcDir === 'string' ? posix.normalize(base + srcDir).replace(/\/$/, '') : `${base}src`;
    const docs = `${src === '.' ? '' : `${src}/`}content/docs/`;
    const source = context.sourceLocale;
    const declared = config?.keys(['locales']);
    const own = `${docs}${source}/`;
    const nested = existsSync(join(context.root, own));
    const locales = [
      ...new Set([...context.targetLocales, ...(declared ?? [])].filter((l) => l !== 'root')),
    ].filter((l) => l !== source);
    const folder: PageFolder = {
      sourceDir: nested ? own : docs,
      targetDir: `${docs}{locale}/`,
      sourcePrefix: nested ? `/${source}` : '',
      exclude: locales.map((l) => `${docs}${l}/**`),
    };
    const { entry, pages } = pageEntry(context, 'starlight', policy, folder);
    notes.later(() =>
      pages().length === 0 ? `no Markdown pages in '${folder.sourceDir}'` : undefined,
    );
    entries.push(entry);
    const strings = `${docs.replace(/docs\/$/, '')}i18n/${source}.json`;
    if (existsSync(join(context.root, strings)))
      entries.push({
        source: strings.replace(`/${source}.json`, '/{locale}.json'),
        format: 'json',
      });
    if (config && (declared !== undefined || !config.has(['locales']))) {
      notes.later(() =>
        missingLocalesNote({
          generator: 'starlight',
          file: config.file,
          declared,
          sourceLocale: source,
          targetLocales: context.targetLocales,
          sourcePrefix: folder.sourcePrefix,
        }),
      );
    }
    return presetExpansion('starlight', entries, notes);
  },
};
