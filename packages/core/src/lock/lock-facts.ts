import { type Lock, type LockedTranslation, type LockedUnit, RETRY } from './lock-types.js';
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
  /** Whether some line says Transloom wrote the text with hash `written` (for any source). */
  isMachineText(written: string): boolean;
  /**
   * Where a translation of the source with hash `source` was written: Transloom's under
   * `settings`, and a person's reviewed for that source (as the lock's lines say: each target
   * text still has to be found, and to hash as written): how a unit the repository already
   * translated elsewhere (a catalog moved without its targets, a key renamed or copied) is
   * filled without a request, and a person's text stays theirs.
   */
  translationsOf(source: string, settings: string): readonly LockedText[];
}

/** A unit's line naming a text Transloom wrote. */
export interface LockedText {
  /** The source file (as the lock names it) and the unit. */
  file: string;
  unit: string;
  /** Hash of the text written. */
  written: string;
  /** A person wrote it (reviewed for the source it is found by). */
  human: boolean;
}

interface Entry {
  human?: FoundRecord;
  machine?: Map<string, FoundRecord>;
}

// Made once per lock and locale, on first use: a run with nothing to look up makes none.
const made = new WeakMap<Lock, Map<string, TextRecords>>();

interface Index {
  entries: Map<string, Entry>;
  /** `<source> <settings>` -> where Transloom wrote a translation of it. */
  written: Map<string, LockedText[]>;
  /** `<source>` -> where a person's translation of it, reviewed for it, is. */
  people: Map<string, LockedText[]>;
}

function push(map: Map<string, LockedText[]>, key: string, text: LockedText): void {
  const list = map.get(key);
  if (list) list.push(text);
  else map.set(key, [text]);
}

function add(index: Index, file: string, id: string, unit: LockedUnit, locale: string): void {
  const { entries } = index;
  const record = unit.locales.get(locale);
  if (!record || record.unknown) return;
  if (!record.human && record.settings !== RETRY)
    push(index.written, `${unit.source} ${record.settings}`, {
      file,
      unit: id,
      written: record.written,
      human: false,
    });
  if (record.human && (record.reviewedSource ?? unit.source) === unit.source)
    push(index.people, unit.source, { file, unit: id, written: record.written, human: true });
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
  let index: Index | undefined;
  const read = () => {
    index = { entries: new Map(), written: new Map(), people: new Map() };
    for (const [path, file] of lock.files)
      for (const [id, unit] of peekUnits(file)) {
        add(index, path, id, unit, locale);
        for (const other of unit.alternates ?? []) add(index, path, id, other, locale);
      }
    return index;
  };
  records = {
    recordOf(written, source) {
      const entry = (index ?? read()).entries.get(written);
      return entry?.human ?? entry?.machine?.get(source);
    },
    isMachineText(written) {
      return (index ?? read()).entries.get(written)?.machine !== undefined;
    },
    translationsOf(source, settings) {
      const { written, people } = index ?? read();
      return [...(people.get(source) ?? []), ...(written.get(`${source} ${settings}`) ?? [])];
    },
  };
  byLocale.set(locale, records);
  return records;
}
