import type { Diagnostic } from '../document/diagnostics.js';
import type { Unit, UnitTranslation } from '../formats/format-adapter.js';
import type { LocDocument } from '../formats/load-document.js';
import type { Lock, LockedFile, LockedTranslation } from '../lock/lock-file.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import type { ProjectFile } from './expand-files.js';
import type { LocaleSettings } from './locale-settings.js';
import type { PageDivergence } from './page-divergence.js';
import type { PathGuard } from './path-guard.js';
import type { readOwnFile } from './read-own-file.js';

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
  /** A target text equal to its source, taken for a person's choice (see `keepSameAsSource`). */
  sameAsSource?: boolean;
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
  /**
   * A page Transloom never wrote in this locale that does not line up with its source: where
   * it first differs. Writing it from its source would replace what a person wrote, so it is
   * left as it is (and reported), whatever its units need.
   */
  notAligned?: PageDivergence | undefined;
  /** Target texts kept as they are because they do not carry their source's markup. */
  unlike?: Diagnostic[] | undefined;
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
  sourceHashes: ReadonlyMap<string, string>;
  /** Unit id -> its text without markup, for glossary matching in each locale (empty without terms). */
  texts: ReadonlyMap<string, string>;
  /** The bytes of each locale's target as read (undefined: none yet). */
  targets: ReadonlyMap<string, Uint8Array | undefined>;
  /** What the lock knows of the file. */
  locked: LockedFile | undefined;
  /** The locales planned so far (see {@link planLocale}). */
  locales: LocalePlan[];
  /** The source cannot be read or parsed; nothing is written for it. */
  error: Diagnostic[] | undefined;
}

/** Picks units of a run: by source file (as the project names it), unit id and locale. */
export type UnitFilter = (file: string, unit: string, locale: string) => boolean;

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
  /** These kept units (a person's, or of unknown origin) are reviewed: written for the current source. */
  accept?: UnitFilter;
  /** These kept units are translated again. */
  overwrite?: UnitFilter;
  /**
   * A person says the target texts of these units that no record names are theirs (a first
   * adoption, `transloom adopt --accept`): kept as a person's, never of unknown origin. Texts
   * a record, the memory or the history says Transloom wrote stay Transloom's.
   */
  adopt?: UnitFilter;
  /** Told once, before the first source is parsed (never when every file matches the lock). */
  onParsing?: () => void;
  /**
   * The run's path guard, which checked the files' folders: each file is then opened without
   * following a link, and a link met is checked (see {@link readOwnFile}).
   */
  guard?: PathGuard;
}
