import type { GlossaryEntry } from '@transloom/client/wire';
import { hashOf } from '../hashing/hash-of.js';

const WORD = /[\p{L}\p{N}_]/u;
// Runs of word characters and runs of anything else, alternating.
const TOKENS = /[\p{L}\p{N}_]+|[^\p{L}\p{N}_]+/gu;
// Scripts written without spaces between words: a term there needs no word boundary.
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

interface Term {
  /** Position in the glossary: matches are hashed in this order. */
  index: number;
  needle: string;
  source: string;
  target: string;
  open: boolean;
  close: boolean;
}

// A node of the word trie: reached by a word, left by the run of signs after it.
interface WordNode {
  /** Terms that end with this word. */
  ends: Term[];
  /** Terms that end with a run of signs after this word (`C++`), by that run. */
  tails: Array<{ tail: string; term: Term }>;
  /** Sign run -> word -> next node. */
  next: Map<string, Map<string, WordNode>>;
}

const node = (): WordNode => ({ ends: [], tails: [], next: new Map() });

/**
 * Finds which glossary entries a text uses, so a changed term re-translates only the units
 * that contain it. Matching is case-insensitive on whole words, a superset of what a service
 * applies (it may also inflect), which errs on the side of re-translating.
 *
 * Terms made of words are found through a trie of their words and the signs between them, so
 * a text costs about the same with a glossary of ten terms or of ten thousand (the service's
 * dictionaries may hold hundreds of thousands). Written by hand because matching is on whole
 * words with the signs between them exactly as written, which the string-search libraries
 * do not do. The few terms that start in a script written without spaces, or with a sign,
 * are searched for one by one.
 */
export class GlossaryTerms {
  private readonly roots = new Map<string, WordNode>();
  private readonly scanned: Term[] = [];
  private readonly size: number;

  constructor(entries: readonly GlossaryEntry[]) {
    this.size = entries.length;
    entries.forEach((e, index) => {
      const needle = e.source.toLowerCase();
      const term: Term = {
        index,
        needle,
        source: e.source,
        target: e.target,
        open: SPACELESS.test(e.source[0] ?? ''),
        close: SPACELESS.test(e.source.at(-1) ?? ''),
      };
      const tokens = needle.match(TOKENS) ?? [];
      if (term.open || term.close || !WORD.test(tokens[0]?.[0] ?? '') || SPACELESS.test(needle)) {
        this.scanned.push(term);
        return;
      }
      this.insert(tokens, term);
    });
  }

  private insert(tokens: readonly string[], term: Term): void {
    let at = this.roots.get(tokens[0]!);
    if (!at) {
      at = node();
      this.roots.set(tokens[0]!, at);
    }
    for (let i = 1; i < tokens.length; i += 2) {
      const signs = tokens[i]!;
      const word = tokens[i + 1];
      if (word === undefined) {
        at.tails.push({ tail: signs, term });
        return;
      }
      let words = at.next.get(signs);
      if (!words) {
        words = new Map();
        at.next.set(signs, words);
      }
      let child = words.get(word);
      if (!child) {
        child = node();
        words.set(word, child);
      }
      at = child;
    }
    at.ends.push(term);
  }

  /** Whether there are no terms at all (every text's hash is ''). */
  get empty(): boolean {
    return this.size === 0;
  }

  /** Hash of the entries that occur in `text` ('' when none does). */
  hashFor(text: string): string {
    if (this.size === 0) return '';
    const haystack = text.toLowerCase();
    const used = new Set<Term>();
    if (this.roots.size > 0) {
      const tokens = haystack.match(TOKENS) ?? [];
      for (let i = 0; i < tokens.length; i++) {
        let at = this.roots.get(tokens[i]!);
        for (let k = i; at; k += 2) {
          for (const term of at.ends) used.add(term);
          const signs = tokens[k + 1];
          for (const { tail, term } of at.tails) {
            // The signs as written, then the text's end or more signs (a word boundary).
            if (signs?.startsWith(tail) && (signs.length > tail.length || k + 2 >= tokens.length))
              used.add(term);
          }
          at = signs === undefined ? undefined : at.next.get(signs)?.get(tokens[k + 2] ?? '');
        }
      }
    }
    for (const term of this.scanned) {
      for (
        let at = haystack.indexOf(term.needle);
        at !== -1;
        at = haystack.indexOf(term.needle, at + 1)
      ) {
        const before = haystack[at - 1];
        const after = haystack[at + term.needle.length];
        if (
          (term.open || before === undefined || !WORD.test(before)) &&
          (term.close || after === undefined || !WORD.test(after))
        ) {
          used.add(term);
          break;
        }
      }
    }
    if (used.size === 0) return '';
    return hashOf(
      ...[...used].sort((a, b) => a.index - b.index).flatMap((t) => [t.source, t.target]),
    );
  }
}
