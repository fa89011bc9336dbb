import { describe, expect, it } from 'vitest';
import { GlossaryAutomaton } from './glossary-automaton.js';

// The behaviour the automaton replaces: one alternation, longest phrase first, whole words.
function regexMatches(entries: Array<{ source: string; target: string }>, text: string) {
  const targets = new Map<string, string>();
  for (const e of entries)
    if (!targets.has(e.source.toLowerCase())) targets.set(e.source.toLowerCase(), e.target);
  const alternatives = [...targets.keys()]
    .sort((a, b) => b.length - a.length)
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}\\p{M}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}\\p{M}])`,
    'giu',
  );
  return [...text.matchAll(pattern)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    target: targets.get(m[0].toLowerCase())!,
  }));
}

function seeded(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
}

describe('glossary automaton', () => {
  it('finds whole words, case-insensitively, longest first, without overlaps', () => {
    const automaton = new GlossaryAutomaton([
      { source: 'sign in', target: 'anmelden' },
      { source: 'sign', target: 'Zeichen' },
      { source: 'in', target: 'IN' },
      { source: 'C++', target: 'C-Plus-Plus' },
    ]);
    const text = 'Sign in to sign inside, in C++ or xC++.';
    expect(automaton.matches(text).map((m) => [text.slice(m.start, m.end), m.target])).toEqual([
      ['Sign in', 'anmelden'],
      ['sign', 'Zeichen'],
      ['in', 'IN'],
      ['C++', 'C-Plus-Plus'],
    ]);
  });

  it('keeps the first of two entries that differ only in case', () => {
    const automaton = new GlossaryAutomaton([
      { source: 'Cart', target: 'Warenkorb' },
      { source: 'cart', target: 'Karren' },
    ]);
    expect(automaton.matches('my CART').map((m) => m.target)).toEqual(['Warenkorb']);
  });

  it('handles scripts without spaces, combining marks and astral characters', () => {
    const automaton = new GlossaryAutomaton([
      { source: 'café', target: 'Kaffee' },
      { source: '😀', target: 'smile' },
    ]);
    expect(automaton.matches('un café, 😀!').map((m) => m.target)).toEqual(['Kaffee', 'smile']);
    // `e` + U+0301 is one word with its mark: `cafe` alone must not match inside it.
    const plain = new GlossaryAutomaton([{ source: 'cafe', target: 'x' }]);
    expect(plain.matches('cafe\u0301')).toEqual([]);
  });

  it('agrees with the regular expression it replaces on random dictionaries and texts', () => {
    const random = seeded(7);
    const words = ['a', 'b', 'ab', 'A', 'ba', '.', '-', ' ', 'é', '1'];
    const phrase = (max: number) => {
      let out = '';
      const n = 1 + random(max);
      for (let i = 0; i < n; i++) out += words[random(words.length)];
      return out.trim() === '' ? 'a' : out.trim();
    };
    for (let round = 0; round < 300; round++) {
      const entries = Array.from({ length: 1 + random(8) }, (_, i) => ({
        source: phrase(4),
        target: `T${i}`,
      }));
      const text = phrase(30);
      expect(
        new GlossaryAutomaton(entries).matches(text),
        `${JSON.stringify(entries)} / ${text}`,
      ).toEqual(regexMatches(entries, text));
    }
  });

  it('answers nothing for an empty dictionary or text', () => {
    expect(new GlossaryAutomaton([]).matches('anything')).toEqual([]);
    expect(new GlossaryAutomaton([{ source: 'a', target: 'b' }]).matches('')).toEqual([]);
  });
});
