import type { UnitTranslation } from '../formats/format-adapter.js';
import { hashOf } from '../hashing/hash-of.js';
import { parseSegment, serializeSegment } from './parse-segment.js';
import { MarkupMismatchError } from './render-segment.js';
import type { Original, SegmentMarkup } from './segment-markup.js';

/**
 * Ids that mean the same thing in every document: a hash of a placeholder's (or pair's)
 * original bytes and its rank among equal ones. A unit's text read from a translated file
 * is moved into the source document's ids through them.
 */
export function portableIds(
  markup: SegmentMarkup,
  textOf: (original: Original) => string,
): Map<string, string> {
  const ids = new Map<string, string>();
  const rank = new Map<string, number>();
  const byNumber = (a: string, b: string) => Number(a) - Number(b) || a.localeCompare(b);
  for (const id of [...markup.placeholders.keys()].sort(byNumber)) {
    const base = `x${hashOf(textOf(markup.placeholders.get(id)!)).slice(0, 10)}`;
    const n = (rank.get(base) ?? 0) + 1;
    rank.set(base, n);
    ids.set(`x:${id}`, `${base}.${n}`);
  }
  for (const id of [...markup.pairs.keys()].sort(byNumber)) {
    const pair = markup.pairs.get(id)!;
    const base = `g${hashOf(textOf(pair.open), textOf(pair.close)).slice(0, 10)}`;
    const n = (rank.get(base) ?? 0) + 1;
    rank.set(base, n);
    ids.set(`g:${id}`, `${base}.${n}`);
  }
  return ids;
}

function mapIds(segment: string, map: (kind: 'x' | 'g', id: string) => string): string {
  return serializeSegment(
    parseSegment(segment).map((t) =>
      t.type === 'text' ? t : { ...t, id: map(t.type === 'x' ? 'x' : 'g', t.id) },
    ),
  );
}

function mapTranslation(
  translation: UnitTranslation,
  map: (kind: 'x' | 'g', id: string) => string,
): UnitTranslation {
  if (typeof translation === 'string') return mapIds(translation, map);
  return {
    variants: translation.variants.map((v) => ({ keys: v.keys, segment: mapIds(v.segment, map) })),
  };
}

/** A translation with its ids replaced by portable ones. */
export function toPortable(
  translation: UnitTranslation,
  ids: ReadonlyMap<string, string>,
): UnitTranslation {
  return mapTranslation(translation, (kind, id) => {
    const portable = ids.get(`${kind}:${id}`);
    if (portable === undefined)
      throw new MarkupMismatchError(`<${kind} id="${id}"> is not part of the unit`);
    return portable;
  });
}

/** A portable translation with the ids of a document's unit; a piece the unit lacks is a MarkupMismatchError. */
export function fromPortable(
  translation: UnitTranslation,
  ids: ReadonlyMap<string, string>,
): UnitTranslation {
  const reverse = new Map<string, string>();
  for (const [local, portable] of ids) reverse.set(portable, local.slice(2));
  return mapTranslation(translation, (kind, id) => {
    const local = reverse.get(id);
    if (local === undefined || ids.get(`${kind}:${local}`) !== id) {
      throw new MarkupMismatchError(`the text holds markup the unit does not have (${kind} ${id})`);
    }
    return local;
  });
}
