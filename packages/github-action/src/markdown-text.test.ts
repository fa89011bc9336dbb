import { describe, expect, it } from 'vitest';
import { code, escapeMarkdown, link, oneLine } from './markdown-text.js';

describe('markdown text', () => {
  it('flattens line breaks and control characters, so a log line cannot start a workflow command', () => {
    expect(oneLine('a\n::add-mask::x\r\u2028b\u0000')).toBe('a ::add-mask::x  b ');
    expect(oneLine('x'.repeat(10), 5)).toBe('xxxx…');
  });

  it('puts untrusted text in a code span longer than any backtick run, with pipes escaped', () => {
    expect(code('a|b')).toBe('`a\\|b`');
    expect(code('x ``y`` z')).toBe('```x ``y`` z```');
    expect(code('`edge`')).toBe('`` `edge` ``');
    expect(code('')).toBe('` `');
  });

  it('escapes HTML, emphasis, links, mentions and a leading block marker', () => {
    expect(escapeMarkdown('<b>*hi*</b> [x](y) @team | ~~s~~')).toBe(
      '&lt;b&gt;\\*hi\\*&lt;/b&gt; \\[x\\](y) \\@team \\| \\~\\~s\\~\\~',
    );
    expect(escapeMarkdown('# heading')).toBe('\\# heading');
    expect(escapeMarkdown('1. item')).toBe('1\\. item');
    expect(escapeMarkdown('153 units')).toBe('153 units');
  });

  it('links only to http(s) addresses', () => {
    expect(link('Job summary', 'https://github.com/o/r/actions/runs/1')).toBe(
      '[Job summary](https://github.com/o/r/actions/runs/1)',
    );
    expect(link('Job summary', 'javascript:alert(1)')).toBe('Job summary');
    expect(link('Job summary', undefined)).toBe('Job summary');
  });
});
