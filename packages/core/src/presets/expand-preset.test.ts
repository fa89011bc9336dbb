import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig } from '../config/resolve-config.js';
import type { SiteLinks } from '../formats/markdown/site-links.js';
import { expandFiles } from '../pipeline/expand-files.js';

async function site(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'transloom-preset-'));
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

describe('docs presets', () => {
  it('docusaurus: docs, blog and pages into i18n/<locale>/, and the written catalogs', async () => {
    const root = await site({
      'docs/intro.md': '# Intro\n',
      'docs/guide/setup.mdx': '# Setup\n',
      'blog/2024-01-01-hello.md': '# Hello\n',
      'src/pages/about.md': '# About\n',
      'src/pages/index.js': 'export default 1;\n',
      'i18n/en/code.json': '{}\n',
      'i18n/en/docusaurus-theme-classic/navbar.json': '{}\n',
      'docs/node_modules/x/a.md': '',
    });
    const { resolved, pairs } = await expand(root, { preset: 'docusaurus' });
    expect(pairs).toEqual([
      ['docs/guide/setup.mdx', 'i18n/de/docusaurus-plugin-content-docs/current/guide/setup.mdx'],
      ['docs/intro.md', 'i18n/de/docusaurus-plugin-content-docs/current/intro.md'],
      ['blog/2024-01-01-hello.md', 'i18n/de/docusaurus-plugin-content-blog/2024-01-01-hello.md'],
      ['src/pages/about.md', 'i18n/de/docusaurus-plugin-content-pages/about.md'],
      ['i18n/en/code.json', 'i18n/de/code.json'],
      [
        'i18n/en/docusaurus-theme-classic/navbar.json',
        'i18n/de/docusaurus-theme-classic/navbar.json',
      ],
    ]);
    expect(resolved.preset?.notes).toEqual([]);
    const docs = resolved.files[0]!.options!;
    expect(docs.anchors).toEqual({ slug: 'github', marker: 'id' });
    // Docusaurus compiles .md as MDX.
    expect(resolved.files[0]!.format).toBe('mdx');
    expect((docs.site as SiteLinks).pages).toEqual(['docs/guide/setup.mdx', 'docs/intro.md']);
    expect(docs.frontMatter).toContain('sidebar_label');
    expect(docs.frontMatter).not.toContain('slug');
  });

  it('docusaurus: says how to write the catalogs when they are missing', async () => {
    const root = await site({ 'docs/intro.md': '# Intro\n' });
    const { resolved } = await expand(root, { preset: 'docusaurus' });
    expect(resolved.preset?.notes.join('\n')).toContain(
      'npx docusaurus write-translations --locale en',
    );
  });

  it('vitepress: the root locale served from en/ by rewrites goes to <locale>/, other locales are not sources', async () => {
    const root = await site({
      '.vitepress/config.ts': "export default { rewrites: { 'en/:rest*': ':rest*' } }\n",
      'en/index.md': '# Home\n',
      'en/guide/intro.md': '# Intro\n',
      'de/guide/intro.md': '# Einführung\n',
      'README.md': '# Repo\n',
    });
    const { resolved, pairs } = await expand(root, { preset: 'vitepress' });
    expect(pairs).toEqual([
      ['en/guide/intro.md', 'de/guide/intro.md'],
      ['en/index.md', 'de/index.md'],
    ]);
    const site0 = resolved.files[0]!.options!.site as SiteLinks;
    expect(site0).toMatchObject({ sourceDir: 'en/', sourcePrefix: '', localizeRoutes: true });
  });

  it('vitepress: a root locale at the top level, with the target locales’ folders left out', async () => {
    const root = await site({
      'index.md': '# Home\n',
      'guide/intro.md': '# Intro\n',
      'ja/index.md': '# ホーム\n',
      '.vitepress/theme/x.md': '',
      'public/a.md': '',
    });
    const { pairs } = await expand(root, { preset: 'vitepress' });
    expect(pairs).toEqual([
      ['guide/intro.md', 'de/guide/intro.md'],
      ['index.md', 'de/index.md'],
    ]);
  });

  it('starlight: content docs into src/content/docs/<locale>/ and the UI strings; explicit entries win', async () => {
    const root = await site({
      'src/content/docs/index.mdx': '# Home\n',
      'src/content/docs/guides/one.md': '# One\n',
      'src/content/docs/de/guides/one.md': '# Eins\n',
      'src/content/i18n/en.json': '{ "search.label": "Search" }\n',
      'notes/extra.md': 'Extra.\n',
    });
    const { resolved, pairs } = await expand(root, {
      preset: 'starlight',
      presetOptions: { frontMatter: ['title'] },
      files: [{ source: 'src/content/docs/index.mdx', target: 'elsewhere/{locale}/index.mdx' }],
    });
    expect(pairs).toEqual([
      ['src/content/docs/index.mdx', 'elsewhere/de/index.mdx'],
      ['src/content/docs/guides/one.md', 'src/content/docs/de/guides/one.md'],
      ['src/content/i18n/en.json', 'src/content/i18n/de.json'],
    ]);
    const pages = resolved.files[1]!.options!;
    expect(pages.frontMatter).toEqual(['title']);
    expect(pages.anchors).toEqual({ slug: 'astro', marker: 'span' });
  });

  it('refuses an unknown preset and a configuration with neither files nor a preset', async () => {
    const root = await site({});
    expect(() =>
      resolveConfig({ sourceLocale: 'en', targetLocales: ['de'], preset: 'hugo' }, root),
    ).toThrow(ConfigError);
    expect(() => resolveConfig({ sourceLocale: 'en', targetLocales: ['de'] }, root)).toThrow(
      /files: needs at least one file entry \(or a 'preset'\)/,
    );
  });
});
