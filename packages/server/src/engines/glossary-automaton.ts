import type { GlossaryEntry } from '@transloom/client/wire';

// Written by hand: the maintained Aho-Corasick packages either lack word boundaries with
// leftmost-longest selection or evaluate boundaries per candidate (measured: 14 s for a
// 128 KiB text with modern-ahocorasick), and the matching here must stay linear in the text.

/** A word: letters, digits and combining marks; anything else is one token of its own. */
const TOKEN = /[\p{L}\p{N}\p{M}]+|[\s\S]/gu;
const WORD_START = /^[\p{L}\p{N}\p{M}]/u;

/** A glossary match in a text: UTF-16 offsets and the target phrase to put there. */
export interface GlossaryMatch {
  start: number;
  end: number;
  target: string;
}

/** Text split into tokens: offsets, dictionary symbol ids (-1: unknown) and word flags. */
interface Tokens {
  starts: number[];
  ids: Int32Array;
  word: Uint8Array;
  end: number;
}

/** Grows typed arrays by doubling. */
function grow<T extends Int32Array | Uint8Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  let length = array.length;
  while (length < size) length *= 2;
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array);
  if (next instanceof Int32Array) next.fill(-1, array.length);
  return next;
}

/** Trie edges (node, symbol) -> child in one open-addressing table of typed arrays. */
class EdgeTable {
  private mask = 1023;
  private nodes = new Int32Array(1024).fill(-1);
  private symbols = new Int32Array(1024);
  private children = new Int32Array(1024);
  private size = 0;

  private slot(node: number, symbol: number): number {
    let i = (Math.imul(node, 0x9e3779b1) ^ Math.imul(symbol, 0x85ebca77)) & this.mask;
    while (this.nodes[i] !== -1 && (this.nodes[i] !== node || this.symbols[i] !== symbol)) {
      i = (i + 1) & this.mask;
    }
    return i;
  }

  get(node: number, symbol: number): number {
    const i = this.slot(node, symbol);
    return this.nodes[i] === -1 ? -1 : this.children[i]!;
  }

  set(node: number, symbol: number, child: number): void {
    if ((this.size + 1) * 2 > this.mask) this.rehash();
    const i = this.slot(node, symbol);
    if (this.nodes[i] === -1) this.size++;
    this.nodes[i] = node;
    this.symbols[i] = symbol;
    this.children[i] = child;
  }

  get bytes(): number {
    return this.nodes.byteLength * 3;
  }

  private rehash(): void {
    const { nodes, symbols, children } = this;
    const capacity = nodes.length * 2;
    this.mask = capacity - 1;
    this.nodes = new Int32Array(capacity).fill(-1);
    this.symbols = new Int32Array(capacity);
    this.children = new Int32Array(capacity);
    this.size = 0;
    for (let i = 0; i < nodes.length; i++)
      if (nodes[i] !== -1) this.set(nodes[i]!, symbols[i]!, children[i]!);
  }
}

/**
 * Finds glossary source phrases in text: whole words only, case-insensitive, the leftmost
 * match first and the longest one where several start at the same place, never overlapping.
 *
 * It is an Aho-Corasick automaton over words (the phrases reversed, so one right-to-left pass
 * finds the longest phrase starting at each word). Matching costs one step per word plus, at
 * most, one per phrase ending in punctuation that matches at a place followed by a letter.
 */
export class GlossaryAutomaton {
  private readonly vocabulary = new Map<string, number>();
  private readonly edges = new EdgeTable();
  private readonly targets: string[] = [];
  private wordEnd = new Uint8Array(64);
  private fail = new Int32Array(64).fill(-1);
  private pattern = new Int32Array(64).fill(-1);
  private depth = new Int32Array(64).fill(-1);
  private firstChild = new Int32Array(64).fill(-1);
  private nextSibling = new Int32Array(64).fill(-1);
  /** Longest phrase on the failure chain that ends in a word (always a valid end). */
  private wordBest = new Int32Array(64).fill(-1);
  /** Next phrase on the failure chain that ends in punctuation (valid only before a non-word). */
  private punctuationLink = new Int32Array(64).fill(-1);
  private symbolOf = new Int32Array(64).fill(-1);
  private nodeCount = 1;

  /** Builds the automaton; the first entry of a source phrase (compared case-insensitively) wins. */
  constructor(entries: readonly GlossaryEntry[]) {
    this.depth[0] = 0;
    for (const entry of entries) this.insert(entry);
    this.link();
  }

  /** Approximate memory held, for cache sizing. */
  get bytes(): number {
    return this.nodeCount * 40 + this.edges.bytes + this.vocabulary.size * 48;
  }

  private symbol(token: string, create: boolean): number {
    const folded = token.toLowerCase();
    let id = this.vocabulary.get(folded);
    if (id === undefined) {
      if (!create) return -1;
      id = this.vocabulary.size;
      this.vocabulary.set(folded, id);
    }
    return id;
  }

