import { describe, expect, it } from 'vitest';
import { loadDocument } from '../formats/load-document.js';
import { FormatError } from './diagnostics.js';
import { decodeSourceFile, encodeSourceText } from './source-file.js';

const xliff = (encoding: string, body: string) =>
  `<?xml version="1.0" encoding="${encoding}"?>\n<xliff version="1.2"><file source-language="en" original="x"><body><trans-unit id="a"><source>${body}</source></trans-unit></body></file></xliff>\n`;

describe('source files', () => {
  it('keeps a UTF-8 byte order mark and CRLF line endings', () => {
    const bytes = new TextEncoder().encode('\ufeff{\r\n  "a": "Hello"\r\n}\r\n');
    const file = decodeSourceFile('a.json', bytes);
    expect(file).toMatchObject({ bom: true, encoding: 'utf-8', eol: '\r\n' });
    expect(file.text.startsWith('{')).toBe(true);
    expect(Buffer.from(encodeSourceText(file, file.text)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('reads and writes UTF-16 with a byte order mark', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('{"a": "Grüße"}', 'utf16le'),
    ]);
    const doc = loadDocument({ path: 'a.json', content: bytes });
    expect(doc.units[0]!.segment).toBe('Grüße');
    const out = doc.render({ a: 'Hallo ⟦welt⟧' }, { targetLocale: 'de' });
    const written = Buffer.from(doc.encode(out));
    expect(written.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfe]));
    expect(written.subarray(2).toString('utf16le')).toBe('{"a": "Hallo ⟦welt⟧"}');
  });

  it('reads the encoding an XML declaration names and writes characters it cannot hold as references', () => {
    const bytes = Buffer.from(xliff('ISO-8859-1', 'Café \u0080'), 'latin1');
    const doc = loadDocument({ path: 'a.xlf', content: bytes });
    expect(doc.file.encoding).toBe('iso-8859-1');
    expect(doc.units[0]!.segment).toBe('Café \u0080');
    const written = Buffer.from(doc.encode(doc.render({ a: 'Café ⟦ok⟧' }, { targetLocale: 'fr' })));
    expect(written.toString('latin1')).toContain(
      '<target state="translated">Café &#x27E6;ok&#x27E7;</target>',
    );
    expect(written.includes(Buffer.from([0xe9]))).toBe(true);
  });

  it('reads the encoding of an HTML meta charset', () => {
    const bytes = Buffer.from(
      '<html><head><meta charset="iso-8859-1"><title>Caf\xe9</title></head></html>',
      'latin1',
    );
    expect(loadDocument({ path: 'a.html', content: bytes }).units[0]!.segment).toBe('Café');
  });

  it('refuses encodings it cannot read, and invalid UTF-8, naming them', () => {
    const unknown = Buffer.from(xliff('X-Klingon-8', 'x'), 'latin1');
    expect(() => loadDocument({ path: 'a.xlf', content: unknown })).toThrow(
      /declares encoding 'x-klingon-8'.*\[unsupported-encoding\]/,
    );
    const invalid = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    const error = (() => {
      try {
        loadDocument({ path: 'bad.json', content: invalid });
        return undefined;
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).diagnostics[0]).toMatchObject({
      file: 'bad.json',
      line: 1,
      column: 1,
      rule: 'invalid-encoding',
    });
  });

  it('names the format options for an unknown extension', () => {
    expect(() => loadDocument({ path: 'notes.txt', content: 'x' })).toThrow(
      /\.txt.*set 'format'.*\[unknown-format\]/,
    );
  });
});
