import { describe, expect, it } from 'vitest';
import { type Diagnostic, FormatError } from '../../document/diagnostics.js';
import { loadDocument } from '../load-document.js';

const load = (content: string, options = {}) => loadDocument({ path: 'en.json', content, options });

function refusal(content: string, options = {}): readonly Diagnostic[] {
  try {
    load(content, options);
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    return (error as FormatError).diagnostics;
  }
  throw new Error('the file was read');
}

describe('JSON keys that would give two units one id', () => {
  it('refuses a key written twice in one object, naming both places', () => {
    const diagnostics = refusal(
      '{\n  "title": "Welcome",\n  "nested": { "x": "y" },\n  "title": "Hello"\n}\n',
    );
    expect(diagnostics).toEqual([
      {
        file: 'en.json',
        line: 4,
        column: 3,
        rule: 'duplicate-unit-id',
        severity: 'error',
        message:
          "key 'title' is written twice in one object, at line 2, column 3 and at line 4, column 3: JSON readers keep one and drop the other",
      },
    ]);
    // Whatever the values hold, a repeated key means two readers may disagree on the file.
    expect(refusal('{"a": 1, "a": 2}')).toMatchObject([
      { line: 1, column: 10, rule: 'duplicate-unit-id' },
    ]);
    expect(refusal('{"a": {"x": "One"},\n "a": {"y": "Two"}}')).toMatchObject([
      { line: 2, column: 2, rule: 'duplicate-unit-id' },
    ]);
    // Inside a FormatJS `{ id: { defaultMessage, description } }` entry as well.
    expect(
      refusal('{"id": {"defaultMessage": "One", "defaultMessage": "Two"}}', { syntax: 'icu' }),
    ).toMatchObject([{ line: 1, column: 34, rule: 'duplicate-unit-id' }]);
  });

  it("refuses a flat dotted key beside the nested path it names with i18next's default separator", () => {
    const diagnostics = refusal(
      '{\n  "a": {\n    "b": "Nested"\n  },\n  "a.b": "Flat",\n  "c": { "d.e": "x" },\n  "c.d": { "e": "y" }\n}\n',
    );
    expect(diagnostics).toEqual([
      {
        file: 'en.json',
        line: 5,
        column: 3,
        rule: 'colliding-key-path',
        severity: 'error',
        message:
          "key path 'a.b' is also written at line 3, column 5 (keys joined by the key separator '.'): both would be one unit",
      },
      {
        file: 'en.json',
        line: 7,
        column: 12,
        rule: 'colliding-key-path',
        severity: 'error',
        message:
          "key path 'c.d.e' is also written at line 6, column 10 (keys joined by the key separator '.'): both would be one unit",
      },
    ]);
  });

  it('refuses colliding i18next plural groups and array items too', () => {
    expect(
      refusal(
        '{\n  "a": { "items_one": "{{count}} item", "items_other": "{{count}} items" },\n  "a.items_one": "{{count}} thing",\n  "a.items_other": "{{count}} things"\n}',
      ).map((d) => [d.line, d.rule]),
    ).toEqual([
      [3, 'colliding-key-path'],
      [4, 'colliding-key-path'],
    ]);
    expect(refusal('{"list": ["One", "Two"], "list.1": "Three"}')).toMatchObject([
      { line: 1, column: 26, rule: 'colliding-key-path' },
    ]);
  });

  it('refuses a key named like the id of a plural group', () => {
    expect(
      refusal(
        '{\n  "items_one": "{{count}} item",\n  "items_other": "{{count}} items",\n  "items#plural": "Items"\n}',
      ),
    ).toMatchObject([
      {
        line: 4,
        column: 3,
        rule: 'duplicate-unit-id',
        message: expect.stringContaining('line 2, column 3'),
      },
    ]);
  });

  it('honours the keySeparator option: ids are the key paths the application asks for', () => {
    const text = '{\n  "a": { "b": "Nested" },\n  "a.b": "Flat",\n  "items": [ "Zero" ]\n}\n';
    const doc = load(text, { keySeparator: ':' });
    expect(doc.units.map((u) => [u.id, u.segment])).toEqual([
      ['a:b', 'Nested'],
      ['a.b', 'Flat'],
      ['items:0', 'Zero'],
    ]);
    const out = doc.render({ 'a:b': 'Verschachtelt', 'a.b': 'Flach' }, { targetLocale: 'de' });
    expect(JSON.parse(out)).toEqual({ a: { b: 'Verschachtelt' }, 'a.b': 'Flach', items: ['Zero'] });
    expect(refusal('{"a": {"b": "x"}, "a:b": "y"}', { keySeparator: ':' })).toMatchObject([
      { rule: 'colliding-key-path', message: expect.stringContaining("key separator ':'") },
    ]);
    // Plural groups below a nested key take the same separator.
    expect(
      load('{"a": {"n_one": "{{count}} x", "n_other": "{{count}} xs"}}', {
        keySeparator: ':',
      }).units.map((u) => u.id),
    ).toEqual(['a:n#plural']);
  });

  it('with keySeparator false, flat keys are whole keys and a nested path may not repeat one', () => {
    const doc = load('{"Sign in.": "Sign in.", "a": {"b": "x"}}', { keySeparator: false });
    expect(doc.units.map((u) => u.id)).toEqual(['Sign in.', 'a.b']);
    expect(refusal('{"a.b": "y", "a": {"b": "x"}}', { keySeparator: false })).toMatchObject([
      { line: 1, column: 20, rule: 'duplicate-unit-id' },
    ]);
  });

  it('names the option when it is not a separator', () => {
    expect(refusal('{"a": "b"}', { keySeparator: '' })).toMatchObject([
      {
        line: 1,
        column: 1,
        rule: 'json-options',
        message: expect.stringContaining('keySeparator'),
      },
    ]);
  });
});
