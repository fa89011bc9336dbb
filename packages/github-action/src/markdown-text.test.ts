import { describe, expect, it } from 'vitest';
import { code, escapeMarkdown, link, oneLine } from './markdown-text.js';
import { liveText, renderGfm, tagNames, visibleText } from './test-support/render-markdown.js';

// Strings a hostile pull request can put in a key, a file name or a message.
const HOSTILE = [
  'a|<img src=x onerror=alert(1)>|[click](https://evil.example)|@everyone',
  'x\\|<img src=x onerror=alert(1)>',
  '`x` | <b>bold</b> **strong** _em_ ~~s~~ $x^2$ :rocket:',
  'see https://evil.example/a?b=c and www.evil.example and mail@evil.example',
  'fixes #12, GH-1 and octo/site#3, cc @octo-team',
  'admin\u202egnp.exe\u200b\u2066x\u2069\ufeff',
  '</code></td></tr></table><script>alert(1)</script>',
  '- item',
  '1. item',
  '# heading',
  '> quote',
  '<!-- hidden -->',
  '&lt;img src=x onerror=alert(1)&gt;',
];

describe('markdown text', () => {
  it('flattens line breaks and control characters, so a log line cannot start a workflow command', () => {
    expect(oneLine('a\n::add-mask::x\r\u2028b\u0000')).toBe('a ::add-mask::x  b ');
    expect(oneLine('x'.repeat(10), 5)).toBe('xxxx…');
  });

  it('removes bidirectional and zero-width characters from one-line fields', () => {
    expect(oneLine('admin\u202egnp.exe\u200b\u200d\u2066x\u2069\ufeff\u{e0041}')).toBe(
      'adminгnp.exex'.replace('г', 'g'),
    );
  });

  it.each(HOSTILE)('keeps %j inert in a table cell, rendered by CommonMark + GFM', (text) => {
    const table = [
      '| Key | Message |',
      '| --- | --- |',
      `| ${code(text)} | ${escapeMarkdown(text)} |`,
    ].join('\n');
    const html = renderGfm(table);
    // One row of exactly two cells, and no element but the table's own and <code>.
    expect(html.match(/<td>/g)).toHaveLength(2);
    expect(tagNames(html).sort()).toEqual(
      ['code', 'table', 'tbody', 'td', 'th', 'thead', 'tr'].sort(),
    );
    expect(liveText(html)).toEqual([]);
    // What shows is the text itself (without the invisible characters).
    const cells = [...html.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) =>
      visibleText(m[1]!).replace(/\u2060/g, ''),
    );
    expect(cells).toEqual([oneLine(text, 200), oneLine(text)]);
  });

  it.each(HOSTILE)('keeps %j inert as a line of its own', (text) => {
    const html = renderGfm(`${escapeMarkdown(text)}\n\n> ${escapeMarkdown(text)}\n`);
    expect(tagNames(html).sort()).toEqual(['blockquote', 'p']);
    expect(liveText(html)).toEqual([]);
  });

  it('links only to http(s) addresses', () => {
    expect(link('Job summary', 'https://github.com/o/r/actions/runs/1')).toBe(
      '[Job summary](https://github.com/o/r/actions/runs/1)',
    );
    expect(link('Job summary', 'javascript:alert(1)')).toBe('Job summary');
    expect(link('Job summary', undefined)).toBe('Job summary');
  });
});
