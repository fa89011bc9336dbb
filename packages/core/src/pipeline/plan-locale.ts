import type { Diagnostic } from '../document/diagnostics.js';
import type { Unit, UnitTranslation } from '../formats/format-adapter.js';
import { hashOf } from '../hashing/hash-of.js';
import { type FoundRecord, textRecords } from '../lock/lock-facts.js';
import { type LockedTranslation, type LockedUnit, RETRY } from '../lock/lock-file.js';
import { type AlignedTarget, alignTarget, type LoadDocument, loadTarget } from './align-target.js';
import { diagnosticsOf } from './diagnostics-of.js';
import type { LocaleSettings } from './locale-settings.js';
import { type PageDivergence, pageDivergence } from './page-divergence.js';
import type { FilePlan, LocalePlan, PlanOptions, UnitPlan, UnitState } from './plan-types.js';
import { translationHash } from './translation-hash.js';

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
  let displaced: AlignedTarget['displaced'] = [];
  const lockedUnits = locked?.units();
  if (bytes) {
    try {
      const written = (id: string) => lockedUnits?.get(id)?.locales.get(locale)?.written;
      const aligned = alignTarget(doc, loadTarget(plan, locale, bytes, loadDocument), written);
      texts = aligned.texts;
      displaced = aligned.displaced;
      out.removed = aligned.removed;
      if (aligned.unlike.length > 0) out.unlike = unlikeDiagnostics(target, aligned.unlike);
    } catch (error) {
      out.error = diagnosticsOf(error, target);
      return out;
    }
  }
  const where: UnitPlace = {
    plan,
    locale,
    settings,
    options,
    lockedUnits,
    writers: writersOf(lockedUnits?.values() ?? [], locale),
  };
  for (const unit of doc.units) out.units.push(unitPlanOf(where, unit, texts.get(unit.id)));
  const copy = keepSameAsSource(plan, out, options);
  if (bytes && !copy && adoptsPage(plan, out, options, lockedUnits))
    out.notAligned = pageDivergence(doc, texts, bytes, locale);
  else if (displaced.length > 0 && guardsPeoplesText(plan, out, options))
    out.notAligned = displacedText(displaced, where.writers);
  return out;
}

// Keys whose text does not carry its source's markup: kept, and said so at each.
function unlikeDiagnostics(target: string, units: readonly Unit[]): Diagnostic[] {
  return units.map((unit) => ({
    file: target,
    line: unit.line,
    column: unit.column,
    rule: 'unlike-source',
    severity: 'warning',
    message: `'${unit.id}' does not carry its source's placeholders and tags (a plural or select of its own, a placeholder left out): kept as it is, never rewritten (it is a person's to keep in line with its source)`,
  }));
}

/**
 * A target text equal to its source that no record says Transloom wrote ("GitHub", "Hotel",
 * a term a person left as it is) is a person's choice, kept like any text of theirs, unless
 * the whole target is a copy of its source (every unit with a text has its source's): a
 * catalog or page copied as a start, whose units are all still to translate. True for a copy.
 */
function keepSameAsSource(plan: FilePlan, out: LocalePlan, options: PlanOptions): boolean {
  let texts = 0;
  const same: UnitPlan[] = [];
  for (const u of out.units) {
    if (u.currentHash === undefined || u.unit.derived) continue;
    texts++;
    if (u.state === 'new' && u.currentHash === u.sourceHash) same.push(u);
  }
  if (same.length === texts) return texts > 0;
  if (same.length === 0 || options.force || options.overwriteEdits) return false;
  for (const u of same) {
    if (options.overwrite?.(plan.file.source, u.unit.id, out.locale)) continue;
    const accepted = options.accept?.(plan.file.source, u.unit.id, out.locale);
    u.state = accepted ? 'kept' : 'adopt';
    u.reviewedSource = u.sourceHash;
    u.sameAsSource = true;
  }
  return false;
}

/**
 * Where a page's target holds a text Transloom did not write that writing the page from its
 * source would replace: the first of the texts no source unit took beside the source's new
 * blocks (see `AlignedTarget.displaced`) that no lock line says is Transloom's. Such a page is
 * not aligned: left as it is, and reported, like a person's page that never lined up.
 */
