import { describe, expect, it } from 'vitest';
import { FormatError } from '../../document/diagnostics.js';
import { decodeSourceFile } from '../../document/source-file.js';
import { loadDocument } from '../load-document.js';
import { mdxFormat } from './markdown-adapter.js';
import type { MarkdownUnit } from './markdown-unit.js';

// Pseudo-localization as the built-in engine does it: letters get accents, `<` `>` `{` `}` stay.
const ACCENTS: Record<string, string> = { K: 'Ḱ', V: 'Ṽ', a: 'á', e: 'é', y: 'ý' };
function accent(segment: string): string {
  return segment.replace(/(^|>)([^<]*)/g, (_m, before: string, text: string) =>
    before.concat(text.replace(/[KVaey]/g, (c) => ACCENTS[c]!)),
  );
}

function render(path: string, content: string, translate: (segment: string) => string) {
  const doc = loadDocument({ path, content });
  const out = doc.render(
    new Map(doc.units.filter((u) => !u.derived).map((u) => [u.id, translate(u.segment)])),
    {
      targetLocale: 'de',
    },
  );
  return { doc, out };
}

// A small deterministic generator (mulberry32), so a failure can be replayed.
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('text written into MDX', () => {
  it('escapes <, > and braces as the source escaped them, so the page still compiles', () => {
    const content = [
      '- Type: Map\\<K, V\\>',
      '- Default: `{}`, or &lt;Key&gt; and &#123;a&#125;',
      '- Plain: a { b } c'.replace('{ b }', '\\{ b \\}'),
      '',
    ].join('\n');
    const { doc, out } = render('a.mdx', content, accent);
    expect(out).toBe(
      [
        '- Týpé: Máp\\<Ḱ, Ṽ\\>',
        '- Défáult: `{}`, or &lt;Ḱéý&gt; ánd &#123;á&#125;',
        '- Pláin: á \\{ b \\} c',
        '',
      ].join('\n'),
    );
    // Read back, the page is MDX, and each text is what was written.
    const back = loadDocument({ path: 'a.mdx', content: out });
    expect(back.units.filter((u) => !u.derived).map((u) => u.segment)).toEqual(
      doc.units.filter((u) => !u.derived).map((u) => accent(u.segment)),
    );
  });

  it('escapes a < the source did not have, before any character: \\< in MDX, &lt; in Markdown', () => {
    const mdx = render('a.mdx', 'Use it.\n', () => 'Nutze &lt;Ḱomponente&gt; und a &lt;1 {x}.');
    expect(mdx.out).toBe('Nutze \\<Ḱomponente> und a \\<1 \\{x\\}.\n');
    const md = render('a.md', 'Use it.\n', () => 'Nutze &lt;div&gt; &amp;amp; &lt;Ḱ.');
    expect(md.out).toBe('Nutze &lt;div> &amp;amp; <Ḱ.\n');
    // A paragraph that would start JavaScript, a fence or a directive starts as text.
    const start = render('a.mdx', 'One.\n\nTwo.\n\nThree.\n', (s) =>
      s === 'One.' ? 'export it now' : s === 'Two.' ? '~~~ wave' : '::: three',
    );
    expect(start.out).toBe('&#101;xport it now\n\n\\~\\~\\~ wave\n\n\\::: three\n');
    expect(
      loadDocument({ path: 'a.mdx', content: start.out })
        .units.filter((u) => !u.derived)
        .map((u) => u.segment),
    ).toEqual(['export it now', '~~~ wave', '::: three']);
  });

  it('writes any text of syntax characters into every place of a page so that it compiles and reads back', () => {
    const content = [
      "import Card from './card.jsx';",
      '',
      '# A title {#title}',
      '',
      'A *para* with [a link](./a.md "Its title") and ![an image](./i.png).',
      '',
      '| A | B |',
      '| - | - |',
      '| cell | other |',
      '',
      '- item one',
      '- item `code` two',
      '',
      '<Card title="Card title">Child text</Card>',
      '',
      '> quoted text',
      '',
      ':::note[A label]',
      'Body text.',
      ':::',
      '',
    ].join('\n');
    const doc = loadDocument({ path: 'a.mdx', content });
    const chars = [...'<>{}\\[]*_`&|#!:=+-~()"\'$.1aḰ ', '\n', '&lt;', '&amp;', 'import '];
    const next = random(17);
    const text = (length: number) => {
      let out = '';
      for (let i = 0; i < length; i++) out += chars[Math.floor(next() * chars.length)];
      return out
        .replace(/&(?!lt;|amp;)/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;');
    };
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    for (let round = 0; round < 300; round++) {
      const translations = new Map(
        doc.units
          .filter((u) => !u.derived)
          .map((u) => [
            u.id,
            u.segment.replace(/(^|>)([^<]+)(?=<|$)/g, (_m, before: string, run: string) =>
              // A letter in each run: a text of punctuation alone is no unit to read back.
              before.concat(text((run.length % 7) + 2), 'x'),
            ),
          ]),
      );
      const out = doc.render(translations, { targetLocale: 'de' });
      const back = loadDocument({ path: 'a.mdx', content: out });
      // Markdown's emphasis rules may read `*` at a pair's edge differently; the text is the point.
      const plain = (s: string) =>
        squash(s.replace(/<\/?g[^>]*>|[*_]/g, '').replace(/<x id="\d+"\/>/g, '<x/>'));
      expect(back.units.filter((u) => !u.derived).map((u) => plain(u.segment))).toEqual(
        doc.units.filter((u) => !u.derived).map((u) => plain(translations.get(u.id)!)),
      );
    }
  });

  it('fails a unit whose written text would not read as MDX, and says why', () => {
    const file = decodeSourceFile('a.mdx', 'Some text.\n');
    const parsed = mdxFormat.parse(file, {});
    const [unit] = mdxFormat.extract(parsed);
    expect(mdxFormat.verify!(parsed, unit!, 'Anderer Text.', context())).toBeUndefined();
    // A unit that writes its text as it comes, as a format with no escaping of its own would.
    const raw: MarkdownUnit = { ...unit!, write: (translation) => translation };
    expect(mdxFormat.verify!(parsed, raw, 'Ein <Ḱ> Text', context())).toMatch(
      /^the translation would not read as MDX: Expected a closing tag for `<Ḱ>`/,
    );
  });

  it('never writes a page that would not compile: the error is at its place in the written page', () => {
    const file = decodeSourceFile('a.mdx', '# Title\n\nText.\n');
    const parsed = mdxFormat.parse(file, {});
    const start = file.text.indexOf('Text');
    let error: unknown;
    try {
      mdxFormat.serialize(parsed, [{ start, end: start + 4, render: () => 'Text {' }]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).diagnostics[0]).toMatchObject({
      line: 3,
      rule: 'mdx-written',
      message: expect.stringMatching(/^the translated page would not compile as MDX/),
    });
  });
});

function context() {
  return {
    file: decodeSourceFile('a.mdx', ''),
    sourceLocale: 'en',
    targetLocale: 'de',
  };
}
