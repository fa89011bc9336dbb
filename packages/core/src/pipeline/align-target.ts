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
): { texts: Map<string, UnitTranslation>; removed: number; unlike: Unit[] } {
  const texts = new Map<string, UnitTranslation>();
  const unlike: Unit[] = [];
  const used = new Set<string>();
  const take = (own: Unit, theirs: Unit): boolean => {
    try {
      texts.set(own.id, source.textFrom(own.id, target, theirs.id));
      used.add(theirs.id);
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
    return { texts, removed: target.units.filter((u) => !ids.has(u.id)).length, unlike };
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
  };
}

/** The loader of documents, loaded on first use (see {@link planProject}). */
export const documentLoader = (): Promise<LoadDocument> =>
  import('../formats/load-document.js').then((m) => m.loadDocument);