function displacedText(
  displaced: AlignedTarget['displaced'],
  writers: Writers,
): PageDivergence | undefined {
  for (const { unit, hash } of displaced) {
    const record = writers.recordOf(hash)?.record;
    if (!record || record.human || record.unknown) return { line: unit.line, column: unit.column };
  }
  return undefined;
}

// Whether a page keeps what a person wrote in it from being written over: not when the run is
// forced, overwrites edits, or was asked for its units (see adoptsPage).
function guardsPeoplesText(plan: FilePlan, out: LocalePlan, options: PlanOptions): boolean {
  if (plan.doc!.kind !== 'document' || options.force || options.overwriteEdits) return false;
  const overwrite = options.overwrite;
  return !overwrite || !out.units.some((u) => overwrite(plan.file.source, u.unit.id, out.locale));
}

/**
 * Whether a page's target is one Transloom has never written in its locale (the lock has no
 * line of it there), so that what it holds is a person's until it lines up with its source
 * (see {@link pageDivergence}). A forced run, one that overwrites edits, and a page whose
 * units a person asked to have translated again write the page from its source.
 */
function adoptsPage(
  plan: FilePlan,
  out: LocalePlan,
  options: PlanOptions,
  lockedUnits: ReadonlyMap<string, LockedUnit> | undefined,
): boolean {
  if (plan.doc!.kind !== 'document' || options.force || options.overwriteEdits) return false;
  const { locale } = out;
  for (const unit of lockedUnits?.values() ?? [])
    if ([unit, ...(unit.alternates ?? [])].some((line) => line.locales.has(locale))) return false;
  const overwrite = options.overwrite;
  return !overwrite || !out.units.some((u) => overwrite(plan.file.source, u.unit.id, locale));
}

// The record of a unit in a locale: of the lines the lock has for it (a merge may have kept
// both sides', a journal adds its own), the one whose text the target holds, else the newest.
function recordFor(
  unit: LockedUnit | undefined,
  locale: string,
  currentHash: string | undefined,
): FoundRecord | undefined {
  if (!unit) return undefined;
  const own = unit.locales.get(locale);
  if (unit.alternates && own?.written !== currentHash)
    for (const other of unit.alternates) {
      const record = other.locales.get(locale);
      if (record && record.written === currentHash) return { record, source: other.source };
    }
  if (own) return { record: own, source: unit.source };
  for (const other of unit.alternates ?? []) {
    const record = other.locales.get(locale);
    if (record) return { record, source: other.source };
  }
  return undefined;
}

/** Where a unit is planned: its file and locale, and what the lock knows there. */
interface UnitPlace {
  plan: FilePlan;
  locale: string;
  settings: LocaleSettings;
  options: PlanOptions;
  lockedUnits: ReadonlyMap<string, LockedUnit> | undefined;
  writers: Writers;
}

// What one unit needs in one locale, from its target text (`current`) and the lock.
function unitPlanOf(
  { plan, locale, settings, options, lockedUnits, writers }: UnitPlace,
  unit: Unit,
  current: UnitTranslation | undefined,
): UnitPlan {
  const doc = plan.doc!;
  const sourceHash = plan.sourceHashes.get(unit.id)!;
  const settingsHash = unitSettingsHash(
    unit,
    plan.texts.get(unit.id) ?? '',
    settings,
    options.config.context,
  );
  const currentHash =
    current === undefined ? undefined : translationHash(doc.portable(unit.id, current));
  // The unit's own line (of those the lock has for it, the one naming the target's text);
  // else a line of any file or key that says who wrote that text for this very source (a
  // catalog moved or renamed, a key renamed or copied: up to date as it is); else, on a page,
  // a block whose id changed with its text has the record of the text its target holds (due
  // again); else the unit's own line as it is (its text was edited since).
  const own = recordFor(lockedUnits?.get(unit.id), locale, currentHash);
  const found =
    currentHash === undefined || own?.record.written === currentHash
      ? own
      : (textRecords(options.lock, locale).recordOf(currentHash, sourceHash) ??
        (doc.kind === 'document' ? writers.recordOf(currentHash) : undefined) ??
        own);
  const record = found?.record;
  let { state, reviewedSource } = unitStateOf({
    currentHash,
    record,
    lockedSource: found?.source,
    sourceHash,
    settingsHash,
  });
  const kept = state === 'kept' || state === 'adopt';
  if (kept && options.accept?.(plan.file.source, unit.id, locale)) {
    // A person reviewed it against the current source: theirs, and up to date.
    state = 'kept';
    reviewedSource = sourceHash;
  }
  if (kept && options.overwrite?.(plan.file.source, unit.id, locale)) state = 'changed';
  if (state === 'kept' && options.overwriteEdits) state = 'changed';
  if (state === 'unchanged' && options.force) state = 'changed';
  const stale = state === 'kept' && reviewedSource !== sourceHash;
  return {
    unit,
    state,
    current,
    currentHash,
    sourceHash,
    settingsHash,
    record,
    stale,
    reviewedSource,
  };
}

