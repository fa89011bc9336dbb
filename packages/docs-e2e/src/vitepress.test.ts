import { join } from 'node:path';
import { checkBuiltLinks } from '@transloom/core/docs';
import { describe, expect, it } from 'vitest';
import {
  copySite,
  FIXTURES,
  HAS_FIXTURES,
  headingWithId,
  REPO,
  readSiteFile,
  runInSite,
  translateSite,
  transloom,
  writeSiteFile,
} from './site-work.js';

const EXAMPLE = join(REPO, 'examples', 'docs-vitepress');
const VITEPRESS = join('node_modules', 'vitepress', 'bin', 'vitepress.js');

async function buildAndCheck(dir: string) {
  await runInSite(dir, process.execPath, [VITEPRESS, 'build']);
  // VitePress stops on dead page links but not on dead #anchors: every link is checked here.
  return checkBuiltLinks({ dir: join(dir, '.vitepress', 'dist') });
}

describe('vitepress preset', () => {
  it('translates the example, which builds with every page link and anchor working', async () => {
    const dir = await copySite('vitepress-example', EXAMPLE, EXAMPLE, ['de', 'ja']);
    const run = await translateSite(dir);
    expect(run.exitCode).toBe(0);
    expect(run.summary.locales.de!.failed).toBe(0);
    expect(run.summary.files.written).toHaveLength(10);
    // The site's README.md is left out by srcExclude: not a page, not translated.
    expect(run.summary.files.written).not.toContain('de/README.md');
    // A page's <script setup> imports reach the source from de/ (query kept; packages
    // untouched), its includes and snippet imports too; vitepress-plugin-tabs and code-group
    // markup stays as written, tab labels translated.
    const components = await readSiteFile(dir, 'de/guide/advanced/components.md');
    expect(components).toContain("import diagram from '../../../images/diagram.svg?raw';");
    expect(components).toContain("import Greeting from '../../../components/Greeting.vue';");
    expect(components).toContain("import { ref } from 'vue';");
    expect(components).toContain('<<< ../../../snippets/loom.config.js#languages\n');
    expect(components).toContain('<!--@include: ../../../guide/advanced/parts/note.md-->');
    expect(components).toContain(':::: tabs key:pm\n== [ñþɱ]\n');
    expect(components).toContain('```sh [npm]\nnpm install loom-cli\n```');
    const report = await buildAndCheck(dir);
    expect(report.problems).toEqual([]);
    expect(report.pages).toBe(16);
    expect(report.anchors).toBeGreaterThan(20);
    const built = await readSiteFile(dir, '.vitepress/dist/de/guide/advanced/components.html');
    expect(built).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(built).toContain('Loom greets the reader.');
    expect(built).toContain('included from a part that is not a page of its own');

    // An anchor link into a translated heading lands on that heading.
    const home = await readSiteFile(dir, '.vitepress/dist/de/index.html');
    expect(home).toContain('href="/de/guide/getting-started#first-steps"');
    const page = await readSiteFile(dir, '.vitepress/dist/de/guide/getting-started.html');
    const heading = headingWithId(page, 'first-steps');
    expect(heading).toBeDefined();
    expect(heading).not.toContain('First steps');
    expect(heading).toMatch(/Ƒíŕšţ šţéþš/);
    // The second "Setup" keeps its counted anchor; the image is the source's.
    expect(headingWithId(page, 'setup-1')).toMatch(/Šéţúþ/);
    expect(await readSiteFile(dir, 'de/guide/getting-started.md')).toContain(
      '](../../guide/img/flow.png)',
    );

    // One changed page: one request per locale.
    const again = await translateSite(dir);
    expect(again.summary.requests).toBe(0);
    const source = await readSiteFile(dir, 'guide/advanced/containers.md');
    await writeSiteFile(
      dir,
      'guide/advanced/containers.md',
      source.replace('their text stays as written', 'their text stays exactly as written'),
    );
    const changed = await translateSite(dir);
    expect(changed.summary.requests).toBe(2);
    expect(changed.summary.locales.de!.translated).toBe(1);
    expect(changed.summary.files.written.sort()).toEqual([
      'de/guide/advanced/containers.md',
      'ja/guide/advanced/containers.md',
    ]);

    // A person's edit is kept, and reported once its source changes.
    const german = await readSiteFile(dir, 'de/guide/advanced/containers.md');
    const edited = german.replace(/^\\\[Ɓáðĝéš .*$/m, 'Abzeichen sind Vue-Komponenten.');
    expect(edited).not.toBe(german);
    await writeSiteFile(dir, 'de/guide/advanced/containers.md', edited);
    const kept = await translateSite(dir);
    expect(kept.summary.requests).toBe(0);
    expect(kept.summary.locales.de!.kept).toBe(1);
    const current = await readSiteFile(dir, 'guide/advanced/containers.md');
    await writeSiteFile(
      dir,
      'guide/advanced/containers.md',
      current.replace('Badges are Vue components', 'Badges are small Vue components'),
    );
    const stale = await translateSite(dir);
    expect(stale.summary.locales.de!.stale).toBe(1);
    expect(stale.summary.stale).toEqual([
      expect.objectContaining({ file: 'guide/advanced/containers.md', locale: 'de', line: 15 }),
    ]);
    expect(await readSiteFile(dir, 'de/guide/advanced/containers.md')).toContain(
      'Abzeichen sind Vue-Komponenten.',
    );
    expect(await readSiteFile(dir, 'ja/guide/advanced/containers.md')).not.toContain('Badges are');

    // A person's edit of an import or markup line is theirs too: kept, never undone.
    const componentsPage = await readSiteFile(dir, 'de/guide/advanced/components.md');
    const own = componentsPage
      .replace("'../../../components/Greeting.vue'", "'../../../components/Greeting.vue?v=de'")
      .replace(':::: tabs key:pm', ':::: tabs key:paket');
    await writeSiteFile(dir, 'de/guide/advanced/components.md', own);
    const markup = await translateSite(dir);
    expect(markup.summary.requests).toBe(0);
    expect(markup.summary.locales.de!.kept).toBe(3);
    expect(await readSiteFile(dir, 'de/guide/advanced/components.md')).toBe(own);
    // And the site still builds with every link and anchor working.
    expect((await buildAndCheck(dir)).problems).toEqual([]);
  });

  it('translates a site kept in docs/ of a repository, set up by init at the repository’s root', async () => {
    const dir = await copySite('vitepress-repo', EXAMPLE, EXAMPLE, ['de', 'ja'], 'docs');
    await writeSiteFile(dir, 'README.md', '# The project\n\nWhat the repository holds.\n');
    await writeSiteFile(dir, 'CONTRIBUTING.md', '# Contributing\n\nHow to help.\n');
    await writeSiteFile(dir, 'packages/loom/README.md', '# loom\n\nThe package.\n');
    const init = await transloom(dir, ['init']);
    expect(init).toContain('found a VitePress site in docs/');
    expect(await readSiteFile(dir, 'transloom.config.mjs')).toContain(
      "presetOptions: { root: 'docs' },",
    );
    const run = await translateSite(dir);
    expect(run.exitCode).toBe(0);
    expect(run.summary.files.written).toHaveLength(10);
    for (const path of run.summary.files.written) expect(path).toMatch(/^docs\/(de|ja)\//);
    const page = await readSiteFile(dir, 'docs/de/guide/advanced/components.md');
    expect(page).toContain("import diagram from '../../../images/diagram.svg?raw';");
    await runInSite(join(dir, 'docs'), process.execPath, [join('..', VITEPRESS), 'build']);
    const report = await checkBuiltLinks({ dir: join(dir, 'docs', '.vitepress', 'dist') });
    expect(report.problems).toEqual([]);
    expect(report.pages).toBe(16);
  });

  it.skipIf(!HAS_FIXTURES)(
    'takes VitePress’s own docs (root locale in en/, served from / by rewrites) through the same path',
    async () => {
      const fixture = join(FIXTURES, 'vitepress');
      const dir = await copySite('vitepress-fixture', fixture, EXAMPLE);
      await writeSiteFile(
        dir,
        'transloom.config.json',
        JSON.stringify({ sourceLocale: 'en', targetLocales: ['de', 'ja'], preset: 'vitepress' }),
      );
      const run = await translateSite(dir);
      expect(run.exitCode).toBe(0);
      expect(run.summary.files.written).toHaveLength(42);
      const report = await buildAndCheck(dir);
      expect(report.problems).toEqual([]);
      // `/guide/routing#linking-between-pages` from a German page lands on the translated heading.
      const routing = await readSiteFile(dir, '.vitepress/dist/de/guide/routing.html');
      const heading = headingWithId(routing, 'linking-between-pages');
      expect(heading).toBeDefined();
      expect(heading).not.toBe('Linking Between Pages');
    },
  );

  it("writes heading ids in the site's own markdown.attrs syntax (%{#id}%), and the site builds with every anchor working", async () => {
    const dir = await copySite('vitepress-attrs', EXAMPLE, EXAMPLE, ['de', 'ja']);
    const config = await readSiteFile(dir, '.vitepress/config.mts');
    const own = config.replace(
      '  markdown: {\n',
      // VitePress 2's @mdit/plugin-attrs names its delimiters `left` and `right`.
      "  markdown: {\n    attrs: { left: '%{', right: '}%' },\n",
    );
    expect(own).not.toBe(config);
    await writeSiteFile(dir, '.vitepress/config.mts', own);
    // Its pages set ids in its syntax.
    for (const page of ['reference/config.md', 'guide/getting-started.md']) {
      const text = await readSiteFile(dir, page);
      await writeSiteFile(dir, page, text.replace(/\{#([a-z-]+)\}/g, '%{#$1}%'));
    }
    const run = await translateSite(dir);
    expect(run.exitCode).toBe(0);
    const german = await readSiteFile(dir, 'de/guide/getting-started.md');
    expect(german).toMatch(/^## .* %\{#writing\}%$/m);
    expect(german).toMatch(/^## .* %\{#first-steps\}%$/m);
    expect(german).not.toContain('<span id=');
    expect(german).not.toMatch(/[^%]\{#[a-z-]+\}/);
    const report = await buildAndCheck(dir);
    expect(report.problems).toEqual([]);
    const page = await readSiteFile(dir, '.vitepress/dist/de/guide/getting-started.html');
    expect(headingWithId(page, 'first-steps')).toMatch(/Ƒíŕšţ šţéþš/);
    expect(headingWithId(page, 'writing')).toBeDefined();
    expect(page).not.toContain('%{#');
  });
});
