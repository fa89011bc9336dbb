import { readFileSync } from 'node:fs';
import type { Unit } from '../formats/format-adapter.js';
import { underRoot } from '../fs/under-root.js';
import { hashBytes } from '../hashing/hash-of.js';
import { segmentText } from '../segments/parse-segment.js';
import { documentLoader } from './align-target.js';
import { diagnosticsOf } from './diagnostics-of.js';
import type { FilePlan, PlanOptions } from './plan-types.js';
import { translationHash } from './translation-hash.js';

export { alignTarget, documentLoader, loadTarget } from './align-target.js';
export { planLocale, unitSettingsHash } from './plan-locale.js';
export type { FilePlan, LocalePlan, PlanOptions, UnitPlan, UnitState } from './plan-types.js';
export { translationHash } from './translation-hash.js';

// Files are read synchronously: a promise-based read costs four round trips through the
// thread pool (open, stat, read, close) for files that take one, and on a run with nothing to
// do reading and hashing every file is the whole job.
function readIfExists(path: string): Uint8Array | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A unit's text without markup (all its variants), for finding the glossary terms it uses. */
function plainText(unit: Unit): string {
  return unit.plural
    ? unit.plural.variants.map((v) => segmentText(v.segment)).join('\n')
    : segmentText(unit.segment);
}

/**
 * Reads every source and target file and parses the sources; {@link planLocale} then decides,
 * per locale, what each unit needs. A file whose bytes, targets and locale settings all match
 * the lock is not parsed at all.
 */
export async function planProject(options: PlanOptions): Promise<FilePlan[]> {
  const { config, lock } = options;
  // Texts are kept for glossary matching only: without terms, a run holds none of them.
  const matching = [...options.settings.values()].some((s) => !s.terms.empty);
  let parsing = false;
  return Promise.all(
    options.files.map(async (file): Promise<FilePlan> => {
      const locales = file.locales.filter((l) => options.settings.has(l));
      const plan: FilePlan = {
        file,
        sourceBytes: undefined,
        sourceHash: '',
        upToDate: undefined,
        doc: undefined,
        sourceHashes: new Map(),
        texts: new Map(),
        targets: new Map(),
        locked: undefined,
        locales: [],
        error: undefined,
      };
      let targets: Array<Uint8Array | undefined>;
      try {
        plan.sourceBytes = readFileSync(underRoot(config.root, file.source));
        targets = locales.map((l) => readIfExists(underRoot(config.root, file.target(l))));
      } catch (error) {
        plan.error = diagnosticsOf(error, file.source);
        return plan;
      }
      plan.sourceHash = hashBytes(plan.sourceBytes);
      const locked = lock.files.get(file.source);
      plan.locked = locked;
      const fast =
        !options.force &&
        !options.parseAll &&
        !options.overwriteEdits &&
        locked?.source === plan.sourceHash &&
        !locked.hasStaleEdits() &&
        locales.every((l, i) => {
          const t = locked.targets.get(l);
          const bytes = targets[i];
          return (
            t !== undefined &&
            bytes !== undefined &&
            t.settings === options.settings.get(l)!.hash &&
            t.file === hashBytes(bytes)
          );
        });
      if (fast) {
        // Nothing reads an up-to-date file's bytes again: they are not kept.
        plan.upToDate = locked;
        plan.sourceBytes = undefined;
        return plan;
      }
      locales.forEach((l, i) => {
        plan.targets.set(l, targets[i]);
      });
      if (!parsing) {
        parsing = true;
        options.onParsing?.();
      }
      // The format adapters (and their parsers) are loaded only when a file has to be
      // parsed: a run where every file matches the lock loads none.
      const loadDocument = await documentLoader();
      try {
        plan.doc = loadDocument({
          path: file.source,
          content: plan.sourceBytes,
          sourceLocale: config.sourceLocale,
          options: file.options,
          ...(file.format ? { format: file.format } : {}),
        });
      } catch (error) {
        plan.error = diagnosticsOf(error, file.source);
        return plan;
      }
      for (const unit of plan.doc.units) {
        plan.sourceHashes.set(unit.id, translationHash(plan.doc.portable(unit.id)));
        if (matching) plan.texts.set(unit.id, plainText(unit));
      }
      return plan;
    }),
  );
}
