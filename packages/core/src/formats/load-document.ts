import { extname } from 'node:path';
import { UsageError } from '@transloom/client/errors';
import { type Diagnostic, FormatError } from '../document/diagnostics.js';
import { decodeSourceFile, encodeSourceText, type SourceFile } from '../document/source-file.js';
import { spliceRange } from '../document/splice-edits.js';
import {
  inPortableForm,
  matchMarkup,
  portableIds,
  renameIds,
  usedMarkup,
} from '../segments/portable-segment.js';
import { MarkupMismatchError } from '../segments/render-segment.js';
import type { Original } from '../segments/segment-markup.js';
import type {
  AdapterUnit,
  FormatAdapter,
  FormatKind,
  FormatOptions,
  PageBlock,
  ParsedFile,
  Unit,
  UnitTranslation,
} from './format-adapter.js';
import { formatAdapters } from './format-adapters.js';
import { detectFormat, FORMAT_NAMES, type FormatName } from './registry.js';

/** What {@link loadDocument} reads. */
export interface LoadDocumentOptions {
  path: string;
  /** The file's bytes (decoded by BOM or declaration) or text. */
  content: string | Uint8Array;
  /** The format; chosen by extension (and content, for XLIFF) when absent. */
  format?: FormatName;
  /** Locale of the source text (default `en`). */
  sourceLocale?: string;
  /** Options of the format's adapter (`locale` defaults to `sourceLocale`). */
  options?: FormatOptions;
}

/** Options of {@link LocDocument.render}. */
export interface RenderOptions {
  targetLocale: string;
  /**
   * The target file as it is now (a translation of this document, read with
   * {@link LocDocument.options}), for formats that keep what a person set there beside the text.
   */
  previous?: LocDocument;
  /**
   * What a unit without a translation becomes: `source` keeps its source text, `omit` leaves
   * it out of a catalog (see {@link FormatKind}); a document's units always keep their source.
   */
  untranslated?: 'source' | 'omit';
  /** With `untranslated: 'omit'`: receives the id of every unit left out. */
  omitted?: Set<string>;
  /**
   * Units whose text `previous` holds as it stays (a person's, or what Transloom wrote there
   * before): written byte for byte as `previous` has them where the format can (a person's
   * `{{name }}`, their escapes), not rendered again from the source's markup.
   */
  asItIs?: ReadonlySet<string>;
  /**
   * Of those, the units whose source changed since their text was written or reviewed: a
   * format that records review states says they need one (XLIFF).
   */
  review?: ReadonlySet<string>;
}

/** A loaded localization file: its units and how to write it with translations. */
export interface LocDocument {
  readonly path: string;
  readonly format: FormatName;
  /** Catalog (keyed units, a target may lack some) or document (written whole). */
  readonly kind: FormatKind;
  readonly sourceLocale: string;
  /** Translatable units in document order. */
  readonly units: readonly Unit[];
  /** Problems that did not stop reading the file. */
  readonly warnings: readonly Diagnostic[];
  readonly file: SourceFile;
  /** The adapter options this file was read with, plus what was detected: read a translation of it with these. */
  readonly options: FormatOptions;
  /**
   * The file's text with `translations` (unit id -> segment, or variants for plural units)
   * written in; units without a translation keep their source, and every byte outside
   * translated text stays as it was.
   */
  render(
    translations: ReadonlyMap<string, UnitTranslation> | Readonly<Record<string, UnitTranslation>>,
    options: RenderOptions,
  ): string;
  /**
   * The text of `[start, end)` as {@link LocDocument.render} writes it (a part of a page, to
   * write into a person's translation of it), not read back on its own: the whole it goes
   * into is.
   */
  renderPart(
    translations: ReadonlyMap<string, UnitTranslation>,
    options: RenderOptions,
    start: number,
    end: number,
  ): string;
  /** A page's top-level blocks in order (see {@link PageBlock}); none for a format without. */
  blocks(): readonly PageBlock[];
  /**
   * Why `translation` of `unitId` must not be written for `targetLocale`, or undefined: what
   * {@link LocDocument.render} would write for it would not read back as it (see the format's
   * `verify`).
   */
  verify(
    unitId: string,
    translation: UnitTranslation,
    options: { targetLocale: string },
  ): string | undefined;
  /** The text of a derived unit (see {@link Unit.derived}) in `targetLocale`; a unit's own text else. */
  derive(unitId: string, options: { targetLocale: string }): UnitTranslation;
  /** Whether rendering uses the existing target file (see {@link RenderOptions.previous}). */
  readonly usesPreviousTarget: boolean;
  /** What each `<x>` and `<g>` id of a unit stands for, as text of the file (for TMX). */
  originals(unitId: string): {
    placeholders: ReadonlyMap<string, string>;
    pairs: ReadonlyMap<string, { open: string; close: string }>;
  };
  /** Rendered text as bytes in the file's own encoding (and BOM). */
  encode(text: string): Uint8Array;
  /**
   * A unit's text (its source, or `translation` in its ids) with portable ids: the same for
   * the same placeholders in any document, so text can move between a source and its translation.
   */
  portable(unitId: string, translation?: UnitTranslation): UnitTranslation;
  /**
   * The text of `otherUnitId` in `other` (a translation of this file) in the ids of this
   * document's `unitId`; a MarkupMismatchError when the two do not carry the same markup.
   */
  textFrom(unitId: string, other: LocDocument, otherUnitId: string): UnitTranslation;
}

