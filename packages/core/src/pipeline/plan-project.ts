import { ConfigError } from '@transloom/client/errors';
import type { Unit } from '../formats/format-adapter.js';
import { underRoot } from '../fs/under-root.js';
import { hashBytes } from '../hashing/hash-of.js';
import type { LockedFile } from '../lock/lock-file.js';
import { inLockForm } from '../lock/parse-lock.js';
import { segmentText } from '../segments/parse-segment.js';
import { documentLoader } from './align-target.js';
import { diagnosticsOf } from './diagnostics-of.js';
import type { FilePlan, PlanOptions } from './plan-types.js';
import { hashOwnFile, readOwnFile } from './read-own-file.js';
import { translationHash } from './translation-hash.js';

export { alignTarget, documentLoader, loadTarget } from './align-target.js';
export { planLocale, unitSettingsHash } from './plan-locale.js';
export type {
  FilePlan,
  LocalePlan,
  PlanOptions,
  UnitFilter,
  UnitPlan,
  UnitState,
} from './plan-types.js';
export { translationHash } from './translation-hash.js';

// Files are read synchronously: a promise-based read costs four round trips through the
// thread pool (open, stat, read, close) for files that take one, and on a run with nothing to
// do reading and hashing every file is the whole job. A target not written yet is undefined.
function readTarget(
  guard: PlanOptions['guard'],
  path: string,
  relative: string,
  entryIndex: number,
): Uint8Array | undefined {
  try {
    return readOwnFile(guard, path, relative, entryIndex, 'target');
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

// What a plan holds no entries of: an up-to-date file is never parsed, and thousands of them
// share one empty map instead of three each.
const NONE: ReadonlyMap<string, never> = new Map<string, never>();

// Whether a file whose lock record is `locked` can be up to date: the run leaves people's text
// and settings as they are, and each locale's target was written with its settings as now.
function mayBeUpToDate(options: PlanOptions, locked: LockedFile, locales: readonly string[]) {
  return (
    // After a merge that left conflict markers, which side's lines hold is read from the targets.
    !(options.lock.conflicted && !inLockForm(locked)) &&
    !options.force &&
    !options.parseAll &&
    !options.overwriteEdits &&
    !options.accept &&
    !options.overwrite &&
    locales.every(
      (l) =>
        locked.targets.get(l)?.settings === options.settings.get(l)!.hash &&
        // Text no record says who wrote is asked about again on every run, and reported.
        locked.origins(l).unknown === 0,
    ) &&
    !locked.hasStaleEdits()
  );
}

// Whether a source and its targets hash as the lock says: read into one shared buffer, none
// kept. A file that cannot be read is not up to date (its full read tells why).
function hashesAsLocked(
  options: PlanOptions,
  file: FilePlan['file'],
  locked: LockedFile,
  locales: readonly string[],
): boolean {
  const { guard, config } = options;
  const { entryIndex } = file;
  try {
    const source = underRoot(config.root, file.source);
    if (hashOwnFile(guard, source, file.source, entryIndex, 'source') !== locked.source)
      return false;
    return locales.every((l) => {
      const target = file.target(l);
      const path = underRoot(config.root, target);
      return hashOwnFile(guard, path, target, entryIndex, 'target') === locked.targets.get(l)!.file;
    });
  } catch (error) {
    // A link out of the project stops the run, as the check before it would have.
    if (error instanceof ConfigError) throw error;
    return false;
  }
}

// Reads a source and its targets, and tells (`upToDate`) whether the lock already has them as
// they are. Synchronous: for a run with nothing to do this is the whole job, done for thousands
// of files without a promise each; a file the lock has as it is is hashed and not kept.
function readFilePlan(options: PlanOptions, file: FilePlan['file']): FilePlan {
  const { config, lock } = options;
  const locales = file.locales.filter((l) => options.settings.has(l));
  const locked = lock.files.get(file.source);
  const plan: FilePlan = {
    file,
    sourceBytes: undefined,
    sourceHash: '',
    upToDate: undefined,
    doc: undefined,
    sourceHashes: NONE,
    texts: NONE,
    targets: NONE,
    locked,
    locales: [],
    error: undefined,
  };
  if (
    locked &&
    mayBeUpToDate(options, locked, locales) &&
    hashesAsLocked(options, file, locked, locales)
  ) {
    plan.sourceHash = locked.source;
    plan.upToDate = locked;
    return plan;
  }
  const { guard } = options;
  const { entryIndex } = file;
  let targets: Array<Uint8Array | undefined>;
  try {
    const source = underRoot(config.root, file.source);
    plan.sourceBytes = readOwnFile(guard, source, file.source, entryIndex, 'source');
    targets = locales.map((l) => {
      const target = file.target(l);
      const path = underRoot(config.root, target);
      return readTarget(guard, path, target, entryIndex);
    });
  } catch (error) {
    // A link out of the project stops the run, as the check before it would have.
    if (error instanceof ConfigError) throw error;
    plan.error = diagnosticsOf(error, file.source);
    return plan;
  }
  plan.sourceHash = hashBytes(plan.sourceBytes);
  plan.targets = new Map(locales.map((l, i) => [l, targets[i]]));
  return plan;
}

// Parses a source that is not up to date: its units and their hashes.
function parsePlan(
  options: PlanOptions,
  plan: FilePlan,
  loadDocument: Awaited<ReturnType<typeof documentLoader>>,
  matching: boolean,
): void {
  const { file } = plan;
  try {
    plan.doc = loadDocument({
      path: file.source,
      content: plan.sourceBytes!,
      sourceLocale: options.config.sourceLocale,
      options: file.options,
      ...(file.format ? { format: file.format } : {}),
    });
  } catch (error) {
    plan.error = diagnosticsOf(error, file.source);
    return;
  }
  const sourceHashes = new Map<string, string>();
  const texts = new Map<string, string>();
  for (const unit of plan.doc.units) {
    sourceHashes.set(unit.id, translationHash(plan.doc.portable(unit.id)));
    if (matching) texts.set(unit.id, plainText(unit));
  }
  plan.sourceHashes = sourceHashes;
  plan.texts = texts;
}

/**
 * Reads every source and target file and parses the sources; {@link planLocale} then decides,
 * per locale, what each unit needs. A file whose bytes, targets and locale settings all match
 * the lock is not parsed at all.
 */
export async function planProject(options: PlanOptions): Promise<FilePlan[]> {
  const plans = options.files.map((file) => readFilePlan(options, file));
  const due = plans.filter((plan) => plan.upToDate === undefined && plan.error === undefined);
  if (due.length > 0) {
    options.onParsing?.();
    // Texts are kept for glossary matching only: without terms, a run holds none of them.
    const matching = [...options.settings.values()].some((s) => !s.terms.empty);
    // The format adapters (and their parsers) are loaded only when a file has to be parsed:
    // a run where every file matches the lock loads none.
    const loadDocument = await documentLoader();
    for (const plan of due) parsePlan(options, plan, loadDocument, matching);
  }
  return plans;
}
