import iconv from 'iconv-lite';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.js';

// Pages in legacy encodings, read and written as a browser reads them: the bytes decoded by
// the encoding the page declares (the WHATWG decoder), then parsed by parse5.

/** The text of every `<p>` of a page, read as a browser would read its bytes. */
function paragraphs(bytes: Uint8Array): string[] {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const label = /<meta\s[^>]*charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1] ?? 'utf-8';
  const html = new TextDecoder(label).decode(bytes);
  const out: string[] = [];
  const walk = (node: any) => {
    if (node.nodeName === 'p') out.push(node.childNodes.map((c: any) => c.value ?? '').join(''));
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(parse(html));
  return out;
}

const page = (charset: string, body: string) =>
  `<!doctype html>\n<html><head><meta charset="${charset}"><title>t</title></head><body>\n${body}\n</body></html>\n`;

describe('HTML in a legacy encoding', () => {
  it('reads windows-1252 (and iso-8859-1, which browsers read as windows-1252)', () => {
    for (const charset of ['windows-1252', 'iso-8859-1']) {
      const bytes = iconv.encode(
        page(charset, '<p>Caf\u00e9 \u2013 \u201cquoted\u201d \u20ac5</p>'),
        'windows-1252',
      );
      const doc = loadDocument({ path: 'a.html', content: bytes });
      expect(doc.units.find((u) => u.segment.startsWith('Caf'))!.segment).toBe(
        'Café – “quoted” €5',
      );
      // Its text is written back byte for byte.
      expect(Buffer.from(doc.encode(doc.file.text))).toEqual(bytes);
    }
  });

  it('writes a translation back in the declared encoding when every character fits', () => {
    const bytes = iconv.encode(page('iso-8859-2', '<p>Dzie\u0144 dobry</p>'), 'iso-8859-2');
    const doc = loadDocument({ path: 'a.html', content: bytes });
    const unit = doc.units.find((u) => u.segment.startsWith('Dzie'))!;
    expect(unit.segment).toBe('Dzień dobry');
    const written = doc.encode(
      doc.render(new Map([[unit.id, 'Cześć, żółw']]), { targetLocale: 'pl' }),
    );
    expect(Buffer.from(written).includes(Buffer.from('iso-8859-2'))).toBe(true);
    expect(paragraphs(written)).toEqual(['Cześć, żółw']);
    // Shift_JIS, both ways.
    const japanese = iconv.encode(
      page('Shift_JIS', '<p>\u3053\u3093\u306b\u3061\u306f</p>'),
      'shift_jis',
    );
    const ja = loadDocument({ path: 'ja.html', content: japanese });
    const greeting = ja.units.find((u) => u.segment === 'こんにちは')!;
    const out = ja.encode(
      ja.render(new Map([[greeting.id, 'さようなら']]), { targetLocale: 'ja' }),
    );
    expect(Buffer.from(out).includes(Buffer.from('Shift_JIS'))).toBe(true);
    expect(paragraphs(out)).toEqual(['さようなら']);
  });

  it('writes UTF-8, and says so in the meta charset, when a character does not fit', () => {
    const bytes = iconv.encode(page('windows-1252', '<p>Welcome</p>'), 'windows-1252');
    const doc = loadDocument({ path: 'a.html', content: bytes });
    const unit = doc.units.find((u) => u.segment === 'Welcome')!;
    const written = doc.encode(
      doc.render(new Map([[unit.id, 'ようこそ']]), { targetLocale: 'ja' }),
    );
    const text = Buffer.from(written).toString('utf8');
    expect(text).toContain('<meta charset="utf-8">');
    expect(paragraphs(written)).toEqual(['ようこそ']);
    // The written page reads back as what was written.
    const again = loadDocument({ path: 'ja.html', content: written });
    expect(again.file.encoding).toBe('utf-8');
    expect(again.units.find((u) => u.segment === 'ようこそ')).toBeDefined();
  });
});
