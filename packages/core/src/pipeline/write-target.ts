import { resolve } from 'node:path';
import { type Diagnostic, FormatError } from '../document/diagnostics.js';
import { type DiskWriteError, diskWriteError } from '../errors/disk-write-error.js';
import type { UnitTranslation } from '../formats/format-adapter.js';
import { writeFileAtomic } from '../fs/write-file-atomic.js';
import { hashBytes } from '../hashing/hash-of.js';
import {
  formatLockedTranslation,
  type LockedTarget,
  type LockedTranslation,
  RETRY,
  unitLine,
} from '../lock/lock-file.js';
import type { LockJournal } from '../lock/lock-journal.js';
import { type FilePlan, type LocalePlan, loadTarget, translationHash } from './plan-project.js';

const loadDocumentFn = async () => (await import('../formats/load-document.js')).loadDocument;

/** How a unit ended in one locale. */
export type UnitOutcome =
  | { readonly kind: 'translated' | 'reused' | 'unchanged' | 'ours' | 'derived' }
  | { readonly kind: 'kept'; readonly reviewedSource: string | undefined }
  /** Kept as it is: no record says who wrote it (`foundSource`: the source it was found with). */
  | { readonly kind: 'unknown'; readonly foundSource: string }
  | { readonly kind: 'failed'; readonly message: string };

/** The outcomes without details, one object each: a big run records one per unit and locale. */
export const OUTCOME = {
  translated: Object.freeze({ kind: 'translated' }),
  reused: Object.freeze({ kind: 'reused' }),
  unchanged: Object.freeze({ kind: 'unchanged' }),
  ours: Object.freeze({ kind: 'ours' }),
  /** Markup worked out from the source, never sent (see `Unit.derived`). */
  derived: Object.freeze({ kind: 'derived' }),
} as const satisfies Record<string, UnitOutcome>;

/** One target file, ready to be written: every unit's text in the source's ids and how it ended. */
export interface TargetWork {
  plan: FilePlan;
  locale: LocalePlan;
  /** Locale settings hash, recorded with the target when it is complete. */
  settingsHash: string;
  translations: Map<string, UnitTranslation>;
  outcomes: Map<string, UnitOutcome>;
}

/** What writing a target gave. */
export interface TargetResult {
  /** The lock's record of each unit in this locale (absent: nothing to record). */
  records: Map<string, LockedTranslation>;
  /** The target's lock line: only when every unit has its translation, so a later run skips the file. */
  target: LockedTarget | undefined;
  /** The file's bytes differ from what was there. */
  changed: boolean;
  written: boolean;
  /** Hash of the bytes rendered (what {@link hashBytes} gives), written or not. */
  hash: string | undefined;
  error: Diagnostic[] | undefined;
  /** The disk takes no more writes: the run stops sending and writes nothing more. */
  diskError?: DiskWriteError | undefined;
}

