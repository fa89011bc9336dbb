import { baseLanguage, type GlossaryEntry, isBlankRow } from '@transloom/client/wire';
import { localesNamed } from './glossary-layout.js';
import {
  formatRows,
  mergeLocale,
  newSlot,
  RowList,
  type RowSlot,
  slotOf,
} from './glossary-row-list.js';
import type { GlossaryFileModel } from './parse-glossary-file.js';

/** Options of {@link mergeGlossaryFile}. */
export interface MergeGlossaryFileOptions {
  sourceLocale: string;
  targetLocales: readonly string[];
}

/**
 * The text of a glossary file rewritten to hold `byLocale`'s entries, in the file's own
 * layout: a table keeps its header, its column order and the columns it does not use; entry
 * rows keep their language columns and the rows of other pairs; every row keeps its place,
 * and rows nothing changed keep their bytes, line breaks included. Locales `byLocale` lacks
 * are left as they are. The file must have no structural errors (see `parseGlossaryFile`).
 */
export function mergeGlossaryFile(
  model: GlossaryFileModel,
  byLocale: ReadonlyMap<string, readonly GlossaryEntry[]>,
  options: MergeGlossaryFileOptions,
): string {
  const { rows } = model;
  const list = new RowList();
  const eol: '\n' | '\r\n' = rows.find((r) => r.eol !== '')?.eol === '\r\n' ? '\r\n' : '\n';
  const finalNewline = rows.length === 0 || rows.at(-1)!.eol !== '';
  if (model.kind === 'table') mergeTable(model, list, byLocale, options);
  else mergeEntries(model, list, byLocale, options);
  return formatRows(list, model.format, eol, finalNewline);
}

function mergeTable(
  model: GlossaryFileModel,
  list: RowList,
  byLocale: ReadonlyMap<string, readonly GlossaryEntry[]>,
  options: MergeGlossaryFileOptions,
): void {
  const { text } = model.source;
  const table = model.table ?? { row: -1, sourceColumn: 0, columns: [undefined] };
  const header =
    table.row === -1 ? newSlot([options.sourceLocale]) : slotOf(text, model.rows[table.row]!);
  if (table.row === -1) list.append(header);
  const { sourceColumn } = table;
  const columns = [...table.columns];
  const terms: RowSlot[] = [];
  const bySource = new Map<string, RowSlot>();
  model.rows.forEach((row, index) => {
    if (index === table.row) {
      list.append(header);
      return;
    }
    const slot = slotOf(text, row);
    list.append(slot);
    if (index < table.row || isBlankRow(row)) return;
    terms.push(slot);
    const source = slot.cells[sourceColumn]!;
    if (!bySource.has(source)) bySource.set(source, slot);
  });
  for (const [locale, entries] of byLocale) {
    let column = columns.indexOf(locale);
    if (column === -1) {
      column = columns.push(locale) - 1;
      for (const slot of [header, ...terms]) {
        slot.cells.push(slot === header ? locale : '');
        slot.dirty = true;
      }
    }
    const put = (slot: RowSlot, value: string) => {
      if (slot.cells[column] === value) return;
      slot.cells[column] = value;
      slot.dirty = true;
    };
    mergeLocale(
      list,
      {
        find: (source) => bySource.get(source),
        current: terms.filter((slot) => slot.cells[column] !== ''),
        sourceOf: (slot) => slot.cells[sourceColumn]!,
        set: put,
        remove: (slot) => put(slot, ''),
        create: ({ source, target }) => {
          const slot = newSlot(columns.map(() => ''));
          slot.cells[sourceColumn] = source;
          slot.cells[column] = target;
          terms.push(slot);
          bySource.set(source, slot);
          return slot;
        },
      },
      entries,
    );
  }
  // A row this rewrite left with no target in any column goes; one written that way stays.
  for (const slot of terms)
    if (slot.dirty && slot.cells.every((cell, i) => i === sourceColumn || cell === ''))
      list.remove(slot);
}

function mergeEntries(
  model: GlossaryFileModel,
  list: RowList,
  byLocale: ReadonlyMap<string, readonly GlossaryEntry[]>,
  options: MergeGlossaryFileOptions,
): void {
  const { text } = model.source;
  const key = (locale: string, source: string) => `${locale}\u0000${source}`;
  const index = new Map<string, RowSlot>();
  const entrySlots: RowSlot[] = [];
  model.rows.forEach((row, i) => {
    const slot = slotOf(text, row, model.rowLocales[i] ?? []);
    list.append(slot);
    if (slot.locales.length === 0) return;
    entrySlots.push(slot);
    for (const locale of slot.locales) {
      const k = key(locale, slot.cells[0]!);
      if (!index.has(k)) index.set(k, slot);
    }
  });
  const languageRow = entrySlots.find((slot) => slot.cells.length === 4);
  const sourceCode = languageRow?.cells[2] ?? baseLanguage(options.sourceLocale).toLowerCase();
  const upper = sourceCode === sourceCode.toUpperCase();
  // Spelled as the file spells that locale already, else as its language in the file's case.
  const codes = new Map<string, string>();
  for (const slot of entrySlots)
    if (slot.cells.length === 4)
      for (const locale of slot.locales) if (!codes.has(locale)) codes.set(locale, slot.cells[3]!);
  const targetCode = (locale: string) =>
    codes.get(locale) ?? (upper ? baseLanguage(locale) : baseLanguage(locale).toLowerCase());
  // In a locale's own file every row is that locale's; in the project's one file the language cell says.
  const localesOf = (locale: string, code: string) => {
    if (model.role.kind === 'locale' || !model.languageColumns) return [locale];
    const named = localesNamed(code, options.targetLocales);
    return named.includes(locale) ? named : [locale];
  };
  for (const [locale, entries] of byLocale) {
    mergeLocale(
      list,
      {
        find: (source) => index.get(key(locale, source)),
        current: entrySlots.filter((slot) => slot.locales.includes(locale)),
        sourceOf: (slot) => slot.cells[0]!,
        set: (slot, target) => {
          slot.removed.delete(locale);
          if (slot.cells[1] === target) return;
          slot.cells[1] = target;
          slot.dirty = true;
        },
        remove: (slot) => slot.removed.add(locale),
        create: ({ source, target }) => {
          const code = targetCode(locale);
          const slot = newSlot(
            model.languageColumns ? [source, target, sourceCode, code] : [source, target],
            localesOf(locale, code),
          );
          entrySlots.push(slot);
          for (const l of slot.locales)
            if (!index.has(key(l, source))) index.set(key(l, source), slot);
          return slot;
        },
      },
      entries,
    );
  }
  for (const slot of entrySlots) {
    const written = slot.locales.filter((l) => byLocale.has(l));
    if (written.length > 0 && written.every((l) => slot.removed.has(l))) list.remove(slot);
  }
}
