import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve-config.js';
import type { SiteLinks } from '../formats/markdown/site-links.js';
import { expandFiles } from '../pipeline/expand-files.js';

async function repo(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'transloom-site-root-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

async function expand(root: string, config: Record<string, unknown>) {
  const resolved = resolveConfig(
    { sourceLocale: 'en', targetLocales: ['de', 'ja'], ...config },
    root,
  );
  const files = await expandFiles(resolved);
  return { resolved, pairs: files.map((f) => [f.source, f.target('de')]) };
}

// What a repository around a docs site holds besides the site.
const AROUND = {
  'README.md': '# The project\n',
  'CONTRIBUTING.md': '# Contributing\n',
  'packages/core/README.md': '# Core\n',
  'de/docs/guide/old.md': '# Von einem alten Lauf\n',
};

describe('a docs site inside a repository', () => {
  it('vitepress: finds docs/.vitepress, honours srcExclude, and never takes the files around the site', async () => {
    const root = await repo({
      ...AROUND,
      'docs/.vitepress/config.ts': [
        "import { defineConfig } from 'vitepress'",
        "import { tabsMarkdownPlugin } from 'vitepress-plugin-tabs'",
        'export default defineConfig({',
        "  srcExclude: ['**/README.md', 'drafts/**'],",
        "  locales: { root: { label: 'English' }, zh: { label: '简体中文', link: '/zh/' } },",
        '  markdown: { config(md) { md.use(tabsMarkdownPlugin) } },',
        '  themeConfig: { search: { provider: "local", options: { locales: { de: {} } } } },',
        '})',
      ].join('\n'),
      'docs/index.md': '# Home\n',
      'docs/guide/intro.md': '# Intro\n',
      'docs/README.md': '# About these docs\n',
      'docs/drafts/next.md': '# Next\n',
      'docs/zh/index.md': '# 首页\n',
      'docs/public/robots.md': '',
    });
    const { resolved, pairs } = await expand(root, { preset: 'vitepress' });
    expect(pairs).toEqual([
      ['docs/guide/intro.md', 'docs/de/guide/intro.md'],
      ['docs/index.md', 'docs/de/index.md'],
    ]);
    const site = resolved.files[0]!.options!.site as SiteLinks;
    expect(site).toMatchObject({ sourceDir: 'docs/', targetDir: 'docs/{locale}/' });
    expect(resolved.files[0]!.options!.labels).toContain('tabs');
    // The site's own locales lack de and ja (the theme's search options are not its locales).
    expect(resolved.preset!.notes).toEqual([
      [
        'docs/.vitepress/config.ts does not declare de, ja in locales: VitePress builds their pages into the root locale (one search index and one menu for every language). Add:',
        "    de: { label: 'Deutsch', lang: 'de', link: '/de/' },",
        "    ja: { label: '日本語', lang: 'ja', link: '/ja/' },",
      ].join('\n'),
    ]);
  });

  it('vitepress: a config in .vitepress/config/index.ts, srcDir, and every locale declared: no note', async () => {
    const root = await repo({
      'site/.vitepress/config/index.ts':
        "export default { srcDir: 'src', locales: { root: {}, de: {}, ja: {} } }\n",
      'site/src/index.md': '# Home\n',
      'site/src/de/index.md': '# Start\n',
    });
    const { resolved, pairs } = await expand(root, { preset: 'vitepress' });
    expect(pairs).toEqual([['site/src/index.md', 'site/src/de/index.md']]);
    expect(resolved.preset!.notes).toEqual([]);
  });

  it('vitepress: says when a target locale links to another site', async () => {
    const root = await repo({
      'docs/.vitepress/config.ts':
        "export default { locales: { root: {}, de: { label: 'Deutsch', link: 'https://de.example.dev' }, ja: { link: '/ja/' } } }\n",
      'docs/index.md': '# Home\n',
    });
    const { resolved } = await expand(root, { preset: 'vitepress' });
    expect(resolved.preset!.notes).toEqual([
      "docs/.vitepress/config.ts links locale 'de' to https://de.example.dev, but its translated pages are served from /de/: set link: '/de/' (or leave link out)",
    ]);
  });

  it('vitepress: keeps anchors with a span where {#id} is not the site’s syntax, and says when slugs are its own', async () => {
    const root = await repo({
      'docs/.vitepress/config.ts': [
        'const slugify = (s) => s.replace(/ /g, "-")',
        "export default { locales: { root: {}, de: {}, ja: {} }, markdown: { attrs: { leftDelimiter: '%{', rightDelimiter: '}%' }, anchor: { slugify } } }",
      ].join('\n'),
      'docs/index.md': '# Home\n',
    });
    const { resolved } = await expand(root, { preset: 'vitepress' });
    // Its ids in its own syntax: `%{#id}%`.
    expect(resolved.files[0]!.options!.anchors).toEqual({
      slug: 'vitepress',
      marker: 'id',
      attrs: { left: '%{', right: '}%' },
    });
    expect(resolved.preset!.notes).toEqual([
      "markdown.anchor.slugify in docs/.vitepress/config.ts is the site's own: translated headings keep the anchors VitePress's default slugify gives, which links written for the site's own slugs may not find",
    ]);
  });

  it("vitepress 2: reads @mdit/plugin-attrs's delimiters, and attrs turned off", async () => {
    const own = await repo({
      'docs/.vitepress/config.ts':
        "export default { locales: { root: {}, de: {} }, markdown: { attrs: { left: '%{', right: '}%' } } }\n",
      'docs/index.md': '# Home\n',
    });
    const { resolved } = await expand(own, { preset: 'vitepress' });
    expect(resolved.files[0]!.options!.anchors).toEqual({
      slug: 'vitepress',
      marker: 'id',
      attrs: { left: '%{', right: '}%' },
    });
    const off = await repo({
      'docs/.vitepress/config.ts':
        'export default { locales: { root: {}, de: {} }, markdown: { attrs: false } }\n',
      'docs/index.md': '# Home\n',
    });
    const none = await expand(off, { preset: 'vitepress' });
    expect(none.resolved.files[0]!.options!.anchors).toEqual({ slug: 'vitepress', marker: 'span' });
  });

  it('vitepress: reads a config split over the modules it imports', async () => {
    const root = await repo({
      'docs/.vitepress/config/index.ts': [
        "import { defineConfig } from 'vitepress'",
        "import { sharedConfig } from './shared'",
        "import { zhConfig } from './zh'",
        'export default defineConfig({',
        '  ...sharedConfig,',
        "  locales: { root: { label: 'English' }, zh: { label: '简体中文', ...zhConfig }, de: {}, ja: {} },",
        '})',
      ].join('\n'),
      'docs/.vitepress/config/shared.ts':
        "export const sharedConfig = { srcExclude: ['drafts/**'], markdown: { attrs: { disable: true } } }\n",
      'docs/.vitepress/config/zh.ts':
        'export const zhConfig = { themeConfig: { search: { locales: { fr: {} } } } }\n',
      'docs/index.md': '# Home\n',
      'docs/drafts/x.md': '# Draft\n',
      'docs/zh/index.md': '# 首页\n',
    });
    const { resolved, pairs } = await expand(root, { preset: 'vitepress' });
    expect(pairs).toEqual([['docs/index.md', 'docs/de/index.md']]);
    expect(resolved.files[0]!.options!.anchors).toEqual({ slug: 'vitepress', marker: 'span' });
    expect(resolved.preset!.notes).toEqual([]);
  });

  it('vitepress: a config with no locales gets the whole block to add', async () => {
    const root = await repo({
      'docs/.vitepress/config.mts': "export default { title: 'X' }\n",
      'docs/index.md': '# Home\n',
    });
    const { resolved } = await expand(root, { preset: 'vitepress', targetLocales: ['fr'] });
    expect(resolved.preset!.notes).toEqual([
      [
        'docs/.vitepress/config.mts has no locales: VitePress builds their pages into the root locale (one search index and one menu for every language). Add:',
        '  locales: {',
        "    root: { label: 'English', lang: 'en' },",
        "    fr: { label: 'Français', lang: 'fr', link: '/fr/' },",
        '  },',
      ].join('\n'),
    ]);
  });

  it('the missing-locales note loads language names only when the notes are read', async () => {
    const root = await repo({
      'docs/.vitepress/config.mts': "export default { title: 'X' }\n",
      'docs/index.md': '# Home\n',
    });
    // Counts the language-name lookups the note makes.
    const DisplayNames = Intl.DisplayNames;
    let made = 0;
    (Intl as { DisplayNames: typeof DisplayNames }).DisplayNames = class extends DisplayNames {
      constructor(...args: ConstructorParameters<typeof DisplayNames>) {
        super(...args);
        made++;
      }
    };
    try {
      const { resolved } = await expand(root, { preset: 'vitepress', targetLocales: ['fr'] });
      // A run that never shows the notes (a quiet one, or one with nothing to do) pays nothing.
      expect(made).toBe(0);
      expect(resolved.preset!.notes[0]).toContain("fr: { label: 'Français'");
      expect(made).toBe(2);
      expect(resolved.preset!.notes).toHaveLength(1);
      expect(made).toBe(2);
    } finally {
      (Intl as { DisplayNames: typeof DisplayNames }).DisplayNames = DisplayNames;
    }
  });

  it("lists a site's pages only when a page's links need them, not when the preset expands", async () => {
    const root = await repo({
      'docs/.vitepress/config.mts':
        "export default { title: 'X', locales: { root: {}, fr: {} } }\n",
      'docs/index.md': '# Home\n',
    });
    const { resolved } = await expand(root, { preset: 'vitepress', targetLocales: ['fr'] });
    // A run whose files all match the lock parses no page: it never walks the folder for them.
    await writeFile(join(root, 'docs/later.md'), '# Later\n');
    const site = resolved.files[0]!.options!.site as SiteLinks;
    expect(site.pages).toEqual(['docs/index.md', 'docs/later.md']);
    expect(site.pages).toBe(site.pages);
  });

  it('docusaurus: finds website/, reads the docs path and exclude, and the locales it lacks', async () => {
    const root = await repo({
      ...AROUND,
      'website/docusaurus.config.ts': [
        "import type { Config } from '@docusaurus/types';",
        'const config: Config = {',
        "  i18n: { defaultLocale: 'en', locales: ['en', 'de'] },",
        '  presets: [',
        "    ['classic', { docs: { path: '../docs', exclude: ['**/internal/**'] }, blog: false }],",
        '  ],',
        '  themeConfig: { docs: { sidebar: { hideable: true } } },',
        '};',
        'export default config;',
      ].join('\n'),
      'docs/intro.md': '# Intro\n',
      'docs/internal/notes.md': '# Notes\n',
      'website/blog/2024-01-01-post.md': '# Post\n',
      'website/src/pages/about.md': '# About\n',
      'website/i18n/en/code.json': '{}\n',
    });
    const { resolved, pairs } = await expand(root, { preset: 'docusaurus' });
    expect(pairs).toEqual([
      ['docs/intro.md', 'website/i18n/de/docusaurus-plugin-content-docs/current/intro.md'],
      ['website/src/pages/about.md', 'website/i18n/de/docusaurus-plugin-content-pages/about.md'],
      ['website/i18n/en/code.json', 'website/i18n/de/code.json'],
    ]);
    expect(resolved.preset!.notes).toEqual([
      [
        'website/docusaurus.config.ts does not declare ja in i18n.locales: Docusaurus does not build that locale. Set:',
        "  i18n: { defaultLocale: 'en', locales: ['en', 'de', 'ja'] },",
      ].join('\n'),
    ]);
  });

  it('starlight: finds docs/astro.config.mjs, leaves every declared locale out of the sources', async () => {
    const root = await repo({
      ...AROUND,
      'docs/astro.config.mjs': [
        "import starlight from '@astrojs/starlight';",
        'export default {',
        "  i18n: { locales: ['en', 'fr'] },",
        '  integrations: [starlight({ title: "X", locales: { root: { label: "English", lang: "en" }, fr: { label: "Français" }, de: { label: "Deutsch" } } })],',
        '};',
      ].join('\n'),
      'docs/src/content/docs/index.mdx': '# Home\n',
      'docs/src/content/docs/fr/index.mdx': '# Accueil\n',
      'docs/src/content/i18n/en.json': '{}\n',
    });
    const { resolved, pairs } = await expand(root, { preset: 'starlight' });
    expect(pairs).toEqual([
      ['docs/src/content/docs/index.mdx', 'docs/src/content/docs/de/index.mdx'],
      ['docs/src/content/i18n/en.json', 'docs/src/content/i18n/de.json'],
    ]);
    expect(resolved.preset!.notes).toEqual([
      [
        'docs/astro.config.mjs does not declare ja in locales: Starlight serves their pages as pages of the default locale. Add to starlight({ ... }):',
        "    ja: { label: '日本語', lang: 'ja' },",
      ].join('\n'),
    ]);
  });

  it('takes the site folder from presetOptions.root, and refuses one outside the project', async () => {
    const root = await repo({
      'a/.vitepress/config.ts': 'export default { locales: { root: {}, de: {}, ja: {} } }\n',
      'a/index.md': '# A\n',
      'b/.vitepress/config.ts': 'export default { locales: { root: {}, de: {}, ja: {} } }\n',
      'b/index.md': '# B\n',
    });
    expect((await expand(root, { preset: 'vitepress' })).pairs).toEqual([
      ['a/index.md', 'a/de/index.md'],
    ]);
    const chosen = await expand(root, { preset: 'vitepress', presetOptions: { root: 'b' } });
    expect(chosen.pairs).toEqual([['b/index.md', 'b/de/index.md']]);
    expect(() =>
      resolveConfig(
        {
          sourceLocale: 'en',
          targetLocales: ['de'],
          preset: 'vitepress',
          presetOptions: { root: '../elsewhere' },
        },
        root,
      ),
    ).toThrow(/presetOptions\.root.*outside the project/s);
  });
});