/** How {@link writeTarget} writes. */
export interface WriteTargetOptions {
  root: string;
  /** Whether files are written at all (a dry run and a check write none). */
  write: boolean;
  /**
   * Where the lock lines of the texts a target gets are written, and flushed, before the
   * target is renamed into place (see {@link LockJournal}).
   */
  journal?: LockJournal | undefined;
  /** Where temporary files are made (see `writeFileAtomic`). */
  temporaryDirectory?: string | undefined;
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array): boolean {
  return a !== undefined && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/** Outcomes whose text is in the target file already: writing the file or not, it stays. */
const IN_TARGET: ReadonlySet<UnitOutcome['kind']> = new Set([
  'unchanged',
  'kept',
  'ours',
  'unknown',
]);

// A diagnostic of the target file: it could not be rendered or written.
function fileError(file: string, rule: string, message: string): Diagnostic[] {
  return [{ file, line: 1, column: 1, rule, severity: 'error', message }];
}

// A unit's text and how it ended, when it has a text to write.
function settledText(work: TargetWork, id: string) {
  const outcome = work.outcomes.get(id);
  const text = work.translations.get(id);
  return outcome && outcome.kind !== 'failed' && text !== undefined ? { outcome, text } : undefined;
}

// The target's bytes with every unit that has a text; the ids of those left out go to `omitted`.
async function renderTarget(work: TargetWork, omitted: Set<string>): Promise<Uint8Array> {
  const { plan, locale } = work;
  const doc = plan.doc!;
  // Formats whose targets hold more than text a person may set (XLIFF states) read the
  // target as it is now; it is read again here rather than kept from planning, so a big run
  // holds no target documents while it sends.
  const previous =
    doc.usesPreviousTarget && locale.targetBytes
      ? loadTarget(plan, locale.locale, locale.targetBytes, await loadDocumentFn())
      : undefined;
  // The texts the target holds already stay as its bytes have them; those kept whose source
  // changed since are due a review.
  const asItIs = new Set<string>();
  const review = new Set<string>();
  const sources = new Map(locale.units.map((u) => [u.unit.id, u.sourceHash]));
  for (const [id, outcome] of work.outcomes) {
    if (!IN_TARGET.has(outcome.kind)) continue;
    asItIs.add(id);
    const since =
      outcome.kind === 'kept'
        ? outcome.reviewedSource
        : outcome.kind === 'unknown'
          ? outcome.foundSource
          : undefined;
    if (since !== undefined && since !== sources.get(id)) review.add(id);
  }
  return doc.encode(
    doc.render(work.translations, {
      targetLocale: locale.locale,
      untranslated: 'omit',
      omitted,
      ...(previous ? { previous, asItIs, review } : {}),
    }),
  );
}

/**
 * Renders a target from its source with the translations, writes it atomically when its bytes
 * changed (and `write` is set), and works out the lock records of its units.
 *
 * This is the one place that decides what a target holds: a unit is written only with a
 * verified translation or a person's text (what the target had before counts as such until
 * a new translation replaces it). A catalog leaves a unit with neither out (the application
 * falls back to its source), and a catalog that would hold none of its units is not created;
 * a document (a page) is written only when every one of its units has its text, so a run
 * that stops early leaves the page as it was, or not made yet. A file that cannot be written
 * stays as it was; the run goes on with the others.
 */
export async function writeTarget(
  work: TargetWork,
  options: WriteTargetOptions,
): Promise<TargetResult> {
  const { root, write } = options;
  const { plan, locale } = work;
  const doc = plan.doc!;
  const result: TargetResult = {
    records: new Map(),
    target: undefined,
    changed: true,
    written: false,
    hash: undefined,
    error: undefined,
  };
  const settled = locale.units.filter((u) => settledText(work, u.unit.id)).length;
  let complete = settled === locale.units.length;
  const omitted = new Set<string>();
  // Nothing to write: a page missing some of its units, or a new catalog with none of them.
  let keep =
    (doc.kind === 'document' && !complete) ||
    (locale.targetBytes === undefined && settled === 0 && locale.units.length > 0);
  if (!keep) {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await renderTarget(work, omitted);
      result.changed = !sameBytes(locale.targetBytes, bytes);
      result.hash = hashBytes(bytes);
    } catch (error) {
      // A target that cannot be rendered (a page that would not compile) is not written; its
      // units keep what the lock knew, due again.
      const diagnostics = error instanceof FormatError ? error.diagnostics : [];
      result.error =
        diagnostics.length > 0
          ? diagnostics.map((d) => ({ ...d, file: locale.target }))
          : fileError(locale.target, 'render', `cannot be written: ${(error as Error).message}`);
      keep = true;
    }
    if (bytes && result.changed && !write) {
      // Not written (a check, a dry run, a run that stopped writing): the target holds what it had.
      keep = true;
    } else if (bytes && result.changed) {
      try {
        // Who wrote each new text is on the disk before the text is: a kill at any moment
        // leaves no text in a target that no line names.
        await options.journal?.append(journalLines(work, recordsOf(work, false, omitted).records));
        await writeFileAtomic(resolve(root, locale.target), bytes, {
          temporaryDirectory: options.temporaryDirectory,
        });
        result.written = true;
      } catch (error) {
        // The disk's problem (full, read-only, permissions): this file stays as it was, and
        // its units are due again; a disk that takes no more writes stops the run.
        keep = true;
        result.diskError = diskWriteError(error, locale.target);
        const code = (error as NodeJS.ErrnoException).code;
        result.error = fileError(
          locale.target,
          'write',
          result.diskError?.message ??
            `cannot be written${code ? ` (${code})` : ''}: ${(error as Error).message}`,
        );
      }
    }
  }
  const records = recordsOf(work, keep, omitted);
  result.records = records.records;
  complete &&= records.complete;
  if (complete && !keep && (write || !result.changed))
    result.target = { file: result.hash!, settings: work.settingsHash };
  return result;
}

// The lock's records of a target's units, as they are when the target is written (`keep`
// false) or left as it was; `complete` when every unit has its text in it.
function recordsOf(
  work: TargetWork,
  keep: boolean,
  omitted: ReadonlySet<string>,
): { records: Map<string, LockedTranslation>; complete: boolean } {
  const records = new Map<string, LockedTranslation>();
  let complete = true;
  for (const unit of work.locale.units) {
    const id = unit.unit.id;
    const text = settledText(work, id);
    if (!text || omitted.has(id) || (keep && !IN_TARGET.has(text.outcome.kind))) {
      complete = false;
      // What the lock knew stays; a text that was ready but not written is due again.
      if (unit.record) records.set(id, text ? { ...unit.record, settings: RETRY } : unit.record);
      continue;
    }
    records.set(id, recordOf(work, unit, text.outcome, text.text));
  }
  return { records, complete };
}

// The journal's lines for a target about to be written: a line per unit whose record is new.
function journalLines(work: TargetWork, records: ReadonlyMap<string, LockedTranslation>): string {
  const { plan, locale } = work;
  const before = new Map(locale.units.map((u) => [u.unit.id, u.record]));
  let lines = '';
  for (const [id, record] of records) {
    const old = before.get(id);
    if (record.settings === RETRY) continue;
    if (old && formatLockedTranslation(old) === formatLockedTranslation(record)) continue;
    const source = plan.sourceHashes.get(id);
    if (source === undefined) continue;
    lines += `${unitLine(plan.file.source, id, { source, locales: new Map([[locale.locale, record]]) })}\n`;
  }
  return lines;
}

// The lock's record of a unit written with `text`: hashed from what was rendered (adapters
// read their output back as written, the conformance suite checks it, and a later run
// checks any difference against the memory).
function recordOf(
  work: TargetWork,
  unit: LocalePlan['units'][number],
  outcome: UnitOutcome,
  text: UnitTranslation,
): LockedTranslation {
  const record: LockedTranslation = {
    settings: unit.settingsHash,
    written: translationHash(work.plan.doc!.portable(unit.unit.id, text)),
    human: outcome.kind === 'kept',
  };
  if (outcome.kind === 'kept' && outcome.reviewedSource)
    record.reviewedSource = outcome.reviewedSource;
  if (outcome.kind === 'unknown') {
    record.unknown = true;
    record.reviewedSource = outcome.foundSource;
  }
  return record;
}
