import { describe, expect, it } from 'vitest';
import { FormatError } from '../../document/diagnostics.js';
import { loadDocument } from '../load-document.js';

const NBSP = '\u00a0';

const v12 = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE xliff [
  <!ENTITY nbsp "&#160;">
  <!ENTITY product "Transloom&#160;Pro">
  <!ENTITY legal SYSTEM "legal.xml">
]>
<xliff version="1.2">
  <file source-language="en" original="a" datatype="plaintext">
    <body>
      <trans-unit id="nbsp"><source>Price:&nbsp;10&nbsp;€</source></trans-unit>
      <trans-unit id="numeric"><source>Page&#160;1 of 3 &#8212; &quot;quoted&quot; &amp; done</source></trans-unit>
      <trans-unit id="product"><source>Welcome to &product;!</source></trans-unit>
      <trans-unit id="external"><source>See &legal; and &copy; 2024</source></trans-unit>
      <trans-unit id="untouched"><source>Keep&nbsp;me &#169; 2024</source><target>Behalte&nbsp;mich &#169; 2024</target></trans-unit>
    </body>
  </file>
</xliff>
`;

describe('XLIFF entity references', () => {
  const document = loadDocument({ path: 'a.xlf', content: v12 });
  const segments = new Map(document.units.map((u) => [u.id, u.segment]));

  it('reads declared single-character entities and character references as their characters', () => {
    expect(segments.get('nbsp')).toBe(`Price:${NBSP}10${NBSP}€`);
    expect(segments.get('numeric')).toBe(`Page${NBSP}1 of 3 — "quoted" &amp; done`);
  });

  it('keeps entities whose expansion is text of several characters or unknown as placeholders', () => {
    expect(segments.get('product')).toBe('Welcome to <x id="1"/>!');
    expect(segments.get('external')).toBe('See <x id="1"/> and <x id="2"/> 2024');
  });

  it('writes a character of a translation the way the file wrote it', () => {
    const out = document.render(
      {
        nbsp: `Preis:${NBSP}10${NBSP}€`,
        numeric: `Seite${NBSP}1 von 3 — "zitiert" &amp; fertig`,
        // A character the unit did not have is written as the file writes it elsewhere.
        product: `Willkommen bei${NBSP}<x id="1"/>!`,
        external: 'Siehe <x id="1"/> und <x id="2"/> 2024',
      },
      { targetLocale: 'de' },
    );
    expect(out).toContain('<target state="translated">Preis:&nbsp;10&nbsp;€</target>');
    expect(out).toContain(
      '<target state="translated">Seite&#160;1 von 3 &#8212; &quot;zitiert&quot; &amp; fertig</target>',
    );
    expect(out).toContain('<target state="translated">Willkommen bei&nbsp;&product;!</target>');
    expect(out).toContain('<target state="translated">Siehe &legal; und &copy; 2024</target>');
    expect(out).toContain('<target>Behalte&nbsp;mich &#169; 2024</target>');
    expect(out.slice(0, out.indexOf('<xliff'))).toBe(v12.slice(0, v12.indexOf('<xliff')));
  });

  it('copies untranslated text with its references exactly', () => {
    const out = document.render(
      { nbsp: `Price:${NBSP}10${NBSP}€`, untouched: `Keep${NBSP}me © 2024` },
      { targetLocale: 'en' },
    );
    expect(out).toContain(
      '<source>Price:&nbsp;10&nbsp;€</source>\n      <target>Price:&nbsp;10&nbsp;€</target>',
    );
    expect(out).toContain('<target>Keep&nbsp;me &#169; 2024</target>');
  });

  it('reads a translated file back with the same characters', () => {
    const out = document.render({ nbsp: `Preis:${NBSP}10${NBSP}€` }, { targetLocale: 'de' });
    const again = loadDocument({
      path: 'a.xlf',
      content: out,
      options: { segmentsFrom: 'target' },
    });
    expect(again.units[0]!.segment).toBe(`Preis:${NBSP}10${NBSP}€`);
  });

  it('expands no entity inside another, reads no external one, and refuses a broken DOCTYPE', () => {
    const laughs = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join('');
    const nested = `<?xml version="1.0"?>
<!DOCTYPE xliff [<!ENTITY lol0 "lol">${laughs}<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<xliff version="1.2"><file source-language="en" original="a" datatype="plaintext"><body>
<trans-unit id="a"><source>A &lol9; and &secret;</source></trans-unit>
</body></file></xliff>`;
    const loaded = loadDocument({ path: 'a.xlf', content: nested });
    expect(loaded.units[0]!.segment).toBe('A <x id="1"/> and <x id="2"/>');
    expect(loaded.render({ a: 'B <x id="1"/> und <x id="2"/>' }, { targetLocale: 'de' })).toContain(
      '<target state="translated">B &lol9; und &secret;</target>',
    );
    const broken =
      '<?xml version="1.0"?>\n<!DOCTYPE xliff [<!ENTITY a "b">\n<xliff version="1.2"/>';
    expect(() => loadDocument({ path: 'b.xlf', content: broken })).toThrow(FormatError);
  });
});
