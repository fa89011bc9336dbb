import { TransloomError } from '@transloom/client/errors';

/** Settings hash that never matches: the unit's last attempt failed, so it is due again. */
export const RETRY = '0';

/**
 * Who wrote a target text:
 * - `machine`: Transloom, as a verified translation of the unit's source under `settings`;
 * - `human`: a person (found in a target, or edited there after Transloom wrote it);
 * - `unknown`: no durable record says (a lock lost in a merge, in a clone with no history to
 *   look in): kept like a person's text, never overwritten, and reported until someone says.
 */
export type Origin = 'machine' | 'human' | 'unknown';

/** What the lock knows of one unit in one locale. */
export interface LockedTranslation {
  /** Hash of the unit's settings for the locale (options, matched glossary terms, context). */
  settings: string;
  /** Hash of the text in the target file, as Transloom last wrote or adopted it. */
  written: string;
  /** The text came from a person (found in the target, or edited there, after Transloom wrote it). */
  human: boolean;
  /** No record tells who wrote the text (see {@link Origin}); `human` is false. */
  unknown?: boolean;
  /**
   * For a person's text: hash of the source it was written for (a different current source
   * means it is stale). For an unknown one: the source it was found with.
   */
  reviewedSource?: string;
}

/** The origin a record states. */
export function originOf(record: LockedTranslation): Origin {
  return record.human ? 'human' : record.unknown ? 'unknown' : 'machine';
}

/** What the lock knows of one unit. */
export interface LockedUnit {
  /** Hash of the unit's source text. */
  source: string;
  locales: Map<string, LockedTranslation>;
  /**
   * Other lines the lock had for the same unit (a merge that kept both sides', a run's journal
   * replayed over the lock): each is true of the text it names, and the one whose written
   * hash is the target's text is the unit's record there.
   */
  alternates?: LockedUnit[];
}

/** What the lock knows of one target file. */
export interface LockedTarget {
  /** Hash of the target file's bytes as written. */
  file: string;
  /** Hash of the locale's settings when it was written. */
  settings: string;
}

/** What the lock knows of one source file. */
export interface LockedFile {
  /** Hash of the source file's bytes ('' when the lock cannot tell: two lines disagree). */
  source: string;
  targets: Map<string, LockedTarget>;
  /**
   * The file's units. Read from the lock text on first use: a run that finds a file
   * unchanged never parses (or re-serializes) its unit lines.
   */
  units(): Map<string, LockedUnit>;
  /** How many units the file has (without reading their lines when they were not read yet). */
  unitCount(): number;
  /** Whether a person's text in some locale was written for an older source (read from the lock alone). */
  hasStaleEdits(): boolean;
  /** How many of its units in `locale` hold a person's text, and text no record says who wrote. */
  origins(locale: string): { human: number; unknown: number };
}

/** {@link LockedFile.origins} of parsed units. */
export function originsIn(
  units: ReadonlyMap<string, LockedUnit>,
  locale: string,
): { human: number; unknown: number } {
  let human = 0;
  let unknown = 0;
  for (const unit of units.values()) {
    const record = unit.locales.get(locale);
    if (record?.human) human++;
    else if (record?.unknown) unknown++;
  }
  return { human, unknown };
}

/** The project glossary as last pushed: its id on the service and a hash per dictionary. */
export interface LockedGlossary {
  id: string;
  /** Target locale -> hash of that dictionary's entries. */
  dictionaries: Map<string, string>;
}

/** The whole lock: per source file, per unit, hashes only. */
export interface Lock {
  glossary: LockedGlossary | undefined;
  files: Map<string, LockedFile>;
  /**
   * The text had git's conflict markers: both sides' lines were read (each line of the lock
   * is true on its own, so their union is the merge) and the markers left out.
   */
  conflicted?: boolean;
}

/** Thrown for a lock that cannot be read; the message names the line. */
export class LockError extends TransloomError {
  override readonly name = 'LockError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_LOCK', message, { ...options, kind: 'user' });
  }
}

/** An empty lock. */
export function emptyLock(): Lock {
  return { glossary: undefined, files: new Map() };
}

/** Whether some unit has a person's text in some locale written for an older source. */
export function staleIn(units: ReadonlyMap<string, LockedUnit>): boolean {
  for (const unit of units.values()) {
    for (const t of unit.locales.values())
      if (t.human && t.reviewedSource && t.reviewedSource !== unit.source) return true;
  }
  return false;
}

/** A locked file with parsed units. */
export function lockedFile(
  source: string,
  targets = new Map<string, LockedTarget>(),
  units = new Map<string, LockedUnit>(),
): LockedFile {
  return {
    source,
    targets,
    units: () => units,
    unitCount: () => units.size,
    hasStaleEdits: () => staleIn(units),
    origins: (locale) => originsIn(units, locale),
  };
}

/** A unit's record in one locale as the lock writes it: `<settings>:<written>[:h<source>|:u<source>]`. */
export function formatLockedTranslation(t: LockedTranslation): string {
  const mark = t.human
    ? `:h${t.reviewedSource ?? ''}`
    : t.unknown
      ? `:u${t.reviewedSource ?? ''}`
      : '';
  return `${t.settings}:${t.written}${mark}`;
}

/** Reads what {@link formatLockedTranslation} wrote; undefined when it is not such a record. */
export function parseLockedTranslation(text: string): LockedTranslation | undefined {
  const match = /^([0-9a-f]+):([0-9a-f]+)(?::([hu])([0-9a-f]*))?$/.exec(text);
  if (!match) return undefined;
  const record: LockedTranslation = {
    settings: match[1]!,
    written: match[2]!,
    human: match[3] === 'h',
  };
  if (match[3] === 'u') record.unknown = true;
  if (match[4]) record.reviewedSource = match[4];
  return record;
}
