import { describe, expect, it } from 'vitest';
import { loadDocument } from '../formats/load-document.js';
import { MarkupMismatchError } from './render-segment.js';

const md = (text: string) => loadDocument({ path: 'a.md', content: text });

describe('text moved between a file and its translation', () => {
  it('lines up placeholders by their bytes when a translation reorders them', () => {
    const source = loadDocument({
      path: 'en.json',
      content: '{"a": "{{user}} invited {{guest}}"}',
    });
    const target = loadDocument({
      path: 'de.json',
      content: '{"a": "{{guest}} wurde von {{user}} eingeladen"}',
    });
    expect(target.units[0]!.segment).toBe('<x id="1"/> wurde von <x id="2"/> eingeladen');
    expect(source.textFrom('a', target, 'a')).toBe('<x id="2"/> wurde von <x id="1"/> eingeladen');
  });

  it('lines up a link whose title was translated by its kind and order', () => {
    const source = md('Read the [guide](./guide.md "All options") now.\n');
    const target = md('Lies die [Anleitung](./guide.md "Alle Optionen") jetzt.\n');
    expect(source.textFrom(source.units[0]!.id, target, target.units[0]!.id)).toBe(
      'Lies die <g id="1">Anleitung</g> jetzt.',
    );
  });

  it('refuses text whose markup does not match', () => {
    const source = md('Run `a` and `b`.\n');
    const target = md('Starte `a`.\n');
    expect(() => source.textFrom(source.units[0]!.id, target, target.units[0]!.id)).toThrow(
      MarkupMismatchError,
    );
  });

  it('hashes the same text the same way whatever the local ids are', () => {
    const source = loadDocument({
      path: 'en.json',
      content: '{"a": "{{user}} invited {{guest}}"}',
    });
    const reordered = source.portable('a', '<x id="2"/> wurde von <x id="1"/> eingeladen');
    expect(typeof reordered === 'string' && reordered).toMatch(
      /^<x id="x[0-9a-f]{10}\.1"\/> wurde von <x id="x[0-9a-f]{10}\.1"\/> eingeladen$/,
    );
    const again = loadDocument({
      path: 'en.json',
      content: '{"b": 1, "a": "{{user}} invited {{guest}}"}',
    });
    expect(again.portable('a', '<x id="2"/> wurde von <x id="1"/> eingeladen')).toEqual(reordered);
  });
});
