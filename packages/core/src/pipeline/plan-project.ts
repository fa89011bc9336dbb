import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import pLimit from 'p-limit';
import type { ResolvedConfig } from '../config/resolve-config.js';
import { type Diagnostic, FormatError } from '../document/diagnostics.js';
import type { LoadDocumentOptions, LocDocument } from '../document/load-document.js';
import type { Unit, UnitTranslation } from '../formats/format-adapter.js';
import { hashBytes, hashOf } from '../hashing/hash-of.js';
import type { ProjectFile } from '../project/expand-files.js';
import { segmentText } from '../segments/parse-segment.js';
import type { LocaleSettings } from './locale-settings.js';
import type { Lock, LockedFile, LockedTranslation } from './lock-file.js';

/**
 * What a unit needs in one locale:
 * - `new`: no translation yet (missing, or still the source text);
 * - `changed`: its source or settings changed since Transloom wrote it;
 * - `unchanged`: the target holds what Transloom wrote for the current source;
 * - `kept`: a person wrote or edited the target text; it is never overwritten;
 * - `adopt`: the target has text the lock does not know (or not as written); it is Transloom's
 *   own when the translation memory gives the same text (a run stopped before writing its
 *   lock), else a person's, then kept.
 */
export type UnitState = 'new' | 'changed' | 'unchanged' | 'kept' | 'adopt';

/** One unit in one locale. */
export interface UnitPlan {
  unit: Unit;
  state: UnitState;
  /** The target's text for the unit, in the source document's ids. */
  current: UnitTranslation | undefined;
  /** Hash of `current` (portable). */
  currentHash: string | undefined;
  sourceHash: string;
  settingsHash: string;
  /** What the lock had. */
  record: LockedTranslation | undefined;
  /** For `kept`: the source changed after the person's text was written. */
  stale: boolean;
  /** For `kept` and `adopt`: hash of the source the person's text was written for. */
  reviewedSource: string | undefined;
}

/** One target file of a source file. */
export interface LocalePlan {
  locale: string;
  /** Target path relative to the root. */
  target: string;
  targetBytes: Uint8Array | undefined;
  units: UnitPlan[];
  /** Units of the target that the source no longer has (dropped when the file is written). */
  removed: number;
  /** The existing target cannot be read; it is left alone. */
  error: Diagnostic[] | undefined;
}

/** One source file. */
export interface FilePlan {
  file: ProjectFile;
  sourceBytes: Uint8Array | undefined;
  sourceHash: string;
  /** The lock's record, when the file and all its targets are as the lock says and none was parsed. */
  upToDate: LockedFile | undefined;
  doc: LocDocument | undefined;
  /** Unit id -> hash of its source text (portable ids), computed once for every locale. */
  sourceHashes: Map<string, string>;
  /** Unit id -> its text without markup, for glossary matching in each locale. */
  texts: Map<string, string>;
  /** The bytes of each locale's target as read (undefined: none yet). */
  targets: Map<string, Uint8Array | undefined>;
  /** What the lock knows of the file. */
  locked: LockedFile | undefined;
  /** The locales planned so far (see {@link planLocale}). */
  locales: LocalePlan[];
  /** The source cannot be read or parsed; nothing is written for it. */
  error: Diagnostic[] | undefined;
}

/** Options of {@link planProject}. */
export interface PlanOptions {
  config: ResolvedConfig;
  files: readonly ProjectFile[];
  lock: Lock;
  /** Target locale -> its settings (only the locales of this run). */
  settings: ReadonlyMap<string, LocaleSettings>;
  /** Plan every unit for translation again (people's text excepted). */
  force?: boolean;
  /** Parse every file, even one the lock says is up to date (to report every file's warnings). */
  parseAll?: boolean;
  /** Treat people's text like any other (translate it again when needed). */
  overwriteEdits?: boolean;
}