// What textFrom needs of another document: its units with their markup, and its text.
const INTERNAL = Symbol('transloom document internals');
interface Internal {
  unitOf(unitId: string): AdapterUnit;
  textOf(original: Original): string;
  parsed: ParsedFile;
  format: FormatName;
}

/** Reads a localization file into a {@link LocDocument}; a malformed file throws a FormatError with positions. */
export function loadDocument(options: LoadDocumentOptions): LocDocument {
  const file = decodeSourceFile(options.path, options.content);
  const format = options.format ?? detectFormat(options.path, file.text);
  if (!format) {
    throw new FormatError(options.path, [
      {
        file: options.path,
        line: 1,
        column: 1,
        rule: 'unknown-format',
        severity: 'error',
        message: `no format reads '${extname(options.path) || options.path}' files; set 'format' (${FORMAT_NAMES.join(', ')})`,
      },
    ]);
  }
  const adapter: FormatAdapter | undefined = formatAdapters[format];
  // A format given by a caller not checked by the types (JavaScript, a configuration's text).
  if (!adapter) throw new UsageError(`format '${format}' is not one of ${FORMAT_NAMES.join(', ')}`);
  const sourceLocale = options.sourceLocale ?? 'en';
  const readOptions: FormatOptions = { locale: sourceLocale, ...options.options };
  const parsed: ParsedFile = adapter.parse(file, readOptions);
  const units: AdapterUnit[] = adapter.extract(parsed);
  const publicUnits: Unit[] = units.map(({ markup: _markup, ...unit }) => {
    const out: Unit = {
      id: unit.id,
      segment: unit.segment,
      path: unit.path,
      line: unit.line,
      column: unit.column,
    };
    if (unit.context !== undefined) out.context = unit.context;
    if (unit.plural !== undefined) out.plural = unit.plural;
    if (unit.derived) out.derived = true;
    return out;
  });
  const byId = new Map(units.map((u) => [u.id, u]));
  const ids = new Map<AdapterUnit, Map<string, string>>();
  const unitOf = (unitId: string) => {
    const unit = byId.get(unitId);
    if (!unit) throw new UsageError(`${options.path} has no unit '${unitId}'`);
    return unit;
  };
  const textOf = (original: Original) =>
    typeof original === 'string' ? original : file.text.slice(original.start, original.end);
  const idsOf = (unit: AdapterUnit) => {
    const known = ids.get(unit);
    if (known) return known;
    const map = portableIds(unit.markup, textOf);
    ids.set(unit, map);
    return map;
  };
  const editsOf = (map: ReadonlyMap<string, UnitTranslation>, renderOptions: RenderOptions) => {
    const previous = (renderOptions.previous as LocDocument & { [INTERNAL]?: Internal })?.[
      INTERNAL
    ];
    return adapter.apply(parsed, units, map, {
      file,
      sourceLocale,
      targetLocale: renderOptions.targetLocale,
      ...(renderOptions.untranslated ? { untranslated: renderOptions.untranslated } : {}),
      ...(renderOptions.omitted ? { omitted: renderOptions.omitted } : {}),
      ...(renderOptions.asItIs ? { asItIs: renderOptions.asItIs } : {}),
      ...(renderOptions.review ? { review: renderOptions.review } : {}),
      ...(adapter.usesPreviousTarget && previous?.format === format
        ? { previous: previous.parsed }
        : {}),
    });
  };
  let blocks: PageBlock[] | undefined;
  const doc: LocDocument & { [INTERNAL]: Internal } = {
    path: options.path,
    format,
    kind: adapter.kind,
    sourceLocale,
    units: publicUnits,
    warnings: parsed.warnings,
    file,
    options: { ...readOptions, ...adapter.detected?.(parsed) },
    render(translations, renderOptions) {
      const map =
        translations instanceof Map ? translations : new Map(Object.entries(translations));
      return adapter.serialize(parsed, editsOf(map, renderOptions));
    },
    renderPart(translations, renderOptions, start, end) {
      return spliceRange(file.text, editsOf(translations, renderOptions), start, end);
    },
    blocks() {
      blocks ??= adapter.blocks?.(parsed) ?? [];
      return blocks;
    },
    verify(unitId, translation, verifyOptions) {
      return adapter.verify?.(parsed, unitOf(unitId), translation, {
        file,
        sourceLocale,
        targetLocale: verifyOptions.targetLocale,
      });
    },
    derive(unitId, deriveOptions) {
      const unit = unitOf(unitId);
      return (
        adapter.derive?.(parsed, unit, {
          file,
          sourceLocale,
          targetLocale: deriveOptions.targetLocale,
        }) ?? unit.segment
      );
    },
    encode: (text) => encodeSourceText(file, text),
    portable(unitId, translation) {
      const unit = unitOf(unitId);
      try {
        return renameIds(
          translation ?? (unit.plural ? { variants: unit.plural.variants } : unit.segment),
          idsOf(unit),
        );
      } catch (error) {
        // A target's own text in its own markup, in portable form already (a key whose text
        // does not carry its source's markup, kept as it is): it stays as it is.
        if (error instanceof MarkupMismatchError && translation && inPortableForm(translation))
          return translation;
        throw error;
      }
    },
    textFrom(unitId, other, otherUnitId) {
      const theirs = (other as LocDocument & { [INTERNAL]?: Internal })[INTERNAL];
      if (!theirs)
        throw new UsageError('textFrom: the other document was not made by loadDocument');
      const unit = unitOf(unitId);
      const otherUnit = theirs.unitOf(otherUnitId);
      // Each placeholder and pair as often as the text has it: a target that lost one of two
      // equal placeholders is not this unit's text.
      const used = (u: AdapterUnit) =>
        usedMarkup(u.markup, u.plural ? u.plural.variants.map((v) => v.segment) : [u.segment]);
      const map = matchMarkup(used(unit), textOf, used(otherUnit), theirs.textOf);
      if (!map)
        throw new MarkupMismatchError(
          `unit '${otherUnitId}' does not carry the placeholders and tags of '${unitId}'`,
        );
      const text = otherUnit.plural ? { variants: otherUnit.plural.variants } : otherUnit.segment;
      return renameIds(text, map, true);
    },
    usesPreviousTarget: adapter.usesPreviousTarget === true,
    originals(unitId) {
      const { markup } = unitOf(unitId);
      return {
        placeholders: new Map([...markup.placeholders].map(([id, o]) => [id, textOf(o)])),
        pairs: new Map(
          [...markup.pairs].map(([id, p]) => [
            id,
            { open: textOf(p.open), close: textOf(p.close) },
          ]),
        ),
      };
    },
    [INTERNAL]: { unitOf, textOf, parsed, format },
  };
  return doc;
}
