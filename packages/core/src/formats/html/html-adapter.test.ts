import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.js';

const page = `<html><head><title>Title</title><meta name="description" content="About"><meta property="og:description" content="Share text"><meta name="keywords" content="no"></head>
<body><p>Hello <a href="/x" title='Link title'>link</a></p>
<div aria-description="Described" translate="yes">Box</div>
<input type="button" value=Press><input type="text" value="typed">
<button value="val">Label</button>
<div class="a notranslate b">Skip me</div><section translate="no"><p>Skip too</p><img alt="no alt"></section>
<style>.x{}</style><code>code()</code><pre>pre</pre>
<option label="Optional">Opt</option>
</body></html>`;

describe('HTML adapter', () => {
  const doc = loadDocument({ path: 'p.html', content: page });
  const segments = doc.units.map((u) => u.segment);

  it('extracts block text and the translatable attributes, and nothing else', () => {
    expect(segments).toEqual([
      'Title',
      'About',
      'Share text',
      'no',
      'Hello <g id="1">link</g>',
      'Link title',
      'Described',
      'Box',
      'Press',
      'Label',
      'Optional',
      'Opt',
    ]);
  });

  it('sets the lang attribute, adding it when missing, and writes attributes with their quotes', () => {
    const translations = new Map(doc.units.map((u) => [u.id, `${u.segment}!`]));
    const out = doc.render(translations, { targetLocale: 'fr' });
    expect(out.startsWith('<html lang="fr"><head><title>Title!</title>')).toBe(true);
    expect(out).toContain(`title='Link title!'`);
    expect(out).toContain('value="Press!"');
    expect(out).toContain('<div class="a notranslate b">Skip me</div>');
    const withLang = loadDocument({
      path: 'p.html',
      content: '<html lang="en-US"><body><p>Hi</p></body></html>',
    });
    expect(withLang.render({}, { targetLocale: 'ja' })).toBe(
      '<html lang="ja"><body><p>Hi</p></body></html>',
    );
  });

  it('escapes translated text and attribute values', () => {
    const small = loadDocument({ path: 'p.html', content: '<p title="t">A</p>' });
    const [attribute, text] = small.units;
    const out = small.render(
      new Map([
        [attribute!.id, 'Say "hi" &amp; go'],
        [text!.id, '1 &lt; 2\u00a0ok'],
      ]),
      { targetLocale: 'de' },
    );
    expect(out).toBe('<p title="Say &quot;hi&quot; &amp; go">1 &lt; 2&nbsp;ok</p>');
  });
});
