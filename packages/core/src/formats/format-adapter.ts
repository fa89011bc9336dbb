import type { Diagnostic } from '../document/diagnostics.js';
import type { SourceFile } from '../document/source-file.js';
import type { Edit } from '../document/splice-edits.js';
import type { SegmentMarkup } from '../segments/segment-markup.js';
import type { UnitTranslation, Variant } from '../segments/unit-translation.js';

import type { FormatOptions, FormatSpec } from './format-spec.js';
import type { FormatName } from './registry.js';

export type { UnitTranslation, Variant } from '../segments/unit-translation.js';
export type { FormatKind, FormatOptions } from './format-spec.js';
export type { FormatName } from './registry.js';

/** One selector of a plural or select message. */
export interface Selector {
  /** The argument it selects on, e.g. `count`. */
  argument: string;
  type: 'plural' | 'selectordinal' | 'select';
  /** ICU `offset:` of a plural. */
  offset?: number;
  /** Ids of the placeholders that print the selector's number (`#`, `{count}`, `{{count}}`). */
  numberIds: string[];
}

/** The plural/select structure of a unit. */
export interface PluralStructure {
  selectors: Selector[];
  variants: Variant[];
}

/** A translatable unit of a document. */
export interface Unit {
  /** Stable id: a key path for catalogs, a content hash plus structure for prose. */
  id: string;
  /** The text in segment markup (for plural units: the `other` form). */
  segment: string;
  /** Notes, descriptions: what a translator should know. */
  context?: string;
  /** Present for plural and select messages. */
  plural?: PluralStructure;
  /** Where the unit sits in the document's structure, to line up a translated file with its source. */
  path: string;
  line: number;
  column: number;
  /**
   * Markup whose text in a target is worked out from the source, never sent (a page's import
   * lines, pointed at the source from the locale's folder): its text comes from
   * {@link FormatAdapter.derive}, and a target that holds other text holds a person's edit.
   */
  derived?: boolean;
}

/**
 * One top-level block of a page (a heading, a paragraph, a code block, a container's fence
 * line), as a translation of the page is lined up with its source by structure: blocks of
 * the same `shape` may be translations of each other, and the more `anchors` they share
 * (URLs, inline code, numbers: what a translation keeps) the likelier they are.
 */
export interface PageBlock {
  /** Offsets in the file's text: `[start, end)`. */
  start: number;
  end: number;
  /** The block's kind and form (`heading2`, `code:ts`, `list:3`, `table:4x2`). */
  shape: string;
  anchors: readonly string[];
  /** Length of its text, to tell apart blocks of one shape. */
  size: number;
}

/** A unit as an adapter keeps it: the public unit plus the markup its translation needs. */
export interface AdapterUnit extends Unit {
  markup: SegmentMarkup;
}

/** Everything an adapter needs to write translations. */
export interface RenderContext<P extends ParsedFile = ParsedFile> {
  file: SourceFile;
  sourceLocale: string;
  targetLocale: string;
  /**
   * The target file as it is now, read by this adapter, for adapters that say they use it
   * ({@link FormatAdapter.usesPreviousTarget}): what a person set there beside the text
   * (a reviewed state, say) is theirs to keep.
   */
  previous?: P;
  /**
   * What a unit without a translation becomes: `source` keeps the source's text (a copy of
   * the source file); `omit` leaves it out of a catalog (no key, no target text), so the
   * application's own fallback shows the source. Default `source`.
   */
  untranslated?: 'source' | 'omit';
  /**
   * With `untranslated: 'omit'`: the adapter adds the id of every unit it leaves out,
   * including units it had to drop with one that has no translation (a JSON array
   * cannot lose one item without renumbering the rest).
   */
  omitted?: Set<string>;
  /**
   * Units whose text {@link RenderContext.previous} holds as it stays: an adapter that can
   * copies their bytes from it rather than rendering them from the source's markup.
   */
  asItIs?: ReadonlySet<string>;
  /**
   * Of {@link RenderContext.asItIs}, the units whose source changed since their text was
   * written or reviewed: an adapter whose format records review states marks them so.
   */
  review?: ReadonlySet<string>;
}

/** What `parse` returns besides the adapter's own tree: problems that did not stop it. */
export interface ParsedFile {
  file: SourceFile;
  warnings: Diagnostic[];
}

/**
 * One file format: its spec (the registry's facts) and its code. Adapters are pure and synchronous: `parse` reads the file (throwing a
 * FormatError with positions when it is malformed), `extract` lists its units, `apply` turns
 * translations into edits of the original text, and `serialize` writes the text with the
 * edits, copying every other byte as it was.
 */
export interface FormatAdapter<
  P extends ParsedFile = ParsedFile,
  U extends AdapterUnit = AdapterUnit,
> extends FormatSpec<FormatName> {
  parse(file: SourceFile, options: FormatOptions): P;
  extract(parsed: P): U[];
  apply(
    parsed: P,
    units: readonly U[],
    translations: ReadonlyMap<string, UnitTranslation>,
    context: RenderContext<P>,
  ): Edit[];
  serialize(parsed: P, edits: readonly Edit[]): string;
  /**
   * Why `translation` of `unit` must not be written, or undefined: what `apply` would write
   * for it, read back as the format reads it, would not give the translation back (an ICU
   * message whose quoting swallows an argument, say). A unit that fails is not written.
   */
  verify?(
    parsed: P,
    unit: U,
    translation: UnitTranslation,
    context: Omit<RenderContext<P>, 'previous'>,
  ): string | undefined;
  /**
   * The text a {@link Unit.derived} unit has in `context.targetLocale`, in the unit's segment
   * markup. `apply` writes the same for a derived unit given no translation.
   */
  derive?(parsed: P, unit: U, context: Omit<RenderContext<P>, 'previous'>): UnitTranslation;
  /**
   * A page's top-level blocks in order (see {@link PageBlock}): a format that has them lets a
   * person's translation of a page take in the source's new blocks, each written where it
   * belongs, every other byte kept.
   */
  blocks?(parsed: P): PageBlock[];
  /**
   * Rendering a target takes the existing target file into account (`context.previous`):
   * formats whose targets carry more than text that a person may set (XLIFF states).
   */
  readonly usesPreviousTarget?: boolean;
  /**
   * Options that pin what `parse` detected (a catalog's message syntax, say), so a
   * translation of the file is read the same way as the file itself.
   */
  detected?(parsed: P): FormatOptions;
}
