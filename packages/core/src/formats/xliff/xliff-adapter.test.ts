import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.js';

const v12 = `<?xml version="1.0"?>
<xliff version="1.2">
  <file source-language="en" target-language="fr" original="a">
    <body>
      <trans-unit id="one"><source>One <x id="PH"/></source><note>Context note</note></trans-unit>
      <trans-unit id="two"><source>Two</source><target state="needs-translation"/></trans-unit>
      <trans-unit id="no" translate="no"><source>Skip</source></trans-unit>
      <trans-unit id="count"><source>{VAR_PLURAL, plural, =1 {one file} other {<x id="INTERPOLATION"/> files}}</source></trans-unit>
    </body>
  </file>
</xliff>
`;

describe('XLIFF adapters', () => {
  it('reads units with notes as context and skips translate="no"', () => {
    const doc = loadDocument({ path: 'a.xlf', content: v12 });
    expect(doc.units.map((u) => u.id)).toEqual(['one', 'two', 'count']);
    expect(doc.units[0]).toMatchObject({ segment: 'One <x id="1"/>', context: 'Context note' });
  });

  it('writes targets with state and the target language', () => {
    const doc = loadDocument({ path: 'a.xlf', content: v12 });
    const out = doc.render({ one: 'Un <x id="1"/>', two: 'Deux' }, { targetLocale: 'de' });
    expect(out).toContain('target-language="de"');
    expect(out).toContain(
      '<source>One <x id="PH"/></source>\n      <target state="translated">Un <x id="PH"/></target>',
    );
    expect(out).toContain('<target state="translated">Deux</target>');
    expect(out).not.toContain('Skip</source>\n');
  });

  it('renders an Angular ICU plural with the target locale forms', () => {
    const doc = loadDocument({ path: 'a.xlf', content: v12 });
    const unit = doc.units[2]!;
    expect(unit.plural?.variants.map((v) => v.keys[0])).toEqual(['=1', 'other']);
    const out = doc.render(
      new Map([
        [
          'count',
          {
            variants: [
              { keys: ['=1'], segment: 'jeden plik' },
              { keys: ['few'], segment: '<x id="1"/> pliki' },
              { keys: ['many'], segment: '<x id="1"/> plików' },
              { keys: ['other'], segment: '<x id="1"/> pliku' },
            ],
          },
        ],
      ]),
      { targetLocale: 'pl' },
    );
    expect(out).toContain(
      '<target state="translated">{VAR_PLURAL, plural, =1 {jeden plik} few {<x id="INTERPOLATION"/> pliki} many {<x id="INTERPOLATION"/> plików} other {<x id="INTERPOLATION"/> pliku}}</target>',
    );
  });

  it('reads existing targets with the source placeholder ids', () => {
    const doc = loadDocument({ path: 'a.xlf', content: v12 });
    const translated = doc.render({ one: 'Un <x id="1"/>' }, { targetLocale: 'fr' });
    const targets = loadDocument({
      path: 'a.xlf',
      content: translated,
      options: { segmentsFrom: 'target' },
    });
    expect(targets.units.find((u) => u.id === 'one')?.segment).toBe('Un <x id="1"/>');
  });

  it('prefixes unit ids with the file when a document has several files', () => {
    const two = `<xliff version="2.0" srcLang="en"><file id="a"><unit id="u"><segment><source>A</source></segment></unit></file><file id="b"><unit id="u"><segment><source>B</source></segment></unit></file></xliff>`;
    expect(loadDocument({ path: 'x.xlf', content: two }).units.map((u) => u.id)).toEqual([
      'a#u',
      'b#u',
    ]);
  });
});
