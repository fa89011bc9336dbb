import type { GlossaryEntry, GlossaryFileFormat, GlossaryRow } from '@transloom/client/wire';
import { stringify } from 'csv-stringify/sync';

/** A row of a glossary file being rewritten: its text as written until a cell changes. */
export interface RowSlot {
  cells: string[];
  /** The row as written ('' for a new row). */
  raw: string;
  eol: '' | '\n' | '\r\n';
  /** A cell changed (or the row is new): it is written from `cells`. */
  dirty: boolean;
  /** Entry rows: the target locales the row's entry belongs to. */
  locales: readonly string[];
  /** Entry rows: locales whose dictionary no longer has this entry. */
  removed: Set<string>;
  prev?: RowSlot;
  next?: RowSlot;
}

/** A new slot for a row with these cells. */
export function newSlot(cells: string[], locales: readonly string[] = []): RowSlot {
  return { cells, raw: '', eol: '', dirty: true, locales, removed: new Set() };
}

/** A slot for a row as written. */
export function slotOf(text: string, row: GlossaryRow, locales: readonly string[] = []): RowSlot {
  return {
    cells: row.cells.map((c) => c.text),
    raw: text.slice(row.start, row.end),
    eol: row.eol,
    dirty: false,
    locales,
    removed: new Set(),
  };
}

/** The rows of a file in order; new rows are placed next to their neighbours in O(1). */
export class RowList {
  private readonly head: RowSlot = newSlot([]);
  private tail: RowSlot = this.head;

  /** Adds a slot at the end. */
  append(slot: RowSlot): void {
    this.insertAfter(this.tail, slot);
  }

  /** Puts a slot right after another. */
  insertAfter(anchor: RowSlot, slot: RowSlot): void {
    slot.prev = anchor;
    slot.next = anchor.next;
    if (anchor.next) anchor.next.prev = slot;
    else this.tail = slot;
    anchor.next = slot;
  }

  /** Puts a slot right before another. */
  insertBefore(anchor: RowSlot, slot: RowSlot): void {
    this.insertAfter(anchor.prev!, slot);
  }

  /** Takes a slot out. */
  remove(slot: RowSlot): void {
    slot.prev!.next = slot.next;
    if (slot.next) slot.next.prev = slot.prev;
    else this.tail = slot.prev!;
  }

  *[Symbol.iterator](): IterableIterator<RowSlot> {
    for (let slot = this.head.next; slot; slot = slot.next) yield slot;
  }
}

/** How one locale's dictionary is written into a list of rows. */
export interface LocaleMerge {
  /** The slot of a source phrase in this locale's view of the file, if any. */
  find(source: string): RowSlot | undefined;
  /** Slots that hold an entry of this locale now, in file order. */
  current: readonly RowSlot[];
  /** The source phrase of a slot. */
  sourceOf(slot: RowSlot): string;
  /** Writes this locale's target into a slot. */
  set(slot: RowSlot, target: string): void;
  /** Takes this locale's entry out of a slot. */
  remove(slot: RowSlot): void;
  /** A new row for an entry, already findable. */
  create(entry: GlossaryEntry): RowSlot;
}

/**
 * Makes a list of rows hold exactly `entries` for one locale while moving as little as
 * possible: rows keep their place and bytes, targets change in place, rows whose entry is
 * gone are emptied, and a new entry goes right after the entry that precedes it in
 * `entries` (before the first known one when it precedes them all, at the end otherwise).
 */
export function mergeLocale(
  list: RowList,
  merge: LocaleMerge,
  entries: readonly GlossaryEntry[],
): void {
  const wanted = new Map<string, string>();
  for (const { source, target } of entries) if (!wanted.has(source)) wanted.set(source, target);
  for (const slot of merge.current) {
    const source = merge.sourceOf(slot);
    const target = wanted.get(source);
    if (target !== undefined && merge.find(source) === slot) merge.set(slot, target);
    else merge.remove(slot);
  }
  let anchor: RowSlot | undefined;
  const pending: RowSlot[] = [];
  for (const entry of entries) {
    if (wanted.get(entry.source) !== entry.target) continue;
    const found = merge.find(entry.source);
    if (found) {
      merge.set(found, entry.target);
      for (const slot of pending.splice(0)) list.insertBefore(found, slot);
      anchor = found;
      continue;
    }
    const slot = merge.create(entry);
    if (anchor) {
      list.insertAfter(anchor, slot);
      anchor = slot;
    } else {
      pending.push(slot);
    }
  }
  for (const slot of pending) list.append(slot);
}

/** One row as text: CSV quoted as the contract's rules say (and CR too), TSV as is. */
export function formatRow(cells: readonly string[], format: GlossaryFileFormat): string {
  if (format === 'tsv') return cells.join('\t');
  return stringify([cells], { eof: false, quoted_match: /\r/ });
}

/** The rows as text, each with its own line break, new rows with the file's first one. */
export function formatRows(
  list: RowList,
  format: GlossaryFileFormat,
  eol: '\n' | '\r\n',
  finalNewline: boolean,
): string {
  const slots = [...list];
  let out = '';
  slots.forEach((slot, index) => {
    out += slot.dirty ? formatRow(slot.cells, format) : slot.raw;
    if (index < slots.length - 1) out += slot.eol || eol;
    else if (finalNewline) out += slot.eol || eol;
  });
  return out;
}
