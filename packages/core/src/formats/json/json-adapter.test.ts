import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.js';

const load = (content: string, options = {}) => loadDocument({ path: 'en.json', content, options });

describe('JSON adapter', () => {
  it('extracts i18next messages with placeholders and tags', () => {
    const doc = load(`{
  "greeting": "Hello {{name}}, you have <bold>{{count}} new</bold> messages",
  "nested": { "deep": "See $t(common.link, { \\"x\\": \\"(a)\\" }) and <0>docs</0><br/>" },
  "empty": "",
  "number": 3
}
`);
    expect(doc.units.map((u) => [u.id, u.segment])).toEqual([
      ['greeting', 'Hello <x id="1"/>, you have <g id="2"><x id="3"/> new</g> messages'],
      ['nested.deep', 'See <x id="1"/> and <g id="2">docs</g><x id="3"/>'],
    ]);
  });

  it('renders translations into the original bytes, and identity gives the input back', () => {
    const text = '{\n\t"a": "One \\u00e9",\n\t"b": [ "Two", 2 ],\n\t"c": "Three {{x}}"\n}';
    const doc = load(text);
    const identity = new Map(doc.units.map((u) => [u.id, u.segment]));
    expect(doc.render(identity, { targetLocale: 'en' })).toBe(text);
    const out = doc.render(
      { a: 'Eins é', 'b.0': 'Zwei "2"', c: 'Drei <x id="1"/>' },
      { targetLocale: 'de' },
    );
    expect(out).toBe(
      '{\n\t"a": "Eins \\u00e9",\n\t"b": [ "Zwei \\"2\\"", 2 ],\n\t"c": "Drei {{x}}"\n}',
    );
  });

  it('groups plural forms and writes the target locale forms', () => {
    const text =
      '{\n  "items_one": "{{count}} item",\n  "items_other": "{{count}} items",\n  "arrow_one": "not plural"\n}\n';
    const doc = load(text);
    const unit = doc.units[0]!;
    expect(unit.id).toBe('items#plural');
    expect(unit.plural?.variants.map((v) => v.keys[0])).toEqual(['one', 'other']);
    expect(unit.plural?.selectors[0]?.numberIds).toEqual(['1']);
    expect(doc.units[1]!.id).toBe('arrow_one');
    const polish = doc.render(
      new Map([
        [
          'items#plural',
          {
            variants: [
              { keys: ['one'], segment: '<x id="1"/> element' },
              { keys: ['few'], segment: '<x id="1"/> elementy' },
              { keys: ['many'], segment: '<x id="1"/> elementów' },
              { keys: ['other'], segment: '<x id="1"/> elementu' },
            ],
          },
        ],
      ]),
      { targetLocale: 'pl' },
    );
    expect(polish).toBe(
      '{\n  "items_one": "{{count}} element",\n  "items_few": "{{count}} elementy",\n  "items_many": "{{count}} elementów",\n  "items_other": "{{count}} elementu",\n  "arrow_one": "not plural"\n}\n',
    );
    const japanese = doc.render(
      new Map([['items#plural', { variants: [{ keys: ['other'], segment: '<x id="1"/> 個' }] }]]),
      { targetLocale: 'ja' },
    );
    expect(JSON.parse(japanese)).toEqual({ items_other: '{{count}} 個', arrow_one: 'not plural' });
  });

  it('expands ICU plurals into full sentences and writes them back', () => {
    const doc = load(
      '{"files": "You have {count, plural, =0 {no files} one {# file} other {# files}} in {folder}."}',
    );
    const unit = doc.units[0]!;
    expect(unit.plural?.variants).toEqual([
      { keys: ['=0'], segment: 'You have no files in <x id="1"/>.' },
      { keys: ['one'], segment: 'You have <x id="2"/> file in <x id="1"/>.' },
      { keys: ['other'], segment: 'You have <x id="2"/> files in <x id="1"/>.' },
    ]);
    expect(unit.plural?.selectors[0]).toMatchObject({
      argument: 'count',
      type: 'plural',
      numberIds: ['2'],
    });
    const out = doc.render(
      new Map([
        [
          'files',
          {
            variants: [
              { keys: ['one'], segment: 'Masz <x id="2"/> plik w <x id="1"/>.' },
              { keys: ['few'], segment: 'Masz <x id="2"/> pliki w <x id="1"/>.' },
              { keys: ['=0'], segment: 'Nie masz plików w <x id="1"/> {tak}.' },
            ],
          },
        ],
      ]),
      { targetLocale: 'pl' },
    );
    expect(JSON.parse(out).files).toBe(
      "{count, plural, =0 {Nie masz plików w {folder} '{'tak'}'.} one {Masz # plik w {folder}.} few {Masz # pliki w {folder}.}}",
    );
  });

  it('reports malformed JSON with line and column', () => {
    expect(() => load('{\n  "a": "b",\n}')).toThrow(/en\.json:3:1: error: .*\[json-syntax\]/);
  });
});
