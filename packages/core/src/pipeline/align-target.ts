import type { Unit, UnitTranslation } from '../formats/format-adapter.js';
import type { LoadDocumentOptions, LocDocument } from '../formats/load-document.js';
import type { FilePlan } from './plan-types.js';
import { translationHash } from './translation-hash.js';

/** Reads a document (the format adapters' loader, loaded on first use). */
export type LoadDocument = (options: LoadDocumentOptions) => LocDocument;

/** Loads a target file as a document, aligned with its source by unit path. */
export function loadTarget(
  plan: FilePlan,
  locale: string,
  bytes: Uint8Array,
  loadDocument: LoadDocument,
): LocDocument {
  // Read like the source (same detected syntax), in the target's locale, with XLIFF targets as the text.
  const options = {
    ...plan.doc!.options,
    locale,
    ...(plan.doc!.format.startsWith('xliff') ? { segmentsFrom: 'target' } : {}),
  };
  return loadDocument({
    path: plan.file.target(locale),
    content: bytes,
    format: plan.doc!.format,
    sourceLocale: locale,
    options,
  });
}

/** A target lined up with its source (see {@link alignTarget}). */
export interface AlignedTarget {
  /** The target's text of each source unit that has one, in the source's ids. */
  texts: Map<string, UnitTranslation>;
  /** Target units the source no longer has. */
  removed: number;
  /** A catalog's target units kept in their own markup (see `LocalePlan.unlike`). */
  unlike: Unit[];
  /** A page's target texts no source unit took, beside source units with no text. */
  displaced: Array<{ unit: Unit; hash: string }>;
}

/**
 * The target's text of each source unit, moved into the source's ids. A catalog's units line
 * up by key (their id): units are named by key, never by text, so two keys that share a text
 * keep their own translations and edits. A page's units line up by structural path; a unit
 * whose lock record names the text it was given and that is not at its place finds that
 * text wherever it now is (a paragraph inserted above shifts the rest), once every unit
 * whose text is at its own place has taken it. A target unit whose markup does not match its
 * source unit does not line up. Units that share an id (the same text twice in an XLIFF
 * file) share their text.
 */
export function alignTarget(
  source: LocDocument,
  target: LocDocument,
  written: (unitId: string) => string | undefined = () => undefined,
): AlignedTarget {
  const texts = new Map<string, UnitTranslation>();
  const unlike: Unit[] = [];
  const used = new Set<string>();
  // Which source unit took each target unit's text (by the source unit's index).
  const takenBy = new Map<string, number>();
  const order = new Map(source.units.map((u, i) => [u.id, i]));
  const take = (own: Unit, theirs: Unit): boolean => {
    try {
      texts.set(own.id, source.textFrom(own.id, target, theirs.id));
      used.add(theirs.id);
      takenBy.set(theirs.id, order.get(own.id)!);
      return true;
    } catch {
      return false; // markup that does not match: not this unit's text
    }
  };
  if (source.kind === 'catalog') {
    const byId = new Map<string, Unit>();
    for (const unit of target.units) if (!byId.has(unit.id)) byId.set(unit.id, unit);
    for (const own of source.units) {
      const theirs = byId.get(own.id);
      if (!theirs || texts.has(own.id) || take(own, theirs)) continue;
      // A key whose text does not carry its source's markup (a person's own plural, a
      // placeholder they left out) is still the text at that key: kept as it is, in its own
      // markup, where the format writes a kept text from the target's bytes.
      if (source.usesPreviousTarget) {
        texts.set(own.id, target.portable(theirs.id));
        unlike.push(theirs);
      }
    }
    const ids = new Set(source.units.map((u) => u.id));
    return {
      texts,
      removed: target.units.filter((u) => !ids.has(u.id)).length,
      unlike,
      displaced: [],
    };
  }
  const byPath = new Map(target.units.map((u) => [u.path, u]));
  const hashes = new Map<Unit, string>();
  const hashOf = (unit: Unit) => {
    let hash = hashes.get(unit);
    if (hash === undefined) {
      hash = translationHash(target.portable(unit.id));
      hashes.set(unit, hash);
    }
    return hash;
  };
  // First the units whose written text is at their own place.
  for (const own of source.units) {
    const hash = written(own.id);
    const theirs = byPath.get(own.path);
    if (hash !== undefined && theirs && !texts.has(own.id) && hashOf(theirs) === hash)
      take(own, theirs);
  }
  // Then moved text: a unit takes the text it was given from where it now is.
  const byHash = new Map<string, Unit[]>();
  for (const unit of target.units) {
    if (used.has(unit.id)) continue;
    const hash = hashOf(unit);
    const list = byHash.get(hash);
    if (list) list.push(unit);
    else byHash.set(hash, [unit]);
  }
  for (const own of source.units) {
    if (texts.has(own.id)) continue;
    const hash = written(own.id);
    const candidate =
      hash === undefined ? undefined : byHash.get(hash)?.find((u) => !used.has(u.id));
    if (candidate) take(own, candidate);
  }
  for (const own of source.units) {
    if (texts.has(own.id)) continue;
    const theirs = byPath.get(own.path);
    if (theirs && !used.has(theirs.id)) take(own, theirs);
  }
  const paths = new Set(source.units.map((u) => u.path));
  return {
    texts,
    removed: target.units.filter((u) => !used.has(u.id) && !paths.has(u.path)).length,
    unlike,
    displaced: displacedTexts(source, target, texts, takenBy).map((unit) => ({
      unit,
      hash: hashOf(unit),
    })),
  };
}

/**
 * The texts of a page's target that no source unit took, where the source has units with no
 * text between the units that took their neighbours: the person's text of a block the source
 * changed (split, its markup changed), which writing the page would replace. A text with no
 * source unit without text beside it is of a block the source deleted.
 */
function displacedTexts(
  source: LocDocument,
  target: LocDocument,
  texts: ReadonlyMap<string, UnitTranslation>,
  takenBy: ReadonlyMap<string, number>,
): Unit[] {
  const out: Unit[] = [];
  const units = target.units;
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    if (unit.derived || takenBy.has(unit.id)) continue;
    let before = -1;
    for (let j = i - 1; j >= 0 && before === -1; j--) before = takenBy.get(units[j]!.id) ?? -1;
    let after = source.units.length;
    for (let j = i + 1; j < units.length && after === source.units.length; j++)
      after = takenBy.get(units[j]!.id) ?? source.units.length;
    for (let k = before + 1; k < after; k++) {
      const own = source.units[k]!;
      if (!own.derived && !texts.has(own.id)) {
        out.push(unit);
        break;
      }
    }
  }
  return out;
}

/** The loader of documents, loaded on first use (see {@link planProject}). */
export const documentLoader = (): Promise<LoadDocument> =>
  import('../formats/load-document.js').then((m) => m.loadDocument);
