import { describe, expect, it } from 'vitest';
import { FormatError } from '../document/diagnostics.js';
import { loadDocument } from './load-document.js';

function diagnostic(path: string, content: string, options = {}, format?: 'xliff12') {
  try {
    loadDocument({ path, content, options, ...(format ? { format } : {}) });
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    return (error as FormatError).diagnostics[0]!;
  }
  throw new Error(`${path} loaded`);
}

describe('malformed files: a diagnostic with file, line and column, and no document', () => {
  it('JSON', () => {
    expect(diagnostic('de.json', '{\n  "a": "b"\n  "c": 1\n}')).toMatchObject({
      file: 'de.json',
      line: 3,
      column: 3,
      rule: 'json-syntax',
    });
    expect(diagnostic('de.json', '"just a string"')).toMatchObject({ rule: 'json-root' });
  });

  it('ICU messages when the syntax is ICU', () => {
    const d = diagnostic('en.json', '{\n  "ok": "fine",\n  "bad": "{count, plural, one {x}"\n}', {
      syntax: 'icu',
    });
    expect(d).toMatchObject({ file: 'en.json', line: 3, rule: 'icu-syntax' });
    expect(d.message).toContain('bad');
  });

  it('XLIFF', () => {
    expect(
      diagnostic('m.xlf', '<xliff version="1.2">\n  <file>\n    <body>\n  </file>\n</xliff>'),
    ).toMatchObject({
      file: 'm.xlf',
      line: 4,
      rule: 'xml-syntax',
    });
    // A 2.0 document read as 1.2 (the format forced by configuration) names the version.
    expect(
      diagnostic('m.xlf', '<xliff version="2.0"><file id="f"/></xliff>', {}, 'xliff12'),
    ).toMatchObject({
      rule: 'xliff-version',
    });
  });

  it('MDX', () => {
    const d = diagnostic('page.mdx', '# Title\n\nText with <Broken attr="x">\n\nmore\n');
    expect(d).toMatchObject({ file: 'page.mdx', rule: 'mdx-syntax' });
    expect(d.line).toBeGreaterThanOrEqual(3);
  });
});
