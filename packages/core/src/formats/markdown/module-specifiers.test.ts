import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.js';
import type { SiteLinks } from './site-links.js';

function shout(segment: string): string {
  return segment.replace(/(^|>)([^<]*)/g, (_m, a: string, b: string) => a + b.toUpperCase());
}

function render(path: string, content: string, site: SiteLinks, format?: 'mdx') {
  const doc = loadDocument({ path, content, ...(format ? { format } : {}), options: { site } });
  return {
    doc,
    out: doc.render(
      new Map(doc.units.filter((u) => !u.derived).map((u) => [u.id, shout(u.segment)])),
      {
        targetLocale: 'de',
      },
    ),
  };
}

const vitepress: SiteLinks = {
  generator: 'vitepress',
  sourceDir: 'docs/',
  targetDir: 'docs/{locale}/',
  sourcePrefix: '',
  localizeRoutes: true,
  pages: ['docs/index.md', 'docs/guide/why.md', 'docs/guide/parts/basics.md'],
  frontMatter: { links: [], assets: [] },
};

const docusaurus: SiteLinks = {
  generator: 'docusaurus',
  sourceDir: 'docs/',
  targetDir: 'i18n/{locale}/docusaurus-plugin-content-docs/current/',
  sourcePrefix: '',
  localizeRoutes: false,
  pages: ['docs/guide/a.mdx', 'docs/_part.mdx'],
  frontMatter: { links: [], assets: [] },
};

describe('module specifiers of docs pages', () => {
  it('points relative imports of a VitePress <script setup> back at the source, query kept', () => {
    const content = [
      '<script setup>',
      "import bundlerSvg from '../images/bundler.svg?raw'",
      "import { ref } from 'vue'",
      "import Comp from '@theme/components/Comp.vue'",
      "import data from '#data'",
      "import mod from 'virtual:my-module'",
      '</script>',
      '<svg-image :svg="bundlerSvg" />',
      '',
      'Some text.',
      '',
      '<script setup lang="ts">',
      "import type { Props } from './types'",
      "const lazy = defineAsyncComponent(() => import('./Lazy.vue'))",
      "const x: number = require('../x.json').a as number",
      '</script>',
      '',
    ].join('\n');
    const { doc, out } = render('docs/guide/why.md', content, vitepress);
    expect(doc.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual(['Some text.']);
    expect(out).toContain("import bundlerSvg from '../../images/bundler.svg?raw'");
    expect(out).toContain("import { ref } from 'vue'");
    expect(out).toContain("import Comp from '@theme/components/Comp.vue'");
    expect(out).toContain("import data from '#data'");
    expect(out).toContain("import mod from 'virtual:my-module'");
    expect(out).toContain("import type { Props } from '../../guide/types'");
    expect(out).toContain("import('../../guide/Lazy.vue')");
    expect(out).toContain("require('../../x.json')");
    expect(out).toContain('SOME TEXT.');

    const home = render(
      'docs/index.md',
      "<script setup>\nimport Home from './.vitepress/theme/landing/Layout.vue'\n</script>\n\n<Home />\n",
      vitepress,
    );
    expect(home.out).toContain("import Home from '../.vitepress/theme/landing/Layout.vue'");
  });

  it('leaves Vue’s bound attributes alone: :href and v-bind:src are code, not paths', () => {
    const content =
      '<div>\n  <a :href="dep.repository" v-bind:src="logo.svg" href="./files/a.pdf">Repo</a>\n</div>\n';
    const { out } = render('docs/guide/why.md', content, vitepress);
    expect(out).toBe(
      '<div>\n  <a :href="dep.repository" v-bind:src="logo.svg" href="../../guide/files/a.pdf">REPO</a>\n</div>\n',
    );
  });

  it('points VitePress includes and snippet imports back at the source unless the locale has the page', () => {
    const content = [
      '<!--@include: ./parts/basics.md-->',
      '',
      '<!--@include: ./parts/extra.md{3,}-->',
      '',
      '<<< ./snippets/snippet.js#region{2} [label]',
      '',
      '<<< @/snippets/other.js',
      '',
    ].join('\n');
    const { doc, out } = render('docs/guide/why.md', content, vitepress);
    expect(doc.units.filter((u) => !u.derived)).toEqual([]);
    expect(out).toBe(
      [
        '<!--@include: ./parts/basics.md-->',
        '',
        '<!--@include: ../../guide/parts/extra.md{3,}-->',
        '',
        '<<< ../../guide/snippets/snippet.js#region{2} [label]',
        '',
        '<<< @/snippets/other.js',
        '',
      ].join('\n'),
    );
  });

  it('never rewrites a package import or an alias in MDX, and points relative ones at the source', () => {
    const content = [
      "import Embed from 'some-react-package';",
      "import Tabs from '@theme/Tabs';",
      "import Site from '@site/src/components/Site';",
      "import Alias from '@/components/Alias';",
      "import Home from '~/components/Home';",
      "import Part from '../_part.mdx';",
      "import Chart from './chart.jsx';",
      "export { meta } from './meta.js';",
      '',
      '# Title',
      '',
      '<img src={require(\'./img/x.png\').default} alt="Alt" />',
      '',
      "{import('./lazy.js') && null}",
      '',
    ].join('\n');
    const { out } = render('docs/guide/a.mdx', content, docusaurus);
    const up = '../../../../../docs';
    expect(out).toContain("import Embed from 'some-react-package';");
    expect(out).toContain("import Tabs from '@theme/Tabs';");
    expect(out).toContain("import Site from '@site/src/components/Site';");
    expect(out).toContain("import Alias from '@/components/Alias';");
    expect(out).toContain("import Home from '~/components/Home';");
    expect(out).toContain("import Part from '../_part.mdx';");
    expect(out).toContain(`import Chart from '${up}/guide/chart.jsx';`);
    expect(out).toContain(`export { meta } from '${up}/guide/meta.js';`);
    expect(out).toContain(`<img src={require('${up}/guide/img/x.png').default} alt="ALT" />`);
    expect(out).toContain(`{import('${up}/guide/lazy.js') && null}`);
  });
});