/** Who wrote the texts of one target, by hash, as the lock records them. */
interface Writers {
  /**
   * The record of a text the lock knows by its hash, for a unit the lock does not know by its
   * id (prose ids follow content, so a changed block has a new one): text Transloom wrote is
   * still its own, due again (and recorded so if this run does not replace it, so a run that
   * stops early leaves it due rather than unknown); a person's is still theirs, stale against
   * the source it was reviewed against.
   */
  recordOf(hash: string | undefined): FoundRecord | undefined;
}

// Who wrote each text the lock records for the locale.
function writersOf(lockedUnits: Iterable<LockedUnit>, locale: string): Writers {
  const ours = new Set<string>();
  const people = new Map<string, string>();
  for (const unit of lockedUnits) {
    for (const line of [unit, ...(unit.alternates ?? [])]) {
      const t = line.locales.get(locale);
      if (t && !t.human && !t.unknown) ours.add(t.written);
      if (t?.human) people.set(t.written, t.reviewedSource ?? line.source);
    }
  }
  return {
    recordOf(hash) {
      if (hash === undefined) return undefined;
      const record = (r: LockedTranslation): FoundRecord => ({ record: r, source: '' });
      if (ours.has(hash)) return record({ settings: RETRY, written: hash, human: false });
      const reviewedSource = people.get(hash);
      if (reviewedSource === undefined) return undefined;
      return record({ settings: RETRY, written: hash, human: true, reviewedSource });
    },
  };
}

/** What the target and the lock say of one unit, for {@link unitStateOf}. */
interface UnitEvidence {
  /** Hash of the target's text for the unit; undefined when the target has none. */
  currentHash: string | undefined;
  record: UnitPlan['record'];
  /** The source hash the lock knows for the unit, if it knows the unit. */
  lockedSource: string | undefined;
  sourceHash: string;
  settingsHash: string;
}

// What a unit needs, from its target text and the lock (before --force or --overwrite-edits).
function unitStateOf({
  currentHash,
  record,
  lockedSource,
  sourceHash,
  settingsHash,
}: UnitEvidence): {
  state: UnitState;
  reviewedSource: string | undefined;
} {
  const sourceChanged = lockedSource !== undefined && lockedSource !== sourceHash;
  // (A person who edits a text again is taken to have reviewed it against the current source.)
  let state: UnitState;
  let reviewedSource: string | undefined;
  if (currentHash === undefined) {
    state = 'new';
  } else if (record) {
    if (record.unknown && record.written === currentHash) {
      // No record said who wrote it when it was found: asked again (a clone with history
      // may tell), and kept until someone says.
      state = 'adopt';
      reviewedSource = record.reviewedSource ?? lockedSource;
    } else if (record.human && record.written === currentHash) {
      state = 'kept';
      reviewedSource = record.reviewedSource ?? sourceHash;
    } else if (record.human) {
      // A person edited their own text again: reviewed against the current source.
      state = 'kept';
      reviewedSource = sourceHash;
    } else if (record.written !== currentHash && currentHash !== sourceHash) {
      // Not what Transloom wrote: a person's edit (unless the memory shows it is Transloom's own).
      state = 'adopt';
      reviewedSource = lockedSource;
    } else if (record.written !== currentHash) {
      state = 'new'; // the target went back to the source text
    } else if (sourceChanged || record.settings !== settingsHash) {
      state = 'changed';
    } else {
      state = 'unchanged'; // a translation may equal its source ("OK"): the lock knows
    }
  } else if (currentHash === sourceHash) {
    state = 'new';
  } else {
    state = 'adopt';
    reviewedSource = sourceHash;
  }
  return { state, reviewedSource };
}
