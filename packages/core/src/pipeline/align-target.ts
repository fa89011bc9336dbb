import type { LoadDocumentOptions, LocDocument } from '../document/load-document.js';
import type { Unit, UnitTranslation } from '../formats/format-adapter.js';
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
 * The target's text of each source unit, moved into the source's ids. A unit whose lock
 * record names the text it was given finds that text wherever it now is (a paragraph
 * inserted above shifts the rest); the others line up by structural path. A target unit
 * whose markup does not match its source unit does not line up.
 */
export function alignTarget(
  source: LocDocument,
  target: LocDocument,
  written: (unitId: string) => string | undefined = () => undefined,
): { texts: Map<string, UnitTranslation>; removed: number } {
  const texts = new Map<string, UnitTranslation>();
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
  const byHash = new Map<string, Unit[]>();
  for (const unit of target.units) {
    const hash = translationHash(target.portable(unit.id));
    const list = byHash.get(hash);
    if (list) list.push(unit);
    else byHash.set(hash, [unit]);
  }
  const byPath = new Map(target.units.map((u) => [u.path, u]));
  for (const own of source.units) {
    // Units that share an id (the same text twice in an XLIFF file) share their text: the
    // second would take another unit's target with the same text.
    if (texts.has(own.id)) continue;
    const hash = written(own.id);
    const candidates =
      hash === undefined ? undefined : byHash.get(hash)?.filter((u) => !used.has(u.id));
    if (!candidates?.length) continue;
    take(own, candidates.find((u) => u.path === own.path) ?? candidates[0]!);
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
  };
}

/** The loader of documents, loaded on first use (see {@link planProject}). */
export const documentLoader = (): Promise<LoadDocument> =>
  import('../document/load-document.js').then((m) => m.loadDocument);
