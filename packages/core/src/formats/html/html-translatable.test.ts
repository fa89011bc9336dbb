import { describe, expect, it } from 'vitest';
import { mapSegmentText } from '../../segments/parse-segment.js';
import { loadDocument } from '../load-document.js';

const segments = (content: string) =>
  loadDocument({ path: 'page.html', content }).units.map((u) => u.segment);

describe('what HTML translates', () => {
  it('honours translate="no" in any case, on content and attributes', () => {
    expect(
      segments(
        '<p translate="NO">Brand</p><p translate="No" title="Hidden">Name</p><p>Keep <span translate="nO">ACME</span> as is</p><p>Yes</p>',
      ),
    ).toEqual(['Keep <x id="1"/> as is', 'Yes']);
  });

  it('translates again inside a no region where translate="yes" (or empty) says so', () => {
    expect(
      segments(
        '<div translate="no"><p>Code name</p><p translate="YES" title="Tip">Shown text</p><section><h2 translate>Heading</h2></section></div>',
      ),
    ).toEqual(['Tip', 'Shown text', 'Heading']);
    expect(
      segments(
        '<p>Brand <span translate="no">Acme <em translate="yes">Cloud</em> Suite</span> rocks</p>',
      ),
    ).toEqual(['Brand <x id="1"/> rocks', 'Cloud']);
    expect(
      segments('<div class="NoTranslate"><p>Skip</p><p translate="yes">Back</p></div>'),
    ).toEqual(['Back']);
  });

  it('writes a yes region inside a kept element back in place', () => {
    const doc = loadDocument({
      path: 'page.html',
      content: '<p>Brand <span translate="no">Acme <em translate="yes">Cloud</em></span> rocks</p>',
    });
    const out = doc.render(
      new Map(doc.units.map((u) => [u.id, mapSegmentText(u.segment, (t) => t.toUpperCase())])),
      {
        targetLocale: 'en',
      },
    );
    expect(out).toBe(
      '<p>BRAND <span translate="no">Acme <em translate="yes">CLOUD</em></span> ROCKS</p>',
    );
  });

  it('treats form values as data, except the labels of submit, button and reset inputs', () => {
    expect(
      segments(`<form>
  <input type="submit" value="Send"><input type="RESET" value="Clear"><input type="button" value="Press">
  <input type="text" value="typed"><input value="default text"><input type="hidden" value="token">
  <input type="checkbox" value="yes"><input type="radio" value="blue"><input type="email" placeholder="Your email">
  <button type="submit" name="action" value="delete">Delete</button>
  <select><option value="red">Red</option></select>
  <p><data value="398">Mini ketchup</data>, <meter value="0.6">60%</meter>, <progress value="70" max="100">70 %</progress></p>
</form>`),
    ).toEqual([
      'Send',
      'Clear',
      'Press',
      'Your email',
      'Delete',
      'Red',
      '<g id="1">Mini ketchup</g>, <x id="2"/>, <x id="3"/>',
    ]);
  });

  it('translates the human meta texts, by name or by property, and no other meta', () => {
    const head = [
      ['name', 'description', 'Description'],
      ['name', 'keywords', 'Keywords'],
      ['property', 'og:title', 'OG title'],
      ['property', 'og:description', 'OG description'],
      ['property', 'og:site_name', 'Site name'],
      ['property', 'og:image:alt', 'OG image alt'],
      ['name', 'og:title', 'OG title by name'],
      ['name', 'twitter:title', 'Twitter title'],
      ['property', 'twitter:title', 'Twitter title by property'],
      ['name', 'twitter:description', 'Twitter description'],
      ['property', 'twitter:description', 'Twitter description by property'],
      ['name', 'twitter:image:alt', 'Twitter image alt'],
      ['name', 'twitter:card', 'summary_large_image'],
      ['property', 'og:type', 'website'],
      ['property', 'og:url', 'https://example.com/'],
      ['name', 'author', 'Jane Doe'],
      ['name', 'viewport', 'width=device-width'],
    ]
      .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${value}">`)
      .join('\n');
    expect(segments(`<html><head>${head}</head><body></body></html>`)).toEqual([
      'Description',
      'Keywords',
      'OG title',
      'OG description',
      'Site name',
      'OG image alt',
      'OG title by name',
      'Twitter title',
      'Twitter title by property',
      'Twitter description',
      'Twitter description by property',
      'Twitter image alt',
    ]);
  });

  it('keeps code, keyboard input, sample output, variables and teletype text as placeholders', () => {
    expect(
      segments(
        '<p>Run <code>npm install</code>, press <kbd>Ctrl</kbd>+<kbd>C</kbd>, see <samp>Done</samp> for <var>n</var> in <tt>tty</tt>.</p><ul><li><tt>https://cdn.example/x.js</tt></li></ul><pre>Preformatted text</pre><kbd><p>Block kbd</p></kbd>',
      ),
    ).toEqual([
      'Run <x id="1"/>, press <x id="2"/>+<x id="3"/>, see <x id="4"/> for <x id="5"/> in <x id="6"/>.',
    ]);
  });
});
