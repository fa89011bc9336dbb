import { describe, expect, it } from 'vitest';
import { FormatError } from '../../document/diagnostics.js';
import { loadDocument } from '../load-document.js';
import type { SiteLinks } from './site-links.js';

// A stand-in translation: every text run upper-cased, markup left as it is.
function shout(segment: string): string {
  return segment.replace(/(^|>)([^<]*)/g, (_m, a: string, b: string) => a + b.toUpperCase());
}

function translate(path: string, content: string, options: Record<string, unknown> = {}) {
  const doc = loadDocument({ path, content, options });
  const map = new Map(doc.units.filter((u) => !u.derived).map((u) => [u.id, shout(u.segment)]));
  return { doc, out: doc.render(map, { targetLocale: 'de' }) };
}

const vitepress: SiteLinks = {
  generator: 'vitepress',
  sourceDir: 'en/',
  targetDir: '{locale}/',
  sourcePrefix: '',
  localizeRoutes: true,
  pages: ['en/index.md', 'en/guide/intro.md', 'en/guide/setup.md'],
  frontMatter: { links: ['hero.actions.*.link'], assets: [] },
};

describe('Markdown for docs sites', () => {
  it('keeps container fences byte-identical and translates their titles on their own', () => {
    const content =
      '::: tip Read this\nSome *body* text.\n:::\n\n::: details\nHidden.\n:::\n\n:::warning[Be careful]\n\nBody.\n\n:::\n\n```md\n::: tip Not a container\n```\n';
    const { doc, out } = translate('a.md', content);
    expect(doc.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual([
      'Read this',
      'Some <g id="1">body</g> text.',
      'Hidden.',
      'Be careful',
      'Body.',
    ]);
    expect(out).toBe(
      '::: tip READ THIS\nSOME *BODY* TEXT.\n:::\n\n::: details\nHIDDEN.\n:::\n\n:::warning[BE CAREFUL]\n\nBODY.\n\n:::\n\n```md\n::: tip Not a container\n```\n',
    );
  });

  it('reads {#id} in MDX headings and writes the source anchor on every translated heading', () => {
    const content =
      '# Getting started\n\n## Install it {#install}\n\n## Set `up` now\n\nSee [below](#set-up-now).\n\n## Set `up` now\n';
    const options = { anchors: { slug: 'github', marker: 'id' } };
    const { doc, out } = translate('a.mdx', content, options);
    expect(doc.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual([
      'Getting started',
      'Install it',
      'Set <x id="1"/> now',
      'See <g id="1">below</g>.',
      'Set <x id="1"/> now',
    ]);
    expect(out).toBe(
      '# GETTING STARTED {#getting-started}\n\n## INSTALL IT {#install}\n\n## SET `up` NOW {#set-up-now}\n\nSEE [BELOW](#set-up-now).\n\n## SET `up` NOW {#set-up-now-1}\n',
    );
    // Read back, the markers are not part of the text: the translation lines up with its source.
    const back = loadDocument({ path: 'a.mdx', content: out, options });
    expect(back.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual(
      doc.units.filter((u) => !u.derived).map((u) => shout(u.segment)),
    );
  });

  it("writes heading ids in the site's own attribute syntax (markdown.attrs `%{` `}%`), and reads its ids as markup", () => {
    const options = {
      anchors: { slug: 'vitepress', marker: 'id', attrs: { left: '%{', right: '}%' } },
    };
    const content = '# Getting Started\n\n## Set it up %{#setup}%\n\nSee [it](#setup).\n';
    const { doc, out } = translate('a.md', content, options);
    // The site's id is the heading's anchor and no text to translate.
    expect(doc.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual([
      'Getting Started',
      'Set it up',
      'See <g id="1">it</g>.',
    ]);
    expect(out).toBe(
      '# GETTING STARTED %{#getting-started}%\n\n## SET IT UP %{#setup}%\n\nSEE [IT](#setup).\n',
    );
    const back = loadDocument({ path: 'a.md', content: out, options });
    expect(back.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual(
      doc.units.filter((u) => !u.derived).map((u) => shout(u.segment)),
    );
    expect(() =>
      loadDocument({
        path: 'b.md',
        content,
        options: { anchors: { slug: 'vitepress', marker: 'id', attrs: { left: '' } } },
      }),
    ).toThrow("b.md:1:1: error: option 'anchors.attrs' must be { left, right }");
  });

  it('uses VitePress slugs and adds a span only where the translated heading’s own anchor differs', () => {
    const vite = translate('a.md', '## Über uns\n', {
      anchors: { slug: 'vitepress', marker: 'id' },
    });
    expect(vite.out).toBe('## ÜBER UNS {#uber-uns}\n');
    const content =
      '## Setup\n\n## 2024\n\n## Setup\n\n## Same\n\nSee [setup](#setup-1) and [same](#same).\n';
    const options = { anchors: { slug: 'astro', marker: 'span' } };
    const german = {
      Setup: 'Einrichtung',
      '2024': '2024',
      Same: 'Same',
      'See <g id="1">setup</g> and <g id="2">same</g>.':
        'Siehe <g id="1">Einrichtung</g> und <g id="2">same</g>.',
    } as Record<string, string>;
    const doc = loadDocument({ path: 'a.md', content, options });
    const out = doc.render(
      new Map(doc.units.filter((u) => !u.derived).map((u) => [u.id, german[u.segment]!])),
      {
        targetLocale: 'de',
      },
    );
    expect(out).toBe(
      '## Einrichtung<span id="setup"></span>\n\n## 2024\n\n## Einrichtung<span id="setup-1"></span>\n\n## Same\n\nSiehe [Einrichtung](#einrichtung-1) und [same](#same).\n',
    );
    const back = loadDocument({ path: 'a.md', content: out, options });
    expect(back.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual([
      'Einrichtung',
      '2024',
      'Einrichtung',
      'Same',
      'Siehe <g id="1">Einrichtung</g> und <g id="2">same</g>.',
    ]);
    // Code spans count with their text, tags included: no span where the anchor stays the same.
    const code = loadDocument({ path: 'a.md', content: '## `<Tabs>` component\n', options });
    const codeOut = code.render(new Map([[code.units[0]!.id, '<x id="1"/> Komponente']]), {
      targetLocale: 'de',
    });
    expect(codeOut).toBe('## `<Tabs>` Komponente<span id="tabs-component"></span>\n');
    const same = code.render(new Map([[code.units[0]!.id, '<x id="1"/> component']]), {
      targetLocale: 'de',
    });
    expect(same).toBe('## `<Tabs>` component\n');
    const mdx = loadDocument({ path: 'a.mdx', content: '## Setup\n', options });
    const mdxOut = mdx.render(new Map([[mdx.units[0]!.id, 'Einrichtung']]), { targetLocale: 'de' });
    expect(mdxOut).toBe('## Einrichtung<span id="setup"></span>\n');
    expect(loadDocument({ path: 'a.mdx', content: mdxOut, options }).units[0]!.segment).toBe(
      'Einrichtung',
    );
  });

  it('reads back a source anchor with characters beyond ASCII (VitePress keeps ≤ and é in slugs)', () => {
    const options = { anchors: { slug: 'vitepress', marker: 'id' } };
    const doc = loadDocument({ path: 'a.md', content: '## Migrating from Vuex ≤4\n', options });
    const out = doc.render(new Map([[doc.units[0]!.id, 'Migration von Vuex ≤4']]), {
      targetLocale: 'de',
    });
    expect(out).toBe('## Migration von Vuex ≤4 {#migrating-from-vuex-≤4}\n');
    const back = loadDocument({ path: 'a.md', content: out, options });
    expect(back.units.map((u) => u.segment)).toEqual(['Migration von Vuex ≤4']);
    // Written again from what it reads, the page is the same: no second marker.
    expect(
      doc.render(new Map([[doc.units[0]!.id, back.units[0]!.segment]]), { targetLocale: 'de' }),
    ).toBe(out);
  });

  it('counts a heading with an author’s id as its generator does, so later anchors keep their number', () => {
    const content = '## Setup {#custom}\n\n## Setup\n\nSee [x](#setup).\n';
    for (const slug of ['github', 'vitepress', 'astro']) {
      const options = { anchors: { slug, marker: 'span' } };
      const doc = loadDocument({ path: 'a.md', content, options });
      expect(doc.render(new Map(), { targetLocale: 'de' })).toBe(content);
    }
  });

  it('counts a heading with nothing to translate, so a later heading’s anchor keeps its number', () => {
    const content = '## `setup`\n\n## Setup\n\nSee [x](#setup-1).\n';
    for (const slug of ['github', 'vitepress', 'astro']) {
      const options = { anchors: { slug, marker: 'span' } };
      const doc = loadDocument({ path: 'a.md', content, options });
      expect(doc.render(new Map(), { targetLocale: 'de' })).toBe(content);
      const setup = doc.units.find((u) => u.segment === 'Setup')!;
      expect(doc.render(new Map([[setup.id, 'Einrichtung']]), { targetLocale: 'de' })).toBe(
        '## `setup`\n\n## Einrichtung<span id="setup-1"></span>\n\nSee [x](#einrichtung).\n',
      );
    }
  });

  it('points absolute page links into the locale, and only at pages the locale has', () => {
    const content = [
      '---',
      'hero:',
      '  actions:',
      '    - text: Start',
      '      link: /guide/intro',
      '---',
      '',
      'Read [intro](/guide/intro.md#why), [setup](/guide/setup), [home](/), [gone](/guide/gone),',
      '[logo](/logo.svg), [rel](./setup#x), [out](https://example.com/guide/intro).',
      '',
      '[ref]: /guide/setup#top',
      '',
      '<a href="/guide/intro">html</a>',
      '',
    ].join('\n');
    const { out } = translate('en/guide/index.md', content, { site: vitepress });
    expect(out).toContain('      link: /de/guide/intro\n');
    expect(out).toContain(
      '[INTRO](/de/guide/intro.md#why), [SETUP](/de/guide/setup), [HOME](/de/), [GONE](/guide/gone),',
    );
    expect(out).toContain(
      '[LOGO](/logo.svg), [REL](./setup#x), [OUT](https://example.com/guide/intro).',
    );
    expect(out).toContain('[ref]: /de/guide/setup#top');
    expect(out).toContain('<a href="/de/guide/intro">HTML</a>');
  });

  it('points relative assets and imports back at the source when the locale folder lies deeper', () => {
    const site: SiteLinks = {
      generator: 'docusaurus',
      sourceDir: 'docs/',
      targetDir: 'i18n/{locale}/docusaurus-plugin-content-docs/current/',
      sourcePrefix: '',
      localizeRoutes: false,
      pages: ['docs/guide/a.mdx', 'docs/guide/b.md', 'docs/_part.mdx'],
      frontMatter: { links: [], assets: ['image'] },
    };
    const content = [
      '---',
      'image: ./img/card.png',
      '---',
      "import Part from '../_part.mdx';",
      "import Chart from './chart.jsx';",
      '',
      '![A chart](./img/chart.png) and [b](./b.md#x) and [pdf](../files/a.pdf) and [abs](/docs/guide/b).',
      '',
      '<img src="./img/x.png" alt="Alt" />',
      '',
    ].join('\n');
    const { out } = translate('docs/guide/a.mdx', content, { site });
    const up = '../../../../../docs';
    expect(out).toContain(`image: ${up}/guide/img/card.png\n`);
    expect(out).toContain("import Part from '../_part.mdx';");
    expect(out).toContain(`import Chart from '${up}/guide/chart.jsx';`);
    expect(out).toContain(
      `![A CHART](${up}/guide/img/chart.png) AND [B](./b.md#x) AND [PDF](${up}/files/a.pdf) AND [ABS](/docs/guide/b).`,
    );
    expect(out).toContain(`<img src="${up}/guide/img/x.png" alt="ALT" />`);
  });

  it('reads Docusaurus Markdown as MDX: imports and JSX stay, HTML comments are no obstacle', () => {
    const content =
      'import Tabs from "@theme/Tabs";\n\nIntro text.\n\n<!-- truncate -->\n\n<Tabs groupId="pm">\n\nInside.\n\n</Tabs>\n\n<!--\nA note\n-->\n## Heading {#keep}\n';
    const doc = loadDocument({ path: 'a.md', format: 'mdx', content });
    expect(doc.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual([
      'Intro text.',
      'Inside.',
      'Heading',
    ]);
    const out = doc.render(
      new Map(doc.units.filter((u) => !u.derived).map((u) => [u.id, shout(u.segment)])),
      {
        targetLocale: 'de',
      },
    );
    expect(out).toBe(
      content
        .replace('Intro text', 'INTRO TEXT')
        .replace('Inside', 'INSIDE')
        .replace('Heading {', 'HEADING {'),
    );
  });

  it('keeps JSX elements written on lines of their own apart, each with its text', () => {
    const content =
      '<Tabs>\n  <TabItem label="Package manager">Install it.</TabItem>\n  <TabItem label="Source" value="src">Build *it*.</TabItem>\n</Tabs>\n';
    const { doc, out } = translate('a.mdx', content);
    expect(doc.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual([
      'Package manager',
      'Install it.',
      'Source',
      'Build <g id="1">it</g>.',
    ]);
    expect(out).toBe(
      '<Tabs>\n  <TabItem label="PACKAGE MANAGER">INSTALL IT.</TabItem>\n  <TabItem label="SOURCE" value="src">BUILD *IT*.</TabItem>\n</Tabs>\n',
    );
  });

  it('translates a front-matter key only where its map matches a condition', () => {
    const content =
      '---\nhead:\n  - tag: title\n    content: Page title\n  - tag: script\n    content: run()\n---\n';
    const doc = loadDocument({
      path: 'a.md',
      content,
      options: { frontMatter: ['head.*.content?tag=title'] },
    });
    expect(doc.units.filter((u) => !u.derived).map((u) => [u.id, u.segment])).toEqual([
      ['frontmatter:head.0.content', 'Page title'],
    ]);
  });

  it('reports front matter that is not YAML with its line and column', () => {
    const content = '---\ntitle: Fine\ndescription: [unclosed\n---\n\nText.\n';
    let error: unknown;
    try {
      loadDocument({ path: 'docs/bad.md', content });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormatError);
    const [first] = (error as FormatError).diagnostics;
    expect(first).toMatchObject({ file: 'docs/bad.md', rule: 'front-matter-yaml' });
    expect(first!.line).toBeGreaterThanOrEqual(3);
  });
});