async function readIfExists(path: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function diagnosticsOf(error: unknown, file: string): Diagnostic[] {
  if (error instanceof FormatError) return [...error.diagnostics];
  return [
    {
      file,
      line: 1,
      column: 1,
      rule: 'unreadable',
      severity: 'error',
      message: (error as Error).message,
    },
  ];
}

/** Hash of a unit's text in portable ids (what the lock records as written). */
export function translationHash(text: UnitTranslation): string {
  return hashOf(typeof text === 'string' ? text : JSON.stringify(text.variants));
}

/** A unit's text without markup (all its variants), for finding the glossary terms it uses. */
function plainText(unit: Unit): string {
  return unit.plural
    ? unit.plural.variants.map((v) => segmentText(v.segment)).join('\n')
    : segmentText(unit.segment);
}

// Settings hashes per locale settings, by terms and context: most units of a locale share one,
// and a big run keeps one per unit and locale, so each is made (and held) once.
const settingsHashes = new WeakMap<LocaleSettings, Map<string, string>>();

/** Hash of a unit's settings in a locale: the locale's options, the glossary terms it uses, its context. */
export function unitSettingsHash(
  unit: Unit,
  text: string,
  settings: LocaleSettings,
  contextStrategy: 'none' | 'unit',
): string {
  const terms = settings.terms.hashFor(text);
  const context = contextStrategy === 'unit' ? (unit.context ?? '') : '';
  let known = settingsHashes.get(settings);
  if (!known) {
    known = new Map();
    settingsHashes.set(settings, known);
  }
  const key = `${terms}\u0000${context}`;
  let hash = known.get(key);
  if (hash === undefined) {
    hash = hashOf(settings.optionsHash, terms, context);
    known.set(key, hash);
  }
  return hash;
}

type LoadDocument = (options: LoadDocumentOptions) => LocDocument;

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

/**
 * Decides what each unit of a parsed source file needs in one locale: reads its target (as
 * {@link planProject} found it) and lines it up with the source and the lock. Added to
 * `plan.locales`. A run plans one locale at a time, so it holds one locale's units at once.
 */
export function planLocale(
  plan: FilePlan,
  locale: string,
  settings: LocaleSettings,
  options: PlanOptions,
  loadDocument: LoadDocument,
): LocalePlan {
  const out = planLocaleOf(plan, locale, settings, options, loadDocument);
  plan.locales.push(out);
  return out;
}

function planLocaleOf(
  plan: FilePlan,
  locale: string,
  settings: LocaleSettings,
  options: PlanOptions,
  loadDocument: LoadDocument,
): LocalePlan {
  const doc = plan.doc!;
  const bytes = plan.targets.get(locale);
  const locked = plan.locked;
  const target = plan.file.target(locale);
  const out: LocalePlan = {
    locale,
    target,
    targetBytes: bytes,
    units: [],
    removed: 0,
    error: undefined,
  };
  let texts = new Map<string, UnitTranslation>();
  const lockedUnits = locked?.units();
  if (bytes) {
    try {
      const written = (id: string) => lockedUnits?.get(id)?.locales.get(locale)?.written;
      const aligned = alignTarget(doc, loadTarget(plan, locale, bytes, loadDocument), written);
      texts = aligned.texts;
      out.removed = aligned.removed;
    } catch (error) {
      out.error = diagnosticsOf(error, target);
      return out;
    }
  }
  // Hashes of everything Transloom wrote into this target: text it wrote for a unit whose id
  // has since changed (prose ids follow content) is still its own, not a person's.
  const ours = new Set<string>();
  // A person's text, by hash, with the source it was reviewed against: when a changed prose
  // source gives its unit a new id, the kept text is still stale against the new source.
  const people = new Map<string, string>();
  for (const unit of lockedUnits?.values() ?? []) {
    const t = unit.locales.get(locale);
    if (t && !t.human) ours.add(t.written);
    if (t?.human) people.set(t.written, t.reviewedSource ?? unit.source);
  }
  for (const unit of doc.units) {
    const sourceHash = plan.sourceHashes.get(unit.id)!;
    const settingsHash = unitSettingsHash(
      unit,
      plan.texts.get(unit.id)!,
      settings,
      options.config.context,
    );
    const lockedUnit = lockedUnits?.get(unit.id);
    const record = lockedUnit?.locales.get(locale);
    const current = texts.get(unit.id);
    const currentHash =
      current === undefined ? undefined : translationHash(doc.portable(unit.id, current));
    const sourceChanged = lockedUnit !== undefined && lockedUnit.source !== sourceHash;
    // (A person who edits a text again is taken to have reviewed it against the current source.)
    let state: UnitState;
    let reviewedSource: string | undefined;
    if (current === undefined) {
      state = 'new';
    } else if (record) {
      if (record.human && record.written === currentHash) {
        state = 'kept';
        reviewedSource = record.reviewedSource ?? sourceHash;
      } else if (record.human) {
        // A person edited their own text again: reviewed against the current source.
        state = 'kept';
        reviewedSource = sourceHash;
      } else if (record.written !== currentHash && currentHash !== sourceHash) {
        // Not what Transloom wrote: a person's edit (unless the memory shows it is Transloom's own).
        state = 'adopt';
        reviewedSource = lockedUnit!.source;
      } else if (record.written !== currentHash) {
        state = 'new'; // the target went back to the source text
      } else if (sourceChanged || record.settings !== settingsHash) {
        state = 'changed';
      } else {
        state = 'unchanged'; // a translation may equal its source ("OK"): the lock knows
      }
    } else if (currentHash === sourceHash) {
      state = 'new';
    } else if (ours.has(currentHash!)) {
      state = 'changed';
    } else if (people.has(currentHash!)) {
      state = 'kept';
      reviewedSource = people.get(currentHash!);
    } else {
      state = 'adopt';
      reviewedSource = sourceHash;
    }
    if (state === 'kept' && options.overwriteEdits) state = 'changed';
    if (state === 'unchanged' && options.force) state = 'changed';
    const stale = state === 'kept' && reviewedSource !== sourceHash;
    out.units.push({
      unit,
      state,
      current,
      currentHash,
      sourceHash,
      settingsHash,
      record,
      stale,
      reviewedSource,
    });
  }
  return out;
}

/**
 * Reads every source and target file and parses the sources; {@link planLocale} then decides,
 * per locale, what each unit needs. A file whose bytes, targets and locale settings all match
 * the lock is not parsed at all.
 */
export async function planProject(options: PlanOptions): Promise<FilePlan[]> {
  const { config, lock } = options;
  const io = pLimit(16);
  // The format adapters (and their parsers) are loaded only when a file has to be parsed:
  // a run where every file matches the lock loads none.
  let loader: Promise<LoadDocument> | undefined;
  const documents = () => {
    loader ??= documentLoader();
    return loader;
  };
  return Promise.all(
    options.files.map((file) =>
      io(async (): Promise<FilePlan> => {
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
          plan.sourceBytes = await readFile(resolve(config.root, file.source));
          targets = await Promise.all(
            locales.map((l) => readIfExists(resolve(config.root, file.target(l)))),
          );
        } catch (error) {
          plan.error = diagnosticsOf(error, file.source);
          return plan;
        }
        plan.sourceHash = hashBytes(plan.sourceBytes);
        const locked = lock.files.get(file.source);
        plan.locked = locked;
        locales.forEach((l, i) => {
          plan.targets.set(l, targets[i]);
        });
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
          plan.upToDate = locked;
          return plan;
        }
        const loadDocument = await documents();
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
          plan.texts.set(unit.id, plainText(unit));
        }
        return plan;
      }),
    ),
  );
}
