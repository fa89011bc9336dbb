import type { PageBlock } from '../formats/format-adapter.js';

/** Two blocks lined up by {@link alignBlocks}: a source block and its translation's. */
export interface BlockPair {
  source: number;
  target: number;
  /** How sure the pairing is, 0 to 1: the anchors they share and how their lengths compare. */
  likeness: number;
}

// Beyond this many block pairs a page is not lined up (the table would hold too much); it
// stays as the person wrote it.
const MOST_CELLS = 4_000_000;

/**
 * Lines up a page's translation with its source by structure: the pairing of blocks of the
 * same shape, in order, that is likeliest (most pairs; among those, the most shared anchors
 * and the lengths that best fit the page's ratio of translation to source), so a block one
 * side has and the other lacks shifts nothing. A sequence alignment (Needleman-Wunsch with no
 * cost for a gap); written here because it weighs the format's own block shapes and anchors.
 * Undefined for a page too big to line up.
 */
export function alignBlocks(
  source: readonly PageBlock[],
  target: readonly PageBlock[],
): BlockPair[] | undefined {
  const n = source.length;
  const m = target.length;
  if ((n + 1) * (m + 1) > MOST_CELLS) return undefined;
  const total = (blocks: readonly PageBlock[]) => blocks.reduce((sum, b) => sum + b.size, 0);
  const ratio = total(target) / Math.max(1, total(source));
  const likeness = (s: PageBlock, t: PageBlock) => (anchorsLike(s, t) + sizeLike(s, t, ratio)) / 2;
  const width = m + 1;
  const best = new Float64Array((n + 1) * width);
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      let value = Math.max(best[(i - 1) * width + j]!, best[i * width + j - 1]!);
      const s = source[i - 1]!;
      const t = target[j - 1]!;
      // A pair counts 1 and its likeness at most 1/2: the most pairs first, then the likeliest.
      if (s.shape === t.shape)
        value = Math.max(value, best[(i - 1) * width + j - 1]! + 1 + likeness(s, t) / 2);
      best[i * width + j] = value;
    }
  }
  const pairs: BlockPair[] = [];
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const here = best[i * width + j]!;
    const s = source[i - 1]!;
    const t = target[j - 1]!;
    if (s.shape === t.shape) {
      const like = likeness(s, t);
      if (here === best[(i - 1) * width + j - 1]! + 1 + like / 2) {
        pairs.push({ source: i - 1, target: j - 1, likeness: like });
        i--;
        j--;
        continue;
      }
    }
    if (here === best[(i - 1) * width + j]!) i--;
    else j--;
  }
  return pairs.reverse();
}

// The share of anchors two blocks have in common (as multisets); 1/2 when neither has any.
function anchorsLike(s: PageBlock, t: PageBlock): number {
  if (s.anchors.length === 0 && t.anchors.length === 0) return 0.5;
  const counts = new Map<string, number>();
  for (const a of s.anchors) counts.set(a, (counts.get(a) ?? 0) + 1);
  let shared = 0;
  for (const a of t.anchors) {
    const left = counts.get(a) ?? 0;
    if (left > 0) {
      shared++;
      counts.set(a, left - 1);
    }
  }
  return shared / (s.anchors.length + t.anchors.length - shared);
}

// How well a translation's length fits its source's at the page's ratio: 1 when it does, 0
// from three times longer or shorter.
function sizeLike(s: PageBlock, t: PageBlock, ratio: number): number {
  const off = Math.abs(Math.log(Math.max(1, t.size) / (Math.max(1, s.size) * ratio)));
  return Math.max(0, 1 - off / Math.log(3));
}
