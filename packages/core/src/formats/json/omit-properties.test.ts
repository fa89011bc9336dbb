import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.js';

// Rendering a catalog with `untranslated: 'omit'`: keys without a translation are left out,
// as if the file had been written without them.
function render(source: string, translations: Record<string, string>, targetLocale = 'de') {
  const doc = loadDocument({ path: 'en.json', content: source });
  const omitted = new Set<string>();
  const text = doc.render(new Map(Object.entries(translations)), {
    targetLocale,
    untranslated: 'omit',
    omitted,
  });
  return { text, omitted: [...omitted].sort(), doc };
}

describe('leaving untranslated keys out of a JSON catalog', () => {
  const source = `{
  "first": "First",
  "nested": {
    "a": "Alpha",
    "b": "Beta"
  },
  "count": 3,
  "last": "Last"
}
`;

  it('drops leading, middle and trailing keys with their commas, keeping the layout', () => {
    expect(render(source, { 'nested.b': 'Beta!', last: 'Letzte' }).text).toBe(`{
  "nested": {
    "b": "Beta!"
  },
  "count": 3,
  "last": "Letzte"
}
`);
    expect(render(source, { first: 'Erste', 'nested.a': 'Alpha!' }).text).toBe(`{
  "first": "Erste",
  "nested": {
    "a": "Alpha!"
  },
  "count": 3
}
`);
  });

  it('drops an object left empty, keeps values that are not text, and makes the root {}', () => {
    const { text, omitted } = render(source, { first: 'Erste' });
    expect(text).toBe(`{
  "first": "Erste",
  "count": 3
}
`);
    expect(omitted).toEqual(['last', 'nested.a', 'nested.b']);
    expect(render('{ "a": "A", "b": { "c": "C" } }\n', {}).text).toBe('{}\n');
    // Every result parses.
    const cases: Array<Record<string, string>> = [
      {},
      { first: 'x' },
      { last: 'y' },
      { 'nested.a': 'z' },
    ];
    for (const keep of cases) expect(() => JSON.parse(render(source, keep).text)).not.toThrow();
  });

  it('drops an array that misses an item whole, since items are read by index', () => {
    const { text, omitted } = render('{"steps": ["One", "Two", "Three"], "title": "Title"}', {
      'steps.0': 'Eins',
      'steps.2': 'Drei',
      title: 'Titel',
    });
    expect(JSON.parse(text)).toEqual({ title: 'Titel' });
    expect(omitted).toEqual(['steps.0', 'steps.1', 'steps.2']);
    const all = render('{"steps": ["One", "Two"]}', { 'steps.0': 'Eins', 'steps.1': 'Zwei' });
    expect(JSON.parse(all.text)).toEqual({ steps: ['Eins', 'Zwei'] });
  });

  it('drops every form of a plural group, and FormatJS entries with their description', () => {
    const plural = render(
      '{\n  "items_one": "{{count}} item",\n  "items_other": "{{count}} items",\n  "ok": "OK"\n}\n',
      { ok: 'Gut' },
    );
    expect(plural.text).toBe('{\n  "ok": "Gut"\n}\n');
    expect(plural.omitted).toEqual(['items#plural']);
    const formatjs = render(
      '{\n  "greeting": { "defaultMessage": "Hello {name}", "description": "On the home page" },\n  "bye": { "defaultMessage": "Bye" }\n}\n',
      { bye: 'Tschüss' },
    );
    expect(formatjs.text).toBe('{\n  "bye": { "defaultMessage": "Tschüss" }\n}\n');
  });

  it('keeps every key, source text included, when told to (the default)', () => {
    const doc = loadDocument({ path: 'en.json', content: source });
    expect(doc.render(new Map(), { targetLocale: 'de' })).toBe(source);
  });
});