  private insert(entry: GlossaryEntry): void {
    const tokens = entry.source.match(TOKEN);
    if (!tokens) return;
    let node = 0;
    for (let i = tokens.length - 1; i >= 0; i--) {
      const symbol = this.symbol(tokens[i]!, true);
      let child = this.edges.get(node, symbol);
      if (child === -1) {
        child = this.nodeCount++;
        this.ensure(this.nodeCount);
        this.edges.set(node, symbol, child);
        this.depth[child] = this.depth[node]! + 1;
        this.nextSibling[child] = this.firstChild[node]!;
        this.firstChild[node] = child;
        this.symbolOf[child] = symbol;
      }
      node = child;
    }
    if (this.pattern[node] !== -1) return;
    this.pattern[node] = this.targets.length;
    this.targets.push(entry.target);
    this.wordEnd = grow(this.wordEnd, this.targets.length);
    this.wordEnd[this.targets.length - 1] = WORD_START.test(tokens.at(-1)!) ? 1 : 0;
  }

  private ensure(size: number): void {
    this.fail = grow(this.fail, size);
    this.pattern = grow(this.pattern, size);
    this.depth = grow(this.depth, size);
    this.firstChild = grow(this.firstChild, size);
    this.nextSibling = grow(this.nextSibling, size);
    this.symbolOf = grow(this.symbolOf, size);
    this.wordBest = grow(this.wordBest, size);
    this.punctuationLink = grow(this.punctuationLink, size);
  }

  // Failure links and output links, breadth first (a node's links need its parent's).
  private link(): void {
    const queue = new Int32Array(this.nodeCount);
    let head = 0;
    let tail = 0;
    this.fail[0] = 0;
    for (let child = this.firstChild[0]!; child !== -1; child = this.nextSibling[child]!) {
      this.fail[child] = 0;
      queue[tail++] = child;
    }
    while (head < tail) {
      const node = queue[head++]!;
      const p = this.pattern[node]!;
      const f = this.fail[node]!;
      this.wordBest[node] = p !== -1 && this.wordEnd[p] === 1 ? node : this.wordBest[f]!;
      this.punctuationLink[node] =
        p !== -1 && this.wordEnd[p] === 0 ? node : this.punctuationLink[f]!;
      for (let child = this.firstChild[node]!; child !== -1; child = this.nextSibling[child]!) {
        const symbol = this.symbolOf[child]!;
        let state = f;
        let next = this.edges.get(state, symbol);
        while (next === -1 && state !== 0) {
          state = this.fail[state]!;
          next = this.edges.get(state, symbol);
        }
        this.fail[child] = next === -1 ? 0 : next;
        queue[tail++] = child;
      }
    }
  }

  private step(state: number, symbol: number): number {
    if (symbol === -1) return 0;
    let s = state;
    for (;;) {
      const next = this.edges.get(s, symbol);
      if (next !== -1) return next;
      if (s === 0) return 0;
      s = this.fail[s]!;
    }
  }

  private tokenize(text: string): Tokens {
    const starts: number[] = [];
    const symbols: number[] = [];
    const words: number[] = [];
    for (const match of text.matchAll(TOKEN)) {
      starts.push(match.index);
      symbols.push(this.symbol(match[0], false));
      words.push(WORD_START.test(match[0]) ? 1 : 0);
    }
    return {
      starts,
      ids: Int32Array.from(symbols),
      word: Uint8Array.from(words),
      end: text.length,
    };
  }

  /** Every match in `text`, in order. */
  matches(text: string): GlossaryMatch[] {
    if (this.targets.length === 0 || text === '') return [];
    const tokens = this.tokenize(text);
    const count = tokens.ids.length;
    const bestLength = new Int32Array(count);
    const bestPattern = new Int32Array(count).fill(-1);
    let state = 0;
    for (let i = count - 1; i >= 0; i--) {
      state = this.step(state, tokens.ids[i]!);
      // A phrase starting with punctuation must not follow a word directly.
      if (state === 0 || (tokens.word[i] === 0 && i > 0 && tokens.word[i - 1] === 1)) continue;
      const w = this.wordBest[state]!;
      let length = w === -1 ? 0 : this.depth[w]!;
      let pattern = w === -1 ? -1 : this.pattern[w]!;
      for (let t = this.punctuationLink[state]!; t !== -1 && this.depth[t]! > length; ) {
        const after = i + this.depth[t]!;
        if (after === count || tokens.word[after] === 0) {
          length = this.depth[t]!;
          pattern = this.pattern[t]!;
          break;
        }
        t = t === 0 ? -1 : this.punctuationLink[this.fail[t]!]!;
      }
      bestLength[i] = length;
      bestPattern[i] = pattern;
    }
    const out: GlossaryMatch[] = [];
    for (let i = 0; i < count; ) {
      const length = bestLength[i]!;
      if (length === 0) {
        i++;
        continue;
      }
      const next = i + length;
      out.push({
        start: tokens.starts[i]!,
        end: next === count ? tokens.end : tokens.starts[next]!,
        target: this.targets[bestPattern[i]!]!,
      });
      i = next;
    }
    return out;
  }
}
