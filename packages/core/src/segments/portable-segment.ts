import { hashOf } from '../hashing/hash-of.js';
import { parseSegment, serializeSegment } from './parse-segment.js';
import { MarkupMismatchError } from './render-segment.js';
import type { Original, SegmentMarkup } from './segment-markup.js';
import type { UnitTranslation } from './unit-translation.js';

/** One placeholder or pair of a unit with the bytes it stands for. */
interface MarkupPiece {
  /** `x:<id>` or `g:<id>`. */
  local: string;
  kind: 'x' | 'g';
  bytes: string;
}

const byNumber = (a: string, b: string) => Number(a) - Number(b) || a.localeCompare(b);

function pieces(markup: SegmentMarkup, textOf: (original: Original) => string): MarkupPiece[] {
  const out: MarkupPiece[] = [];
  for (const id of [...markup.placeholders.keys()].sort(byNumber)) {
    out.push({ local: `x:${id}`, kind: 'x', bytes: textOf(markup.placeholders.get(id)!) });
  }
  for (const id of [...markup.pairs.keys()].sort(byNumber)) {
    const pair = markup.pairs.get(id)!;
    out.push({
      local: `g:${id}`,
      kind: 'g',
      bytes: `${textOf(pair.open)}\u0000${textOf(pair.close)}`,
    });
  }
  return out;
}

/**
 * Ids that mean the same thing whatever order the pieces appear in: a hash of a placeholder's
 * (or pair's) original bytes and its rank among equal ones. Hashes of text in these ids do
 * not change when a translation reorders placeholders.
 */
export function portableIds(
  markup: SegmentMarkup,
  textOf: (original: Original) => string,
): Map<string, string> {
  const ids = new Map<string, string>();
  const rank = new Map<string, number>();
  for (const piece of pieces(markup, textOf)) {
    const base = `${piece.kind}${hashOf(piece.bytes).slice(0, 10)}`;
    const n = (rank.get(base) ?? 0) + 1;
    rank.set(base, n);
    ids.set(piece.local, `${base}.${n}`);
  }
  return ids;
}

/**
 * The part of `markup` that `texts` (a unit's segment, or all its variants) use: a unit read
 * with another unit's builder (an XLIFF target read with its source) has the other's ids too,
 * which its own text may not hold.
 */
export function usedMarkup(markup: SegmentMarkup, texts: readonly string[]): SegmentMarkup {
  const x = new Set<string>();
  const g = new Set<string>();
  for (const text of texts)
    for (const token of parseSegment(text)) {
      if (token.type === 'x') x.add(token.id);
      else if (token.type === 'open') g.add(token.id);
    }
  if (x.size === markup.placeholders.size && g.size === markup.pairs.size) return markup;
  return {
    placeholders: new Map([...markup.placeholders].filter(([id]) => x.has(id))),
    pairs: new Map([...markup.pairs].filter(([id]) => g.has(id))),
  };
}

/**
 * Which of `ours` each of `theirs` is: the same bytes first (in order), then, for pieces whose
 * bytes differ (a link whose title was translated), the same kind in order. Undefined when
 * the two do not have as many placeholders and pairs.
 */
export function matchMarkup(
  ours: SegmentMarkup,
  ourText: (original: Original) => string,
  theirs: SegmentMarkup,
  theirText: (original: Original) => string,
): Map<string, string> | undefined {
  const mine = pieces(ours, ourText);
  const other = pieces(theirs, theirText);
  if (
    mine.length !== other.length ||
    mine.filter((p) => p.kind === 'x').length !== other.filter((p) => p.kind === 'x').length
  )
    return undefined;
  const map = new Map<string, string>();
  const used = new Set<string>();
  for (const piece of other) {
    const same = mine.find(
      (m) => !used.has(m.local) && m.kind === piece.kind && m.bytes === piece.bytes,
    );
    if (same) {
      map.set(piece.local, same.local);
      used.add(same.local);
    }
  }
  for (const piece of other) {
    if (map.has(piece.local)) continue;
    const next = mine.find((m) => !used.has(m.local) && m.kind === piece.kind)!;
    map.set(piece.local, next.local);
    used.add(next.local);
  }
  return map;
}

function mapIds(segment: string, map: (kind: 'x' | 'g', id: string) => string): string {
  return serializeSegment(
    parseSegment(segment).map((t) =>
      t.type === 'text' ? t : { ...t, id: map(t.type === 'x' ? 'x' : 'g', t.id) },
    ),
  );
}

/** A translation with each placeholder and pair id replaced through `ids` (keys `x:<id>`, `g:<id>`). */
export function renameIds(
  translation: UnitTranslation,
  ids: ReadonlyMap<string, string>,
  strip = false,
): UnitTranslation {
  const map = (kind: 'x' | 'g', id: string) => {
    const renamed = ids.get(`${kind}:${id}`);
    if (renamed === undefined)
      throw new MarkupMismatchError(`<${kind} id="${id}"> is not part of the unit`);
    return strip ? renamed.slice(2) : renamed;
  };
  if (typeof translation === 'string') return mapIds(translation, map);
  return {
    variants: translation.variants.map((v) => ({ keys: v.keys, segment: mapIds(v.segment, map) })),
  };
}

// A portable id: a piece's kind and the first ten hex digits of its bytes' hash, then its rank.
const PORTABLE_ID = /^[a-z][0-9a-f]{10}\.\d+$/;

/** Whether every placeholder and pair of a text has a portable id (see {@link portableIds}). */
export function inPortableForm(text: UnitTranslation): boolean {
  const segments = typeof text === 'string' ? [text] : text.variants.map((v) => v.segment);
  return segments.every((segment) =>
    [...segment.matchAll(/ id="([^"]*)"/g)].every((m) => PORTABLE_ID.test(m[1]!)),
  );
}
