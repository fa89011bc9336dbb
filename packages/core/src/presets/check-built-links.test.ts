import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBuiltLinks } from './check-built-links.js';

describe('checkBuiltLinks', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'transloom-built-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'index.html':
      '<a href="/guide/setup#install">ok</a>\n<a href="guide/setup.html#missing">bad anchor</a>\n<a href="/de/guide/setup#install">clean url</a>',
    'guide/setup.html':
      '<h2 id="install">Install</h2><a name="old"></a>\n<a href="#install">self</a> <a href="#old">name</a> <a href="#top">top</a>\n<a href="../img/logo.png">asset</a> <a href="/nowhere">gone</a> <a href="https://example.com/x#y">out</a>',
    'de/guide/setup/index.html':
      '<h2 id="einrichtung">Einrichtung <span id="install"></span></h2><a href="../../../guide/setup#install">up</a>',
    'img/logo.png': 'png',
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }

  it('finds links to missing pages and to ids a page does not have, with their positions', async () => {
    const report = await checkBuiltLinks({ dir });
    expect(report.pages).toBe(3);
    expect(report.problems.map((p) => [p.file.slice(dir.length + 1), p.line, p.rule])).toEqual([
      ['guide/setup.html', 3, 'broken-link'],
      ['index.html', 2, 'broken-anchor'],
    ]);
    expect(report.problems[1]!.message).toContain("no element with id 'missing'");
    // Checked: 3 from index, 5 own-site links from setup (the external one is not), 1 from de.
    expect(report.links).toBe(9);
    expect(report.anchors).toBe(6);
  });

  it('reads links under a base path as the site’s own', async () => {
    const report = await checkBuiltLinks({ dir, base: '/docs/' });
    // Root-relative links outside /docs/ are not the site's; relative ones resolve under it.
    expect(report.problems.map((p) => p.rule)).toEqual(['broken-anchor']);
  });
});
