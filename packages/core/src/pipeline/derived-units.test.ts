import { describe, expect, it } from 'vitest';
import { loadDocument } from '../formats/load-document.js';
import { testProject, testService } from '../test-support/test-project.js';

const CONFIG = JSON.stringify({ sourceLocale: 'en', targetLocales: ['de'], preset: 'vitepress' });
const VITEPRESS = "export default { locales: { root: { label: 'English' }, de: {} } }\n";
const PAGE = [
  '# Why',
  '',
  '<script setup>',
  "import diagram from '../images/diagram.svg?raw'",
  '</script>',
  '<svg-image :svg="diagram" />',
  '',
  'The dev server starts at once.',
  '',
  ':::: tabs key:pm',
  '== npm',
  'Install with npm.',
  '::::',
  '',
].join('\n');

describe('markup a target gets from its source', () => {
  it('is listed as derived units, named by kind and place, and worked out per locale', () => {
    const doc = loadDocument({
      path: 'docs/guide/why.md',
      content: PAGE,
      options: {
        labels: [],
        site: {
          generator: 'vitepress',
          sourceDir: 'docs/',
          targetDir: 'docs/{locale}/',
          sourcePrefix: '',
          localizeRoutes: true,
          pages: ['docs/guide/why.md'],
          frontMatter: { links: [], assets: [] },
        },
      },
    });
    expect(doc.units.filter((u) => u.derived).map((u) => [u.id, u.path])).toEqual([
      ['markup:script[0]', '/markup:script[0]'],
      ['markup:fence[0]', '/markup:fence[0]'],
      ['markup:fence[1]', '/markup:fence[1]'],
    ]);
    expect(doc.derive('markup:script[0]', { targetLocale: 'de' })).toBe(
      "&lt;script setup&gt;\nimport diagram from '../../images/diagram.svg?raw'\n&lt;/script&gt;",
    );
    // A person's text for a derived unit is written as it is.
    const out = doc.render(new Map([['markup:fence[0]', ':::: tabs key:manager']]), {
      targetLocale: 'de',
    });
    expect(out).toContain(':::: tabs key:manager\n== npm\n');
    expect(out).toContain("import diagram from '../../images/diagram.svg?raw'");
  });

  it('keeps a person’s edit of an import or markup line, and reports it when its source changes', async () => {
    const server = await testService();
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'docs/.vitepress/config.ts': VITEPRESS,
      'docs/guide/why.md': PAGE,
    });
    const first = await project.run(server);
    expect(first.locales.de!.failed).toBe(0);
    const written = await project.read('docs/de/guide/why.md');
    expect(written).toContain("import diagram from '../../images/diagram.svg?raw'");
    expect(written).toContain(':::: tabs key:pm\n');
    // Derived units are never sent, nor counted as translated.
    expect(first.locales.de!.translated).toBe(4);

    // A person points the import at a German diagram and renames the tab group's key.
    const edited = written
      .replace("'../../images/diagram.svg?raw'", "'../images/diagram.de.svg?raw'")
      .replace(':::: tabs key:pm', ':::: tabs key:paket');
    await project.write('docs/de/guide/why.md', edited);
    const second = await project.run(server);
    expect(second.requests).toBe(0);
    expect(second.locales.de!.kept).toBe(2);
    expect(second.stale).toEqual([]);
    expect(await project.read('docs/de/guide/why.md')).toBe(edited);

    // The source's import changes: the person's line stays, reported as stale; the rest follows.
    await project.write(
      'docs/guide/why.md',
      PAGE.replace('diagram.svg?raw', 'diagram-v2.svg?raw').replace('at once', 'at once, always'),
    );
    const third = await project.run(server);
    expect(third.locales.de!.kept).toBe(2);
    expect(third.stale).toEqual([
      expect.objectContaining({ file: 'docs/guide/why.md', line: 3, unit: 'markup:script[0]' }),
    ]);
    const after = await project.read('docs/de/guide/why.md');
    expect(after).toContain("'../images/diagram.de.svg?raw'");
    expect(after).toContain(':::: tabs key:paket');
    expect(after).not.toContain('at once, always');
  });

  it('works an import line out again where a target holds text no run recorded (an earlier version’s)', async () => {
    const server = await testService();
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'docs/.vitepress/config.ts': VITEPRESS,
      'docs/guide/why.md': PAGE,
    });
    await project.run(server);
    const written = await project.read('docs/de/guide/why.md');
    // What an earlier version wrote: the import left as in the source, which breaks the build.
    const broken = written.replace('../../images/', '../images/');
    await project.write('docs/de/guide/why.md', broken);
    // A lock with the page's texts but no line of its import line, as an earlier version left it.
    const lock = await project.read('transloom.lock');
    await project.write(
      'transloom.lock',
      lock
        .split('\n')
        .filter((line) => !line.includes('"markup:'))
        .join('\n'),
    );
    const run = await project.run(server);
    expect(run.locales.de!.failed).toBe(0);
    expect(await project.read('docs/de/guide/why.md')).toContain(
      "import diagram from '../../images/diagram.svg?raw'",
    );
  });
});
