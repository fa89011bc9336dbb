import { describe, expect, it } from 'vitest';
import {
  formatGlossaryEntries,
  formatGlossaryIssue,
  parseGlossaryEntries,
  utf8Length,
  validateGlossaryEntries,
} from './glossary-entries.js';

describe('glossary entries codec', () => {
  it('parses TSV with CRLF and a trailing newline', () => {
    const parsed = parseGlossaryEntries('a\tb\r\nc\td\r\n', { format: 'tsv' });
    expect(parsed.entries).toEqual([
      { source: 'a', target: 'b', line: 1 },
      { source: 'c', target: 'd', line: 2 },
    ]);
    expect(parsed.issues).toEqual([]);
  });

  it('parses CSV quoting: commas, doubled quotes, fields across lines', () => {
    const text = 'plain,simple\n"a, b","say ""hi"""\n"multi\nline",x\nlast,one';
    const parsed = parseGlossaryEntries(text, { format: 'csv' });
    expect(parsed.entries).toEqual([
      { source: 'plain', target: 'simple', line: 1 },
      { source: 'a, b', target: 'say "hi"', line: 2 },
      { source: 'multi\nline', target: 'x', line: 3 },
      { source: 'last', target: 'one', line: 5 },
    ]);
  });

  it('skips rows whose language columns name another pair, case-insensitively', () => {
    const parsed = parseGlossaryEntries('a,b,EN,DE\nc,d,en,fr\ne,f,en,de', {
      format: 'csv',
      sourceLang: 'en',
      targetLang: 'de',
    });
    expect(parsed.entries.map((e) => e.source)).toEqual(['a', 'e']);
    expect(parsed.ignored).toBe(1);
  });

  it('reports malformed rows with their line', () => {
    const parsed = parseGlossaryEntries('ok\tfine\nonly-one\na\tb\tc', { format: 'tsv' });
    expect(parsed.issues.map((i) => [i.line, i.rule])).toEqual([
      [2, 'malformed-line'],
      [3, 'malformed-line'],
    ]);
    const csv = parseGlossaryEntries('"a"x,b', { format: 'csv' });
    expect(csv.issues[0]?.message).toContain('closing quote');
  });

  it('validates every entry rule and names line and rule', () => {
    const issues = validateGlossaryEntries([
      { source: 'dup', target: 'x', line: 1 },
      { source: 'dup', target: 'y', line: 2 },
      { source: '', target: 'x', line: 3 },
      { source: 'x', target: ' padded', line: 4 },
      { source: 'tab\there', target: 'x', line: 5 },
      { source: 'sep\u2029x', target: 'x', line: 6 },
      { source: 'c1\u0085x', target: 'x', line: 7 },
      { source: 'long', target: 'ü'.repeat(513), line: 8 },
    ]);
    expect(issues.map((i) => [i.line, i.rule])).toEqual([
      [2, 'duplicate-source'],
      [3, 'empty-source'],
      [4, 'surrounding-whitespace'],
      [5, 'control-character'],
      [6, 'unicode-newline'],
      [7, 'control-character'],
      [8, 'phrase-too-long'],
    ]);
    expect(formatGlossaryIssue(issues[0]!)).toBe(
      'line 2: entry "dup": duplicate source phrase, first given on line 1 [duplicate-source]',
    );
  });

  it('formats TSV and CSV that parse back to the same entries', () => {
    const entries = [
      { source: 'a, b', target: 'say "hi"' },
      { source: 'plain', target: 'x' },
    ];
    const csv = formatGlossaryEntries(entries, 'csv');
    expect(csv).toBe('"a, b","say ""hi"""\nplain,x');
    const back = parseGlossaryEntries(csv, { format: 'csv' }).entries.map(({ source, target }) => ({
      source,
      target,
    }));
    expect(back).toEqual(entries);
    expect(formatGlossaryEntries(entries)).toBe('a, b\tsay "hi"\nplain\tx');
  });
});

describe('utf8Length', () => {
  it('counts bytes as UTF-8 encodes them', () => {
    for (const text of ['', 'abc', 'é', '€', '😀', 'a😀é€\u0000', '\ud800']) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
});
