import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.js';

function render(content: string, translate: (segment: string) => string): string {
  const doc = loadDocument({ path: 'page.html', content });
  return doc.render(new Map(doc.units.map((u) => [u.id, translate(u.segment)])), {
    targetLocale: 'en',
  });
}

describe('HTML whitespace on write-back', () => {
  it('sends whitespace as single spaces', () => {
    const doc = loadDocument({
      path: 'page.html',
      content: '<p>\n  Line one<br>\n  line\ttwo <b>\n    bold\n  </b>\n</p>',
    });
    expect(doc.units.map((u) => u.segment)).toEqual([
      'Line one<x id="1"/> line two <g id="2"> bold </g>',
    ]);
  });

  it('keeps the line break and indentation next to tags where the translation has whitespace', () => {
    const source = `<p>
  Write once,<br>
     ship <em>everywhere</em>
  and <a href="/x">
    relax
  </a>.
</p>`;
    const out = render(
      source,
      () =>
        'Einmal schreiben,<x id="1"/> überall <g id="2">ausliefern</g> und <g id="3"> entspannen </g>.',
    );
    expect(out).toBe(`<p>
  Einmal schreiben,<br>
     überall <em>ausliefern</em>
  und <a href="/x">
    entspannen
  </a>.
</p>`);
  });

  it("takes the translation's whitespace where it has none or where the source had a plain space", () => {
    const out = render(
      '<p>One<br>\n  two <b>three</b></p>',
      () => 'Eins<x id="1"/>zwei<g id="2">drei</g>',
    );
    expect(out).toBe('<p>Eins<br>zwei<b>drei</b></p>');
  });

  it('keeps whitespace outside the text of a node: leading and trailing lines stay', () => {
    const out = render('<div>\r\n\tHello\r\n</div>\n<p title="  Padded title ">x</p>', (s) =>
      s === 'Hello' ? 'Hallo' : s === 'Padded title' ? 'Gepolsterter Titel' : s,
    );
    expect(out).toBe('<div>\r\n\tHallo\r\n</div>\n<p title="  Gepolsterter Titel ">x</p>');
  });

  it('wraps a text the source wrapped by hand the same way: its width, its indent, its line ending', () => {
    const out = render(
      '<p>A long sentence\n   wrapped by hand</p>',
      () => 'Ein langer Satz, von Hand umbrochen',
    );
    expect(out).toBe('<p>Ein langer Satz,\n   von Hand umbrochen</p>');
    const doc = `<div>
      <p>
        Underscore is a JavaScript library that provides a whole mess of useful
        functional programming helpers without extending any <em>built-in</em> objects.
      </p>
    </div>`;
    const translated = render(
      doc,
      () =>
        'Underscore ist eine JavaScript-Bibliothek, die eine ganze Menge nützlicher Helfer für die funktionale Programmierung bietet, ohne <g id="1">eingebaute</g> Objekte zu erweitern.',
    );
    expect(translated).toBe(`<div>
      <p>
        Underscore ist eine JavaScript-Bibliothek, die eine ganze Menge nützlicher
        Helfer für die funktionale Programmierung bietet, ohne <em>eingebaute</em>
        Objekte zu erweitern.
      </p>
    </div>`);
    expect(render('<p>one two\r\n three</p>', () => 'eins zwei drei vier fünf')).toBe(
      '<p>eins\r\n zwei drei\r\n vier fünf</p>',
    );
  });

  it('keeps a text on one line when the source has it on one line', () => {
    const out = render(
      '<p>Short</p>',
      () => 'A much longer translation than the source line ever was',
    );
    expect(out).toBe('<p>A much longer translation than the source line ever was</p>');
  });
});
