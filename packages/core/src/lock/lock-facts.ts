import type { Lock, LockedTranslation, LockedUnit } from './lock-types.js';
import { peekUnits } from './parse-lock.js';

/** A record found for a text, and the source hash of the line it is on. */
export interface FoundRecord {
  record: LockedTranslation;
  source: string;
}

/** What the lock's lines say of target texts by their hash in one locale, whatever unit they are on. */
export interface TextRecords {
  /**
   * Who wrote the text with hash `written`, for a unit whose source is `source`: a person's
   * record first (their text is never taken for the machine's), then Transloom's for that very
   * source. Transloom's text of another source is no evidence here: a person may have copied
   * it from another unit.
   */
  recordOf(written: string, source: string): FoundRecord | undefined;
}

interface Entry {
  human?: FoundRecord;
  machine?: Map<string, FoundRecord>;
}

// Made once per lock and locale, on first use: a run with nothing to look up makes none.
const made = new WeakMap<Lock, Map<string, TextRecords>>();

function add(entries: Map<string, Entry>, unit: LockedUnit, locale: string): void {
  const record = unit.locales.get(locale);
  if (!record || record.unknown) return;
  let entry = entries.get(record.written);
  if (!entry) {
    entry = {};
    entries.set(record.written, entry);
  }
  const found = { record, source: unit.source };
  if (record.human) entry.human ??= found;
  else {
    entry.machine ??= new Map();
    if (!entry.machine.has(unit.source)) entry.machine.set(unit.source, found);
  }
}

/**
 * The records of every line of `lock` in `locale`, by the hash of the text each names: how a
 * unit the lock does not know by its file and id (a catalog moved or renamed, a key renamed
 * or copied) is known to hold Transloom's translation of its source, or a person's text.
 */
export function textRecords(lock: Lock, locale: string): TextRecords {
  let byLocale = made.get(lock);
  if (!byLocale) {
    byLocale = new Map();
    made.set(lock, byLocale);
  }
  let records = byLocale.get(locale);
  if (records) return records;
  let entries: Map<string, Entry> | undefined;
  const read = () => {
    entries = new Map();
    for (const file of lock.files.values())
      for (const unit of peekUnits(file).values()) {
        add(entries, unit, locale);
        for (const other of unit.alternates ?? []) add(entries, other, locale);
      }
    return entries;
  };
  records = {
    recordOf(written, source) {
      const entry = (entries ?? read()).get(written);
      return entry?.human ?? entry?.machine?.get(source);
    },
  };
  byLocale.set(locale, records);
  return records;
}
