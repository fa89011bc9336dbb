import { describe, expect, it } from 'vitest';
import { readGlossaryRows } from './glossary-rows.js';

const cells = (text: string, format: 'csv' | 'tsv' = 'csv') =>
  readGlossaryRows(text, format).map((r) =>
    r.error
      ? `! ${r.error.line}:${r.error.column}`
      : r.cells.map((c) => `${c.line}:${c.column}=${c.text}`).join(' | '),
  );

describe('readGlossaryRows', () => {
  it('gives every cell its line and column, quoted fields spanning lines included', () => {
    expect(cells('a,"b, ""c"""\r\n"multi\nline",x\n\nlast,row')).toEqual([
      '1:1=a | 1:3=b, "c"',
      '2:1=multi\nline | 3:7=x',
      '4:1=',
      '5:1=last | 5:6=row',
    ]);
  });

  it("keeps each row's span and line break so untouched rows can be copied", () => {
    const text = 'a,b\r\nc,d\ne,f';
    expect(readGlossaryRows(text, 'csv').map((r) => [text.slice(r.start, r.end), r.eol])).toEqual([
      ['a,b', '\r\n'],
      ['c,d', '\n'],
      ['e,f', ''],
    ]);
  });

  it('reads TSV without quoting', () => {
    expect(cells('"a"\tb"c\n', 'tsv')).toEqual(['1:1="a" | 1:5=b"c']);
  });

  it('locates an unclosed quote and text after a closing quote, and goes on with the next row', () => {
    expect(cells('a,"b"x,c\nd,e\nf,"g\nh')).toEqual(['! 1:6', '2:1=d | 2:3=e', '! 3:3']);
  });
});
