import type { LocatedGlossaryEntry } from '@transloom/client/wire';
import {
  type GlossaryCell,
  type GlossaryFileFormat,
  type GlossaryRow,
  isBlankRow,
  readGlossaryRows,
} from '@transloom/client/wire';
import type { Diagnostic } from '../document/diagnostics.js';
import { formatOfGlossary, localesNamed, namesLocale, readFirstRow } from './glossary-layout.js';
import { type GlossarySource, glossaryDiagnostic, quoteCell } from './glossary-source.js';

/** An entry with the file and the cells it came from. */
export interface PositionedEntry extends LocatedGlossaryEntry {
  file: string;
  /** Index of its row in the file's rows. */
  row: number;
  sourceCell: GlossaryCell;
  targetCell: GlossaryCell;
}

/** A glossary file read into rows and entries, with what the writer needs to keep its layout. */
export interface GlossaryFileModel {
  source: GlossarySource;
  role: GlossaryFileRole;
  format: GlossaryFileFormat;
  kind: 'table' | 'entries';
  rows: GlossaryRow[];
  /** A table's header: its row, the source column and the target locale of each column. */
  table?: { row: number; sourceColumn: number; columns: Array<string | undefined> };
  /** Entries: the target locales of each row's entry, by row index (none for ignored rows). */
  rowLocales: Array<readonly string[] | undefined>;
  /** Entries: whether every entry row names its language pair (four fields). */
  languageColumns: boolean;
  /** Target locale -> its entries in file order. */
  entries: Map<string, PositionedEntry[]>;
  /** Problems of the file's structure (errors stop a run; warnings name what is ignored). */
  diagnostics: Diagnostic[];
}

/** What a file is read as: one file for the whole project, or one target locale's file. */
export type GlossaryFileRole = { kind: 'single' } | { kind: 'locale'; locale: string };

/** Options of {@link parseGlossaryFile}. */
export interface ParseGlossaryFileOptions {
  role: GlossaryFileRole;
  sourceLocale: string;
  targetLocales: readonly string[];
}

/**
 * Reads a glossary file's rows and assigns each entry to its target locales. A project's
 * single file is a table when its first row is a header of locales (see `readFirstRow`) and
 * entry rows otherwise; a locale's own file is always entry rows.
 */
export function parseGlossaryFile(
  source: GlossarySource,
  options: ParseGlossaryFileOptions,
): GlossaryFileModel {
  const format = formatOfGlossary(source.name, source.text);
  const rows = readGlossaryRows(source.text, format);
  const model: GlossaryFileModel = {
    source,
    role: options.role,
    format,
    kind: 'entries',
    rows,
    rowLocales: [],
    languageColumns: false,
    entries: new Map(),
    diagnostics: [],
  };
  const first = rows.findIndex((r) => !isBlankRow(r));
  if (options.role.kind === 'single') {
    if (first === -1) {
      model.kind = 'table';
      return model;
    }
    const firstRow = rows[first]!;
    const reading = firstRow.error
      ? { kind: 'entries' as const }
      : readFirstRow(
          firstRow.cells.map((c) => c.text),
          options.sourceLocale,
          options.targetLocales,
        );
    if (reading.kind === 'error') {
      model.diagnostics.push(
        glossaryDiagnostic(source.name, firstRow.cells[0]!, 'glossary-header', reading.message),
      );
      return model;
    }
    if (reading.kind === 'header') {
      readTable(model, first, reading.sourceColumn, options);
      return model;
    }
  }
  readEntries(model, options);
  return model;
}

function malformed(model: GlossaryFileModel, row: GlossaryRow, message: string): void {
  const at = row.error ?? row.cells[0]!;
  model.diagnostics.push(
    glossaryDiagnostic(model.source.name, at, 'malformed-line', row.error?.message ?? message),
  );
}

// The entry of one source cell and its target cell in `locale`, at their row.
function addEntry(
  model: GlossaryFileModel,
  locale: string,
  at: { row: GlossaryRow; index: number },
  sourceCell: GlossaryCell,
  targetCell: GlossaryCell,
): void {
  let list = model.entries.get(locale);
  if (!list) {
    list = [];
    model.entries.set(locale, list);
  }
  list.push({
    source: sourceCell.text,
    target: targetCell.text,
    line: at.row.line,
    file: model.source.name,
    row: at.index,
    sourceCell,
    targetCell,
  });
}

