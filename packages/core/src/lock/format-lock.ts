import {
  formatLockedTranslation,
  type Lock,
  type LockedFile,
  type LockedUnit,
} from './lock-types.js';
import { fileLine, type LazyFile, lazyFile, RAW, type RawLines, unitPrefix } from './parse-lock.js';

/** The lock's first line. */
export const LOCK_HEADER =
  '# transloom.lock: who wrote each translation, as hashes. Commit it. Every line stands on its own: git merges it line by line (.gitattributes: transloom.lock merge=union).';

/** Writes a lock: sorted, one line per unit, no timestamps, each line naming its file. */
export function formatLock(lock: Lock): string {
  return joined(lockPieces(lock));
}

// A piece of a lock's text: a string, or a file's unit lines as they were read.
type Piece = string | RawLines;

const textOf = (piece: Piece): string => (typeof piece === 'string' ? piece : piece.text);

/** The pieces joined. */
export function joined(pieces: readonly Piece[]): string {
  return pieces.map(textOf).join('');
}

/**
 * Whether `pieces` joined would be `text`, compared piece by piece: a lock of megabytes whose
 * files were all up to date is not built again only to find it unchanged. Unit lines read
 * from `text` itself, at the place they would take, are not compared: they are that text.
 */
export function spells(pieces: readonly Piece[], text: string): boolean {
  let at = 0;
  // Whether the lines' lock text is `text`: one comparison per text read (the same string,
  // nearly always, which answers at once).
  let origin: string | undefined;
  let same = false;
  for (const piece of pieces) {
    if (typeof piece !== 'string' && piece.of !== undefined && piece.from === at) {
      if (piece.of !== origin) {
        origin = piece.of;
        same = origin === text;
      }
      if (same) {
        at += piece.text.length;
        continue;
      }
    }
    const part = textOf(piece);
    if (!text.startsWith(part, at)) return false;
    at += part.length;
  }
  return at === text.length;
}

/** The text of a lock, in pieces (a file's unread unit lines are one piece, as they were read). */
export function lockPieces(lock: Lock): Piece[] {
  const out: Piece[] = [LOCK_HEADER, '\n'];
  if (lock.glossary) {
    const entries = [...lock.glossary.dictionaries]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([l, h]) => ` ${l}=${h}`);
    out.push(`glossary ${lock.glossary.id}${entries.join('')}\n`);
  }
  for (const path of [...lock.files.keys()].sort()) {
    const file = lock.files.get(path)! as LazyFile;
    const block = file[RAW]?.block;
    if (block) {
      // Read from a lock in this form and not changed since: its lines as they were.
      out.push({ text: block.of.slice(block.from, block.to), of: block.of, from: block.from });
      continue;
    }
    out.push(`${fileLine(path, file.source, file.targets)}\n`);
    const raw = file[RAW];
    if (raw) {
      // Never parsed, so unchanged: copied as it was.
      out.push(raw.text.endsWith('\n') || raw.text === '' ? raw : `${raw.text}\n`);
      continue;
    }
    out.push(unitLines(path, file.units()));
  }
  return out;
}

/** A unit's line, as the lock writes it. */
export function unitLine(path: string, id: string, unit: LockedUnit, prefix = unitPrefix(path)) {
  let line = `${prefix}${JSON.stringify(id)} ${unit.source}`;
  for (const locale of [...unit.locales.keys()].sort())
    line += ` ${locale}=${formatLockedTranslation(unit.locales.get(locale)!)}`;
  return line;
}

// A file's unit lines, sorted; a unit's alternates are left out (the run chose its record).
function unitLines(path: string, units: ReadonlyMap<string, LockedUnit>): string {
  const prefix = unitPrefix(path);
  let text = '';
  for (const id of [...units.keys()].sort())
    text += `${unitLine(path, id, units.get(id)!, prefix)}\n`;
  return text;
}

/**
 * The same record of a file, its units held as their lock lines (read again only if asked
 * for): a run that has made a file's record keeps it until the lock is written, and the
 * lines take a fraction of the memory of the maps they are made from.
 */
export function packedLockedFile(path: string, file: LockedFile): LockedFile {
  if ((file as LazyFile)[RAW]) return file;
  return lazyFile(file.source, file.targets, [
    { text: unitLines(path, file.units()), firstLine: () => 0 },
  ]);
}
