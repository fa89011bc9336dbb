import type { GlossaryEntry } from '@transloom/client/wire';
import { describe, expect, it } from 'vitest';
import { hashOf } from '../hashing/hash-of.js';
import { GlossaryTerms } from './glossary-terms.js';

// The plain definition the index must agree with: every term searched for in the whole text.
function referenceHash(entries: readonly GlossaryEntry[], text: string): string {
  const word = /[\p{L}\p{N}_]/u;
  const spaceless = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
  const haystack = text.toLowerCase();
  const used: string[] = [];
  for (const e of entries) {
    const needle = e.source.toLowerCase();
    const open = spaceless.test(e.source[0] ?? '');
    const close = spaceless.test(e.source.at(-1) ?? '');
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      const before = haystack[at - 1];
      const after = haystack[at + needle.length];
      if (
        (open || before === undefined || !word.test(before)) &&
        (close || after === undefined || !word.test(after))
      ) {
        used.push(e.source, e.target);
        break;
      }
    }
  }
  return used.length === 0 ? '' : hashOf(...used);
}

describe('GlossaryTerms', () => {
  const terms = new GlossaryTerms([
    { source: 'pull request', target: 'Pull Request' },
    { source: 'lock', target: 'Sperre' },
    { source: '翻訳', target: 'translation' },
  ]);

  it('finds whole words, whatever their case', () => {
    expect(terms.hashFor('Open a Pull Request')).not.toBe('');
    expect(terms.hashFor('Open a pull-request')).toBe('');
    expect(terms.hashFor('The lockfile is new')).toBe('');
    expect(terms.hashFor('Commit the lock.')).not.toBe('');
  });

  it('gives the same hash for the same terms, another for other terms', () => {
    expect(terms.hashFor('a pull request')).toBe(terms.hashFor('another PULL REQUEST here'));
    expect(terms.hashFor('a pull request')).not.toBe(terms.hashFor('a lock'));
    expect(terms.hashFor('a pull request and a lock')).not.toBe(terms.hashFor('a lock'));
  });

  it('needs no word boundary in scripts written without spaces', () => {
    expect(terms.hashFor('機械翻訳です')).not.toBe('');
  });

  it('changes when a matched entry changes, not when another does', () => {
    const changed = new GlossaryTerms([
      { source: 'pull request', target: 'Änderungsanfrage' },
      { source: 'lock', target: 'Sperre' },
      { source: '翻訳', target: 'translation' },
    ]);
    expect(changed.hashFor('a pull request')).not.toBe(terms.hashFor('a pull request'));
    expect(changed.hashFor('a lock')).toBe(terms.hashFor('a lock'));
  });

  it('finds exactly the terms a search of the whole text finds, on random glossaries and texts', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const words = [
      'pull',
      'request',
      'Lock',
      'file',
      'e-mail',
      '翻訳',
      '機械',
      'go',
      'to',
      'C++',
      '#tag',
      'ÉTÉ',
      'naïve',
    ];
    const glue = [' ', ' ', '-', '.', '', ', ', '/'];
    const phrase = (n: number) =>
      Array.from({ length: n }, () => pick(words) + pick(glue))
        .join('')
        .trim();
    for (let round = 0; round < 300; round++) {
      const entries = Array.from({ length: 1 + Math.floor(random() * 12) }, (_, i) => ({
        source: phrase(1 + Math.floor(random() * 2)) || `x${i}`,
        target: `t${i}`,
      }));
      const terms = new GlossaryTerms(entries);
      for (let t = 0; t < 20; t++) {
        const text = phrase(1 + Math.floor(random() * 12));
        expect(terms.hashFor(text), `${JSON.stringify(entries)} in ${JSON.stringify(text)}`).toBe(
          referenceHash(entries, text),
        );
      }
    }
  });
});