function readTable(
  model: GlossaryFileModel,
  headerRow: number,
  sourceColumn: number,
  options: ParseGlossaryFileOptions,
): void {
  const { name } = model.source;
  model.kind = 'table';
  const header = model.rows[headerRow]!.cells;
  const columns = header.map((cell, column) => {
    if (column === sourceColumn) return undefined;
    const code = cell.text.trim().toLowerCase();
    const locale = options.targetLocales.find((l) => l.toLowerCase() === code);
    if (!locale) {
      model.diagnostics.push(
        glossaryDiagnostic(
          name,
          cell,
          'glossary-header',
          `column ${column + 1} (${quoteCell(cell.text.trim())}) is not a target locale; it is ignored`,
          'warning',
        ),
      );
    }
    return locale;
  });
  model.table = { row: headerRow, sourceColumn, columns };
  for (const locale of columns) if (locale) model.entries.set(locale, []);
  model.rows.forEach((row, index) => {
    if (index <= headerRow || isBlankRow(row)) return;
    if (row.error || row.cells.length !== header.length) {
      malformed(
        model,
        row,
        `expected ${header.length} fields (one per header column), found ${row.cells.length}`,
      );
      return;
    }
    const sourceCell = row.cells[sourceColumn]!;
    columns.forEach((locale, column) => {
      const targetCell = row.cells[column]!;
      // An empty cell: that term has no entry in that locale.
      if (!locale || targetCell.text === '') return;
      addEntry(model, locale, { row, index }, sourceCell, targetCell);
    });
  });
}

function readEntries(model: GlossaryFileModel, options: ParseGlossaryFileOptions): void {
  const { name } = model.source;
  const { role, sourceLocale, targetLocales } = options;
  const unassigned: GlossaryRow[] = [];
  let withLanguages = 0;
  let entryRows = 0;
  if (role.kind === 'locale') model.entries.set(role.locale, []);
  model.rows.forEach((row, index) => {
    if (isBlankRow(row)) return;
    const count = row.cells.length;
    if (row.error || (count !== 2 && count !== 4)) {
      const tabs = model.format === 'csv' && count === 1 && row.cells[0]!.text.includes('\t');
      malformed(
        model,
        row,
        `expected 2 fields (source, target) or 4 (with the source and target language), found ${count}${tabs ? '; the line has tabs: a TSV file needs the .tsv extension' : ''}`,
      );
      return;
    }
    entryRows++;
    let locales: readonly string[];
    if (count === 4) {
      withLanguages++;
      const [, , sourceLang, targetLang] = row.cells as [
        GlossaryCell,
        GlossaryCell,
        GlossaryCell,
        GlossaryCell,
      ];
      locales =
        role.kind === 'locale'
          ? namesLocale(targetLang.text, role.locale)
            ? [role.locale]
            : []
          : localesNamed(targetLang.text, targetLocales);
      const ignored = !namesLocale(sourceLang.text, sourceLocale)
        ? `the row is for the pair ${quoteCell(sourceLang.text)} -> ${quoteCell(targetLang.text)}, and the project translates from '${sourceLocale}'`
        : locales.length === 0
          ? role.kind === 'locale'
            ? `the row is for ${quoteCell(targetLang.text)}, and this file is for '${role.locale}'`
            : `${quoteCell(targetLang.text)} is not a target locale`
          : undefined;
      if (ignored) {
        const at = namesLocale(sourceLang.text, sourceLocale) ? targetLang : sourceLang;
        model.diagnostics.push(
          glossaryDiagnostic(
            name,
            at,
            'glossary-other-pair',
            `${ignored}; the row is ignored, as the service ignores it`,
            'warning',
          ),
        );
        return;
      }
    } else if (role.kind === 'locale') {
      locales = [role.locale];
    } else if (targetLocales.length === 1) {
      locales = [targetLocales[0]!];
    } else {
      unassigned.push(row);
      return;
    }
    model.rowLocales[index] = locales;
    const [sourceCell, targetCell] = row.cells as [GlossaryCell, GlossaryCell];
    for (const locale of locales) {
      addEntry(model, locale, { row, index }, sourceCell, targetCell);
    }
  });
  model.languageColumns = entryRows > 0 && withLanguages === entryRows;
  if (unassigned.length === 0) return;
  const several = `the project has several target locales (${targetLocales.join(', ')})`;
  if (withLanguages === 0) {
    model.diagnostics.push(
      glossaryDiagnostic(
        name,
        unassigned[0]!.cells[0]!,
        'glossary-no-pair',
        `entry rows without language columns name no target locale, and ${several}: add a header row of locales (${[sourceLocale, ...targetLocales].join(',')}), add the pair to each row (source,target,${sourceLocale},${targetLocales[0]}), or use one file per locale ('glossary.{locale}${model.format === 'csv' ? '.csv' : '.tsv'}')`,
      ),
    );
    return;
  }
  for (const row of unassigned) {
    model.diagnostics.push(
      glossaryDiagnostic(
        name,
        row.cells[0]!,
        'glossary-no-pair',
        `this row names no language pair, and ${several}; add the source and target language as the other rows do`,
      ),
    );
  }
}
