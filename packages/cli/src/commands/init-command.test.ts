import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createProject, type ResolvedConfig } from '@transloom/core';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { catalog, LAYOUTS, project, xliff } from '../test-support/init-layouts.js';
import { memoryIo } from '../test-support/memory-io.js';

/** The configuration's source files, each with its target per locale, as Transloom expands them. */
// The configuration written in `root`, as the engine reads it.
async function loadConfig({ cwd }: { cwd: string }): Promise<ResolvedConfig> {
  const project = await createProject({ cwd, env: {} });
  await project.close();
  return project.config;
}

// Each source file of the configuration in `root` with its target path per locale.
async function expanded(root: string): Promise<Record<string, Record<string, string>>> {
  const project = await createProject({ cwd: root, env: {} });
  const { files } = await project.files();
  await project.close();
  const out: Record<string, Record<string, string>> = {};
  for (const file of files.values()) {
    out[file.source] ??= {};
    if (file.kind === 'target') out[file.source]![file.locale] = file.file;
  }
  return out;
}

async function init(root: string, ...args: string[]) {
  const io = memoryIo(root);
  const code = await runCli(['init', ...args], io);
  return { code, stdout: io.stdout.text, stderr: io.stderr.text };
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('transloom init', () => {
  it.each(LAYOUTS)('writes a configuration that reproduces $name', async (layout) => {
    const root = await project(layout.files);
    const run = await init(root);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^searched \d+ folders; node_modules/);
    expect(run.stdout).toMatch(/\nwrote transloom\.config\.mjs for /);
    const text = await readFile(join(root, 'transloom.config.mjs'), 'utf8');
    expect(text).toMatch(/^\/\/ Transloom configuration/);
    const config = await loadConfig({ cwd: root });
    expect(config).toMatchObject({
      sourceLocale: layout.sourceLocale,
      targetLocales: layout.targetLocales,
    });
    expect(await expanded(root)).toEqual(layout.expected);
  });

  it('says which files it found, how many catalogs and keys, and why it chose one', async () => {
    const root = await project(LAYOUTS[1]!.files);
    const { stdout } = await init(root);
    expect(stdout).toContain('found 2 catalog sets:\n');
    expect(stdout).toContain(
      '* public/intl/messages/{locale}.json: one catalog per locale; 4 catalogs, 12 keys in en-US.json, 3 target locales (de-DE, en-GB, pt-BR)\n',
    );
    expect(stdout).toContain(
      '  public/intl/country/{locale}.json: one catalog per locale; 2 catalogs, 5 keys in en-US.json, 1 target locale (de-DE)\n',
    );
    expect(stdout).toContain(
      'chose public/intl/messages/{locale}.json: the most to translate (12 keys x 3 locales; next: 5 x 1)\n',
    );
    expect(stdout).toContain('  source locale en-US\n');
  });

  it('leaves out a locale the service does not translate into, and refuses it when asked for', async () => {
    const layout = LAYOUTS.find((l) => l.name.includes('drawing app'))!;
    const root = await project(layout.files);
    const { stdout } = await init(root);
    expect(stdout).toContain('2 target locales (de-DE, kab-KAB)');
    expect(stdout).toContain(
      '  left out kab-KAB: the translation service does not translate into it\n',
    );
    // Asked for, it is refused with the configuration's own words, and nothing is written.
    const asked = await project(layout.files);
    const refused = await init(asked, '--target', 'kab-KAB');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      "--target 'kab-KAB' is not a language the service translates into",
    );
    expect(existsSync(join(asked, 'transloom.config.mjs'))).toBe(false);
  });

  it('explains a monorepo glob and the locales a package will gain', async () => {
    const root = await project(LAYOUTS.at(-1)!.files);
    const { stdout } = await init(root);
    expect(stdout).toContain(
      '* packages/*/locales/{locale}.json: one catalog per locale in 2 packages; 5 catalogs, 7 keys in 2 en catalogs',
    );
    expect(stdout).toContain('packages/app/locales/ lacks fr: translate writes them');
    const text = await readFile(join(root, 'transloom.config.mjs'), 'utf8');
    expect(text).toContain("    { source: 'packages/*/locales/{locale}.json' },\n");
  });

  it('writes an entry of its own for a locale its file spells differently', async () => {
    const root = await project(LAYOUTS.find((l) => l.name.startsWith('locales spelled'))!.files);
    await init(root);
    const text = await readFile(join(root, 'transloom.config.mjs'), 'utf8');
    expect(text).toContain(
      "    { source: 'src/i18n/{locale}.json', locales: ['de'] },\n    { source: 'src/i18n/en.json', target: 'src/i18n/pt_BR.json', locales: ['pt-BR'] },\n",
    );
  });

  it('refuses to guess between two sets of the same size, and --source chooses', async () => {
    const files = {
      'src/locales/en.json': catalog(6),
      'src/locales/de.json': catalog(2),
      'public/lang/en.json': catalog(6),
      'public/lang/fr.json': catalog(2),
    };
    const root = await project(files);
    const refused = await init(root);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'transloom init: 2 catalog sets are about as large; pass --source with the one to translate',
    );
    expect(refused.stderr).toContain('public/lang/{locale}.json: one catalog per locale');
    expect(refused.stderr).toContain('src/locales/{locale}.json: one catalog per locale');
    expect(await exists(join(root, 'transloom.config.mjs'))).toBe(false);

    const byFile = await init(root, '--source', 'src/locales/en.json');
    expect(byFile.code).toBe(0);
    expect(byFile.stdout).toContain('chose src/locales/{locale}.json: named by --source\n');
    expect(await expanded(root)).toEqual({ 'src/locales/en.json': { de: 'src/locales/de.json' } });

    const other = await project(files);
    expect((await init(other, '--source', 'public/lang')).code).toBe(0);
    expect(await expanded(other)).toEqual({ 'public/lang/en.json': { fr: 'public/lang/fr.json' } });
  });

  it('takes --source as a file or a folder and infers the rest around it', async () => {
    // A catalog alone: no translation beside it, so only --source makes it one.
    const alone = await project({ 'src/translations/en.json': catalog(3) });
    const refused = await init(alone);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'catalogs without a translation beside them: src/translations/en.json; pass one as --source',
    );
    const run = await init(alone, '--source', 'src/translations/en.json', '--target', 'ja');
    expect(run.code).toBe(0);
    expect(await expanded(alone)).toEqual({
      'src/translations/en.json': { ja: 'src/translations/ja.json' },
    });

    // A locale folder: its parent holds the other locales.
    const folders = await project({
      'locales/en/common.json': catalog(2),
      'locales/de/common.json': catalog(1),
    });
    expect((await init(folders, '--source', 'locales/en')).code).toBe(0);
    expect(await expanded(folders)).toEqual({
      'locales/en/common.json': { de: 'locales/de/common.json' },
    });

    // A catalog whose name carries no locale: translations go beside it.
    const unnamed = await project({ 'i18n/strings.json': catalog(2) });
    expect((await init(unnamed, '--source', 'i18n/strings.json', '--target', 'fr')).code).toBe(0);
    expect(await expanded(unnamed)).toEqual({
      'i18n/strings.json': { fr: 'i18n/strings.fr.json' },
    });

    // A file in a locale folder makes that locale the source, whatever the folder's size.
    const i18next = await project({
      'locales/en/a.json': catalog(1),
      'locales/en/b.json': catalog(1),
      'locales/de/a.json': catalog(3),
    });
    expect((await init(i18next, '--source', 'locales/de/a.json')).code).toBe(0);
    expect(await expanded(i18next)).toEqual({
      'locales/de/a.json': { en: 'locales/en/a.json' },
    });

    // A German catalog named as the source makes German the source locale.
    const german = await project({ 'lang/de.json': catalog(4), 'lang/en.json': catalog(1) });
    expect((await init(german, '--source', 'lang/de.json')).code).toBe(0);
    expect(await expanded(german)).toEqual({ 'lang/de.json': { en: 'lang/en.json' } });

    // Deeper than the search goes, and in a folder it skips.
    const deep = await project({
      'a/b/c/d/e/f/g/locales/en.json': catalog(2),
      'a/b/c/d/e/f/g/locales/de.json': catalog(1),
      'build/i18n/en.json': catalog(2),
      'build/i18n/de.json': catalog(1),
    });
    expect((await init(deep)).code).toBe(2);
    expect((await init(deep, '--source', 'a/b/c/d/e/f/g/locales/en.json')).code).toBe(0);
    const skipped = await project({ 'build/i18n/en.json': catalog(2), 'build/i18n/de.json': '{}' });
    expect((await init(skipped, '--source', 'build/i18n')).code).toBe(0);
    expect(await expanded(skipped)).toEqual({ 'build/i18n/en.json': { de: 'build/i18n/de.json' } });
  });

  it('refuses a --source that is missing, outside the project, or a translation', async () => {
    const root = await project({
      'src/locale/messages.xlf': xliff(1),
      'src/locale/messages.de.xlf': xliff(1, 'de'),
    });
    const missing = await init(root, '--source', 'nope.json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--source nope.json: no such file or folder');
    const outside = await init(root, '--source', '..');
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('is outside the project');
    const target = await init(root, '--source', 'src/locale/messages.de.xlf');
    expect(target.code).toBe(2);
    expect(target.stderr).toContain(
      'src/locale/messages.de.xlf is the de translation of src/locale/messages.xlf; pass the source catalog to --source',
    );
  });

  it('skips dependencies, build output and hidden folders, and files that are not catalogs', async () => {
    const big = { 'en.json': catalog(50), 'de.json': catalog(50), 'fr.json': catalog(50) };
    const files: Record<string, string> = {
      'src/i18n/en.json': catalog(2),
      'src/i18n/de.json': catalog(1),
      // Not catalogs: a list of locales, configuration files, code folders named like languages.
      'package.json': '{"name":"app"}',
      'tsconfig.json': '{}',
      'src/locales.json': '["en","de"]',
      'i18n.config.json': '{"locales":["en","de"]}',
      'src/app.json': '{}',
      'es/index.json': '{}',
      'src/index.json': '{}',
    };
    for (const folder of [
      'node_modules/lib/locales',
      'dist/locales',
      'build/locales',
      '.next/locales',
      'out/l',
      'coverage/l',
      '.git/l',
      '.cache/l',
      'vendor/pkg/locales',
    ])
      for (const [name, text] of Object.entries(big)) files[`${folder}/${name}`] = text;
    const root = await project(files);
    const { code, stdout } = await init(root);
    expect(code).toBe(0);
    expect(stdout).toContain('found 1 catalog set:\n* src/i18n/{locale}.json');
    expect(await expanded(root)).toEqual({ 'src/i18n/en.json': { de: 'src/i18n/de.json' } });
  });

  it('names a docs site by its preset', async () => {
    const root = await project({
      'docusaurus.config.ts': 'export default {}',
      'docs/intro.md': '# Hi',
    });
    expect(await runCli(['init', '--target', 'de', '--target', 'ja'], memoryIo(root))).toBe(0);
    const text = await readFile(join(root, 'transloom.config.mjs'), 'utf8');
    expect(text).toContain("preset: 'docusaurus',");
    expect(text).toContain("targetLocales: ['de', 'ja'],");
    const vitepress = await project({
      'docs/.vitepress/config.mts': 'export default {}',
      'docs/index.md': '# Hi',
      'docs/fr/index.md': '# Salut',
    });
    const io = memoryIo(vitepress);
    expect(await runCli(['init'], io)).toBe(0);
    expect(io.stdout.text).toContain(
      "found a VitePress site in docs/: its preset 'vitepress' configures it",
    );
    expect(await loadConfig({ cwd: vitepress })).toMatchObject({ targetLocales: ['fr'] });
  });

  it('at a repository’s root, sets the site’s folder, takes its declared locales and says what its config lacks', async () => {
    const root = await project({
      'README.md': '# Project',
      'CONTRIBUTING.md': '# Contributing',
      'packages/core/README.md': '# Core',
      'docs/.vitepress/config.ts':
        "export default { locales: { root: { label: 'English' }, fr: { label: 'Français' } } }",
      'docs/index.md': '# Home',
      'docs/guide/intro.md': '# Intro',
      'docs/fr/index.md': '# Accueil',
    });
    const io = memoryIo(root);
    expect(await runCli(['init', '--target', 'fr', '--target', 'de'], io)).toBe(0);
    const text = await readFile(join(root, 'transloom.config.mjs'), 'utf8');
    expect(text).toContain("  presetOptions: { root: 'docs' },\n");
    expect(io.stdout.text).toContain('found a VitePress site in docs/');
    expect(io.stdout.text).toContain(
      [
        'note: docs/.vitepress/config.ts does not declare de in locales: VitePress builds their pages into the root locale (one search index and one menu for every language). Add:',
        "    de: { label: 'Deutsch', lang: 'de', link: '/de/' },",
      ].join('\n'),
    );
    expect(await expanded(root)).toEqual({
      'docs/guide/intro.md': { fr: 'docs/fr/guide/intro.md', de: 'docs/de/guide/intro.md' },
      'docs/index.md': { fr: 'docs/fr/index.md', de: 'docs/de/index.md' },
    });
    // Without --target, the locales the site's config declares are the targets.
    const again = await project({
      'docs/.vitepress/config.ts': 'export default { locales: { root: {}, ja: {}, ko: {} } }',
      'docs/index.md': '# Home',
    });
    expect(await runCli(['init'], memoryIo(again))).toBe(0);
    expect(await loadConfig({ cwd: again })).toMatchObject({ targetLocales: ['ja', 'ko'] });
  });

  it('never overwrites a configuration, and says when it finds nothing it knows', async () => {
    const root = await project({ 'messages/en.json': '{}', '.transloomrc.json': '{"keep":true}' });
    const io = memoryIo(root);
    expect(await runCli(['init'], io)).toBe(2);
    expect(io.stderr.text).toContain('.transloomrc.json already configures Transloom');
    expect(await readFile(join(root, '.transloomrc.json'), 'utf8')).toBe('{"keep":true}');
    const empty = await project({ 'README.md': '' });
    const none = memoryIo(empty);
    expect(await runCli(['init'], none)).toBe(2);
    expect(none.stderr.text).toContain('found no localization files Transloom knows');
  });
});
