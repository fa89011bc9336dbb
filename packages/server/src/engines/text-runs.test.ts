import { describe, expect, it } from 'vitest';
import { mapTextRuns, tokenizeText } from './text-runs.js';

const upper = (s: string) => s.toUpperCase();

describe('text runs', () => {
  it('protects placeholders, entities and URLs in plain text', () => {
    expect(
      mapTextRuns(
        'hi {{name}} and {count}, %s %1$d &amp; https://a.example/b',
        { tagHandling: null, ignoreTags: [] },
        upper,
      ),
    ).toBe('HI {{name}} AND {count}, %s %1$d &amp; https://a.example/b');
  });

  it('keeps tags, comments and CDATA with xml tag handling', () => {
    const text = '<a href="x y">link</a><!-- note --><![CDATA[raw]]><x id="1"/>tail';
    expect(mapTextRuns(text, { tagHandling: 'xml', ignoreTags: [] }, upper)).toBe(
      '<a href="x y">LINK</a><!-- note --><![CDATA[raw]]><x id="1"/>TAIL',
    );
  });

  it('leaves ignore_tags content untouched, nested included', () => {
    const text = 'a<keep>b<keep>c</keep>d</keep>e<keep/>f';
    expect(mapTextRuns(text, { tagHandling: 'xml', ignoreTags: ['keep'] }, upper)).toBe(
      'A<keep>b<keep>c</keep>d</keep>E<keep/>F',
    );
  });

  it('never touches script and style content in html mode', () => {
    const text = '<p>x</p><script>if (a < b) go()</script><style>p{color:red}</style>';
    expect(mapTextRuns(text, { tagHandling: 'html', ignoreTags: [] }, upper)).toBe(
      '<p>X</p><script>if (a < b) go()</script><style>p{color:red}</style>',
    );
  });

  it('leaves translate="no" content untouched in html mode, in any case, nested included', () => {
    const text =
      '<p>a <span translate="no">b <b>c</b></span> d <i TRANSLATE=NO>e<i>f</i>g</i> h <em translate="No">x</em></p><br translate="no">z';
    expect(mapTextRuns(text, { tagHandling: 'html', ignoreTags: [] }, upper)).toBe(
      '<p>A <span translate="no">b <b>c</b></span> D <i TRANSLATE=NO>e<i>f</i>g</i> H <em translate="No">x</em></p><br translate="no">Z',
    );
    // translate="yes" and other attributes are translated as usual.
    expect(
      mapTextRuns(
        '<p translate="yes" data-translate="no">a</p>',
        { tagHandling: 'html', ignoreTags: [] },
        upper,
      ),
    ).toBe('<p translate="yes" data-translate="no">A</p>');
  });

  it('tells placeholders from markup', () => {
    expect(
      tokenizeText('<b>{x}</b>', { tagHandling: 'xml', ignoreTags: [] }).map((t) => t.kind),
    ).toEqual(['markup', 'placeholder', 'markup']);
  });
});
