import { describe, expect, it } from 'vitest';
import { FormatError } from '../../document/diagnostics.js';
import { loadDocument } from '../load-document.js';

describe('Markdown adapter', () => {
  it('translates front matter by a configurable allow-list, each value in its own style', () => {
    const content = `---
title: Home
layout: home
hero:
  tagline: 'Fast & simple'
  actions:
    - text: Get started
      link: /guide
    - text: "On GitHub"
      link: https://github.com
notes: |
  First line
  second line
---
`;
    const doc = loadDocument({
      path: 'index.md',
      content,
      options: { frontMatter: ['title', 'hero.tagline', 'hero.actions.*.text', 'notes'] },
    });
    expect(doc.units.map((u) => u.id)).toEqual([
      'frontmatter:title',
      'frontmatter:hero.tagline',
      'frontmatter:hero.actions.0.text',
      'frontmatter:hero.actions.1.text',
      'frontmatter:notes',
    ]);
    const out = doc.render(
      new Map([
        ['frontmatter:title', 'Start: here'],
        ['frontmatter:hero.tagline', "Schnell &amp; l'einfach"],
        ['frontmatter:hero.actions.0.text', 'Los geht’s'],
        ['frontmatter:hero.actions.1.text', 'Auf GitHub'],
        ['frontmatter:notes', 'Erste Zeile\nzweite Zeile'],
      ]),
      { targetLocale: 'de' },
    );
    expect(out).toBe(`---
title: "Start: here"
layout: home
hero:
  tagline: 'Schnell & l''einfach'
  actions:
    - text: Los geht’s
      link: /guide
    - text: "Auf GitHub"
      link: https://github.com
notes: |
  Erste Zeile
  zweite Zeile
---
`);
    expect(loadDocument({ path: 'index.md', content }).units.map((u) => u.id)).toEqual([
      'frontmatter:title',
    ]);
  });

  it("refuses a bad option as a problem of the user's file, with a rule", () => {
    const error = (() => {
      try {
        loadDocument({ path: 'a.md', content: '# A\n', options: { anchors: { slug: 'nope' } } });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).diagnostics[0]).toMatchObject({
      file: 'a.md',
      rule: 'markdown-options',
    });
  });

  it('never translates code, URLs, heading ids or attributes outside the allow-list', () => {
    const doc = loadDocument({
      path: 'a.mdx',
      content:
        '## Setup {/*setup*/}\n\nRun `npm i` at https://example.com now.\n\n<Card title="Shown" icon="rocket" />\n',
    });
    expect(doc.units.map((u) => u.segment)).toEqual([
      'Setup',
      'Run <x id="1"/> at <x id="2"/> now.',
      'Shown',
    ]);
  });

  it('escapes translated text so it reads back as the same text', () => {
    const doc = loadDocument({ path: 'a.mdx', content: 'Plain *text* here.\n' });
    const out = doc.render(
      { [doc.units[0]!.id]: 'Use {braces}, &lt;tags&gt;, [brackets] and *stars* <g id="1">ok</g>' },
      { targetLocale: 'de' },
    );
    expect(out).toBe('Use \\{braces\\}, \\<tags>, \\[brackets\\] and \\*stars\\* *ok*\n');
    expect(loadDocument({ path: 'a.mdx', content: out }).units[0]!.segment).toBe(
      'Use {braces}, &lt;tags&gt;, [brackets] and *stars* <g id="1">ok</g>',
    );
  });

  it('renders one part of a page with its translations, and no heading marker of the block before', () => {
    const options = { anchors: { slug: 'github', marker: 'span' } };
    const content = '# Intro\n\nFirst.\n\nSecond.\n';
    const doc = loadDocument({ path: 'a.md', content, options });
    const [heading, first, second] = doc.blocks();
    const texts = new Map(doc.units.map((u) => [u.id, `fr: ${u.segment}`]));
    const part = doc.renderPart(texts, { targetLocale: 'fr' }, heading!.end, second!.end);
    expect(part).toBe('\n\nfr: First.\n\nfr: Second.');
    expect(doc.render(texts, { targetLocale: 'fr' })).toContain('<span id="intro"></span>');
    expect(first!.shape).toBe('paragraph');
  });
});
