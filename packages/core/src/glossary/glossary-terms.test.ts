import { describe, expect, it } from 'vitest';
import { GlossaryTerms } from './glossary-terms.js';

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
});
