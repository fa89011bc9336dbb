import { join } from 'node:path';
import { checkBuiltLinks } from '@transloom/core/docs';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the repository, without types.
import { ensureNode22 } from '../../../scripts/prepare-docs-e2e.mjs';
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

const EXAMPLE = join(REPO, 'examples', 'docs-starlight');
const ASTRO = join('node_modules', 'astro', 'bin', 'astro.mjs');
const OUTPUTS = [
  'src/content/docs/de',
  'src/content/docs/ja',
  'src/content/i18n/de.json',
  'src/content/i18n/ja.json',
];

// Astro and Starlight need Node >= 22.12: npm's Node 22 package runs the builds only.
let node22: string;
beforeAll(() => {
  node22 = (ensureNode22 as () => string)();
});

describe('starlight preset', () => {
  it('translates the example, which builds with starlight-links-validator finding every link valid', async () => {
    const dir = await copySite('starlight-example', EXAMPLE, EXAMPLE, OUTPUTS);
    const run = await translateSite(dir);
    expect(run.exitCode).toBe(0);
    expect(run.summary.locales.ja!.failed).toBe(0);
    const strings = JSON.parse(await readSiteFile(dir, 'src/content/i18n/de.json'));
    expect(strings['search.label']).not.toBe('Search the docs');
    const home = await readSiteFile(dir, 'src/content/docs/de/index.mdx');
    expect(home).toContain('file: ../../../assets/hero.png');
    expect(home).toContain('link: /de/guides/getting-started/');

    // Escapes as the source wrote them, an aside's label escaped for MDX, tab labels translated.
    const components = await readSiteFile(
      dir,
      'src/content/docs/de/guides/advanced/components.mdx',
    );
    expect(components).toMatch(/^- .*\S\\<\S+, \S+\\> /m);
    expect(components).toMatch(/^:::tip\[\\\[\S+ \\\{\S+\\\} .*\\\]\]$/m);
    expect(components).toContain('<Tabs syncKey="install">');

    const log = await runInSite(dir, node22, [ASTRO, 'build']);
    expect(log).toContain('All internal links are valid.');
    const report = await checkBuiltLinks({ dir: join(dir, 'dist') });
    expect(report.problems).toEqual([]);
    expect(report.anchors).toBeGreaterThan(20);
    expect(await readSiteFile(dir, 'dist/de/guides/advanced/components/index.html')).toMatch(
      /\S&lt;\S+, \S+&gt;/,
    );

    // Starlight has no custom heading ids: `#first-steps` lands on the span in the translated heading.
    const start = await readSiteFile(dir, 'dist/de/guides/getting-started/index.html');
    const heading = headingWithId(start, 'first-steps');
    expect(heading).toBeDefined();
    expect(heading).toMatch(/Ƒíŕšţ šţéþš/);
    const card = await readSiteFile(dir, 'dist/de/index.html');
    expect(card).toMatch(/href="?\/de\/guides\/getting-started\/#first-steps/);
  });

  it.skipIf(!HAS_FIXTURES)('takes Starlight’s own docs through the same path', async () => {
    const fixture = join(FIXTURES, 'starlight');
    const dir = await copySite('starlight-fixture', fixture, EXAMPLE);
    await writeSiteFile(
      dir,
      'transloom.config.json',
      JSON.stringify({ sourceLocale: 'en', targetLocales: ['de', 'ja'], preset: 'starlight' }),
    );
    const run = await translateSite(dir);
    expect(run.exitCode).toBe(0);
    expect(run.summary.files.written).toHaveLength(34);
    const log = await runInSite(dir, node22, [ASTRO, 'build'], { CHECK_LINKS: 'true' });
    expect(log).toContain('All internal links are valid.');
    const report = await checkBuiltLinks({ dir: join(dir, 'dist') });
    expect(report.problems).toEqual([]);
  });
});
