import type { GlossaryEntry } from '@transloom/client/wire';
import { hashOf } from '../hashing/hash-of.js';

const WORD = /[\p{L}\p{N}_]/u;
// Scripts written without spaces between words: a term there needs no word boundary.
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/**
 * Finds which glossary entries a text uses, so a changed term re-translates only the units
 * that contain it. Matching is case-insensitive on whole words, a superset of what a service
 * applies (it may also inflect), which errs on the side of re-translating.
 */
export class GlossaryTerms {
  private readonly entries: ReadonlyArray<{
    needle: string;
    source: string;
    target: string;
    open: boolean;
    close: boolean;
  }>;

  constructor(entries: readonly GlossaryEntry[]) {
    this.entries = entries.map((e) => ({
      needle: e.source.toLowerCase(),
      source: e.source,
      target: e.target,
      open: SPACELESS.test(e.source[0] ?? ''),
      close: SPACELESS.test(e.source.at(-1) ?? ''),
    }));
  }

  /** Hash of the entries that occur in `text` ('' when none does). */
  hashFor(text: string): string {
    if (this.entries.length === 0) return '';
    const haystack = text.toLowerCase();
    const used: string[] = [];
    for (const entry of this.entries) {
      let at = haystack.indexOf(entry.needle);
      while (at !== -1) {
        const before = haystack[at - 1];
        const after = haystack[at + entry.needle.length];
        if (
          (entry.open || before === undefined || !WORD.test(before)) &&
          (entry.close || after === undefined || !WORD.test(after))
        ) {
          used.push(entry.source, entry.target);
          break;
        }
        at = haystack.indexOf(entry.needle, at + 1);
      }
    }
    return used.length === 0 ? '' : hashOf(...used);
  }
}
