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
  writeSiteFile,
} from './site-work.js';

const EXAMPLE = join(REPO, 'examples', 'docs-docusaurus');
const DOCUSAURUS = join('node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');

describe('docusaurus preset', () => {
  it('translates the example, which builds in every locale with broken links, anchors and images throwing', async () => {
    const dir = await copySite('docusaurus-example', EXAMPLE, EXAMPLE, ['i18n/de', 'i18n/ja']);
    const run = await translateSite(dir);
    expect(run.exitCode).toBe(0);
    expect(run.summary.locales.de!.failed).toBe(0);

    // UI strings: `message` translated, `description` left for context.
    const code = JSON.parse(await readSiteFile(dir, 'i18n/de/code.json'));
    const source = JSON.parse(await readSiteFile(dir, 'i18n/en/code.json'));
    const key = 'theme.BackToTopButton.buttonAriaLabel';
    expect(code[key].description).toBe(source[key].description);
    expect(code[key].message).not.toBe(source[key].message);
    // Front matter by policy; an image reached from the locale's folder.
    const page = await readSiteFile(
      dir,
      'i18n/de/docusaurus-plugin-content-docs/current/guide/configuration.mdx',
    );
    expect(page).toContain('slug: /guide/configure\n');
    expect(page).not.toContain('sidebar_label: Configure');
    expect(page).toContain('](../../../../../docs/guide/img/pipeline.png)');
    expect(page).toContain("import Tabs from '@theme/Tabs';");
    // A package import stays a package import; a partial the locale has stays relative; text
    // keeps the source's escapes, so MDX compiles it.
    const types = await readSiteFile(
      dir,
      'i18n/de/docusaurus-plugin-content-docs/current/reference/types.mdx',
    );
    expect(types).toContain("import clsx from 'clsx';");
    expect(types).toContain("import Shared from './_shared.mdx';");
    expect(types).toMatch(/^- .*\S\\<\S+, \S+\\> /m);
    expect(types).toMatch(/&lt;\S+&gt;, .* \\\{ .* \\\} /);
    expect(types).toMatch(/<TabItem value="npm" label="\[[^"]+\]">/);

    const log = await runInSite(dir, process.execPath, [DOCUSAURUS, 'build']);
    expect(log).toContain('Generated static files in "build/de"');
    expect(log).toContain('Generated static files in "build/ja"');
    const report = await checkBuiltLinks({ dir: join(dir, 'build') });
    expect(report.problems).toEqual([]);
    expect(report.anchors).toBeGreaterThan(50);

    // `../guide/configuration.mdx#the-options-file` from a German page lands on the translated heading.
    const cli = await readSiteFile(dir, 'build/de/docs/reference/cli/index.html');
    expect(cli).toMatch(/href="?\/de\/docs\/guide\/configure#the-options-file[">\s]/);
    const built = await readSiteFile(dir, 'build/de/docs/reference/types/index.html');
    expect(built).toMatch(/\S&lt;\S+, \S+(?:&gt;|>)/);
    expect(built).toMatch(/class="?badge badge--primary/);
    const target = await readSiteFile(dir, 'build/de/docs/guide/configure/index.html');
    const heading = headingWithId(target, 'the-options-file');
    expect(heading).toBeDefined();
    expect(heading).not.toContain('The options file');
    expect(heading).toMatch(/Ţĥé öþţíöñš ƒíļé/);
  });

  it('writes no page of a locale stopped part-way that it could not finish; the site builds from the source pages', async () => {
    // A page is written whole or not at all: Docusaurus shows the source page in its place.
    const dir = await copySite('docusaurus-partial', EXAMPLE, EXAMPLE, ['i18n/de', 'i18n/ja']);
    await writeSiteFile(
      dir,
      'transloom.config.json',
      JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        preset: 'docusaurus',
        maxCharacters: 300,
      }),
    );
    const run = await translateSite(dir);
    expect(run.exitCode).toBe(4);
    // The UI strings translated before the budget ran out, and no page.
    expect(run.summary.files.written).toEqual(['i18n/de/code.json']);
    const code = JSON.parse(await readSiteFile(dir, 'i18n/de/code.json'));
    const source = JSON.parse(await readSiteFile(dir, 'i18n/en/code.json'));
    const keys = Object.keys(code);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.length).toBeLessThan(Object.keys(source).length);
    for (const key of keys) expect(code[key].message).not.toBe(source[key].message);
    const log = await runInSite(dir, process.execPath, [DOCUSAURUS, 'build', '--locale', 'de']);
    expect(log).toContain('Generated static files in "build"');
    expect((await checkBuiltLinks({ dir: join(dir, 'build') })).problems).toEqual([]);
  });

  it.skipIf(!HAS_FIXTURES)('takes Prettier’s docs through the same path', async () => {
    const fixture = join(FIXTURES, 'docusaurus');
    const dir = await copySite('docusaurus-fixture', fixture, EXAMPLE);
    await writeSiteFile(
      dir,
      'transloom.config.json',
      JSON.stringify({ sourceLocale: 'en', targetLocales: ['de', 'ja'], preset: 'docusaurus' }),
    );
    // Only the build's speed changes: Rspack and SWC, as in the example.
    const config = await readSiteFile(dir, 'docusaurus.config.js');
    await writeSiteFile(
      dir,
      'docusaurus.config.js',
      config.replace(
        'export default config;',
        'config.future = { faster: true, v4: { removeLegacyPostBuildHeadAttribute: true } };\nexport default config;',
      ),
    );
    const run = await translateSite(dir);
    expect(run.exitCode).toBe(0);
    expect(run.summary.files.written).toHaveLength(56);
    const log = await runInSite(dir, process.execPath, [DOCUSAURUS, 'build']);
    expect(log).toContain('Generated static files in "build/ja"');
    const report = await checkBuiltLinks({ dir: join(dir, 'build') });
    expect(report.problems).toEqual([]);
    const options = await readSiteFile(dir, 'build/de/docs/options/index.html');
    const heading = headingWithId(options, 'print-width');
    expect(heading).toBeDefined();
    expect(heading).not.toBe('Print Width');
  });
});
