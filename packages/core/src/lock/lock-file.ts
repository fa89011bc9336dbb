import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { TransloomError } from '@transloom/client/errors';
import { writeFileAtomic } from '../fs/write-file-atomic.js';

/** Settings hash that never matches: the unit's last attempt failed, so it is due again. */
export const RETRY = '0';

/** What the lock knows of one unit in one locale. */
export interface LockedTranslation {
  /** Hash of the unit's settings for the locale (options, matched glossary terms, context). */
  settings: string;
  /** Hash of the text in the target file, as Transloom last wrote or adopted it. */
  written: string;
  /** The text came from a person (found in the target, or edited there, after Transloom wrote it). */
  human: boolean;
  /** For a person's text: hash of the source it was written for (a different current source means it is stale). */
  reviewedSource?: string;
}

/** What the lock knows of one unit. */
export interface LockedUnit {
  /** Hash of the unit's source text. */
  source: string;
  locales: Map<string, LockedTranslation>;
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
  /** Hash of the source file's bytes. */
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
}

function staleIn(units: ReadonlyMap<string, LockedUnit>): boolean {
  for (const unit of units.values()) {
    for (const t of unit.locales.values())
      if (t.human && t.reviewedSource && t.reviewedSource !== unit.source) return true;
  }
  return false;
}

/** The whole lock: per source file, per unit, hashes only. */
export interface Lock {
  glossary: LockedGlossary | undefined;
  files: Map<string, LockedFile>;
}

/** The project glossary as last pushed: its id on the service and a hash per dictionary. */
export interface LockedGlossary {
  id: string;
  /** Target locale -> hash of that dictionary's entries. */
  dictionaries: Map<string, string>;
}

const HEADER = '# transloom.lock: written by Transloom. Commit it; do not edit it by hand.';

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

// A file's unit lines, kept as text until someone asks for them; lines read from a lock keep
// where they were in its text (`of`, at `from`).
const RAW = Symbol('raw unit lines');
interface RawLines {
  text: string;
  of?: string;
  from?: number;
  /**
   * The file's whole block of lines (its file, target and unit lines), when the lock had it in
   * the very form the lock writes: `of[from, to)`. A file a run leaves as it was is then
   * compared with the lock's text at once, not made into lines again.
   */
  block?: { of: string; from: number; to: number };
  /** How many unit lines `text` holds, when they were counted as the lock was read. */
  count?: number;
}
type LazyFile = LockedFile & { [RAW]?: RawLines };

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
  };
}

function lazyFile(
  source: string,
  targets: Map<string, LockedTarget>,
  text: string,
  line: () => number,
  origin?: Omit<RawLines, 'text'>,
): LockedFile {
  let units: Map<string, LockedUnit> | undefined;
  const file: LazyFile = {
    source,
    targets,
    units() {
      if (!units) {
        units = parseUnitLines(text, line);
        delete file[RAW];
      }
      return units;
    },
    unitCount() {
      if (units) return units.size;
      if (origin?.count !== undefined) return origin.count;
      let count = 0;
      for (let at = text.indexOf('  unit '); at !== -1; at = text.indexOf('\n  unit ', at + 1))
        count++;
      return count;
    },
    // People's text is rare: only a file whose lines mark some (`:h`) is read to find out.
    hasStaleEdits: () =>
      units === undefined && !text.includes(':h') ? false : staleIn(file.units()),
  };
  file[RAW] = { text, ...origin };
  return file;
}

// Line numbers are counted only for an error's message: a lock of many thousand lines is
// otherwise read without looking at most of them.
function quoted(
  line: string,
  at: number,
  lineNumber: () => number,
): { value: string; end: number; escaped: boolean } {
  const match = /^"(?:[^"\\]|\\.)*"/.exec(line.slice(at));
  if (!match) throw new LockError(`transloom.lock line ${lineNumber()}: expected a quoted name`);
  const escaped = match[0].includes('\\');
  return { value: JSON.parse(match[0]) as string, end: at + match[0].length, escaped };
}

function parseUnitLines(text: string, firstLine: () => number): Map<string, LockedUnit> {
  const units = new Map<string, LockedUnit>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const n = () => firstLine() + i;
    const line = lines[i]!.replace(/\r$/, '').trimStart();
    if (line === '' || line.startsWith('#')) continue;
    if (!line.startsWith('unit '))
      throw new LockError(`transloom.lock line ${n()}: cannot read '${line.slice(0, 60)}'`);
    const id = quoted(line, 5, n);
    const [source, ...entries] = line.slice(id.end).trim().split(' ');
    if (!source) throw new LockError(`transloom.lock line ${n()}: the unit has no source hash`);
    const unit: LockedUnit = { source, locales: new Map() };
    for (const entry of entries) {
      const equals = entry.indexOf('=');
      const record = equals > 0 ? parseLockedTranslation(entry.slice(equals + 1)) : undefined;
      if (!record) throw new LockError(`transloom.lock line ${n()}: cannot read '${entry}'`);
      unit.locales.set(entry.slice(0, equals), record);
    }
    units.set(id.value, unit);
  }
  return units;
}

// Where the block of unit lines that goes on past `end` (the end of its first line) ends: the
// start of the first line that is not a unit line. A search for each newline and a comparison
// there, which is several times faster than one regular expression over the block.
function unitBlockEnd(text: string, end: number, block: FileBlock): number {
  let at = end;
  block.unitLines++;
  while (at !== -1 && text.startsWith('  unit ', at + 1)) {
    at = text.indexOf('\n', at + 1);
    block.unitLines++;
  }
  return at === -1 ? text.length : at;
}

// How many newlines text[from, to) holds.
function countLines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1))
    count++;
  return count;
}

// The file whose lines are being read, and whether they are so far in the lock's own form.
interface FileBlock {
  path: string;
  source: string;
  targets: Map<string, LockedTarget>;
  /** Where its file line starts, and its unit lines (-1 before the first) start and end. */
  from: number;
  unitsStart: number;
  unitsEnd: number;
  /** How many unit lines it has. */
  unitLines: number;
  inForm: boolean;
  lastLocale: string;
}

// What reading a lock keeps between lines.
interface LockReading {
  text: string;
  lock: Lock;
  current: FileBlock | undefined;
  lineAt: (offset: number) => number;
}

// Ends the block being read at `end` (where the next file line starts, or the end of the text).
function finishFile(reading: LockReading, end: number): void {
  const { current, text } = reading;
  if (!current) return;
  const { unitsStart } = current;
  const unitText = unitsStart >= 0 ? text.slice(unitsStart, current.unitsEnd) : '';
  const origin: Omit<RawLines, 'text'> =
    unitsStart >= 0 ? { of: text, from: unitsStart, count: current.unitLines } : { count: 0 };
  // The lock writes every line with its newline, the last one too.
  if (current.inForm && text.charCodeAt(end - 1) === 10)
    origin.block = { of: text, from: current.from, to: end };
  reading.lock.files.set(
    current.path,
    lazyFile(current.source, current.targets, unitText, () => reading.lineAt(unitsStart), origin),
  );
  reading.current = undefined;
}

// A `  target <locale> <hash> <settings>` line of the file being read.
function readTargetLine(current: FileBlock, line: string, lineNumber: () => number): void {
  if (current.unitsStart >= 0)
    throw new LockError(`transloom.lock line ${lineNumber()}: a target line after unit lines`);
  // Fields found by their spaces, not split into a list: a lock has a target line per file
  // and locale. `  target ` is 9 characters.
  const afterLocale = line.indexOf(' ', 9);
  const afterHash = afterLocale < 0 ? -1 : line.indexOf(' ', afterLocale + 1);
  const afterSettings = afterHash < 0 ? -1 : line.indexOf(' ', afterHash + 1);
  const locale = afterLocale < 0 ? '' : line.slice(9, afterLocale);
  const hash = afterHash < 0 ? '' : line.slice(afterLocale + 1, afterHash);
  const settings =
    afterHash < 0 ? '' : line.slice(afterHash + 1, afterSettings < 0 ? undefined : afterSettings);
  if (!locale || !hash || !settings)
    throw new LockError(
      `transloom.lock line ${lineNumber()}: expected 'target <locale> <hash> <settings>'`,
    );
  // The lock writes one line per locale, sorted, and nothing after the settings.
  if (afterSettings >= 0 || !(locale > current.lastLocale)) current.inForm = false;
  current.lastLocale = locale;
  current.targets.set(locale, { file: hash, settings });
}

// A `file "<path>" <hash>` line, starting at `start`.
function readFileLine(line: string, start: number, lineNumber: () => number): FileBlock {
  const path = quoted(line, 5, lineNumber);
  const source = line.slice(path.end).trim();
  return {
    path: path.value,
    source,
    targets: new Map(),
    from: start,
    unitsStart: -1,
    unitsEnd: -1,
    unitLines: 0,
    // As the lock writes it: the path quoted without escapes, one space, the hash.
    inForm:
      !path.escaped &&
      line.charCodeAt(path.end) === 32 &&
      line.length === path.end + 1 + source.length,
    lastLocale: '',
  };
}

// A `glossary <id> <locale>=<hash>...` line.
function readGlossaryLine(line: string, lineNumber: () => number): LockedGlossary {
  const [, id, ...entries] = line.split(' ');
  if (!id)
    throw new LockError(
      `transloom.lock line ${lineNumber()}: expected 'glossary <id> <locale>=<hash>...'`,
    );
  const dictionaries = new Map<string, string>();
  for (const entry of entries) {
    const [locale, hash] = entry.split('=');
    if (!locale || !hash)
      throw new LockError(`transloom.lock line ${lineNumber()}: cannot read '${entry}'`);
    dictionaries.set(locale, hash);
  }
  return { id, dictionaries };
}

/**
 * Reads a lock. Lines: `glossary <id> <locale>=<hash>...`; `file "<path>" <hash>`, then
 * `  target <locale> <file-hash> <settings-hash>` lines and `  unit "<id>" <source-hash>
 * <locale>=<settings-hash>:<written-hash>[:h<source-hash>]...` lines (`:h` marks text a
 * person wrote, followed by the hash of the source it was written for).
 */
export function parseLock(text: string): Lock {
  const reading: LockReading = {
    text,
    lock: emptyLock(),
    current: undefined,
    lineAt: (offset: number) => countLines(text, 0, offset) + 1,
  };
  let position = 0;
  while (position < text.length) {
    const newline = text.indexOf('\n', position);
    const end = newline === -1 ? text.length : newline;
    const start = position;
    position = end + 1;
    const lineNumber = () => reading.lineAt(start);
    const { current } = reading;
    if (current && text.startsWith('  unit ', start)) {
      // Unit lines are only located here (not even copied); they are parsed when the file is
      // planned; the block ends at the first line that is not a unit line.
      if (current.unitsStart < 0) current.unitsStart = start;
      position = unitBlockEnd(text, end, current) + 1;
      // Blank and comment lines after them are not theirs: the lock does not write them back.
      current.unitsEnd = Math.min(position, text.length);
      continue;
    }
    const cr = text.charCodeAt(end - 1) === 13;
    const line = text.slice(start, cr ? end - 1 : end);
    // Any line the lock would not write where it stands keeps its file's lines from being
    // taken as they are.
    if (current && (cr || !(line.startsWith('  target ') || line.startsWith('file '))))
      current.inForm = false;
    if (line.trim() === '' || line.startsWith('#')) continue;
    if (line.startsWith('  target ') && current) readTargetLine(current, line, lineNumber);
    else if (line.startsWith('file ')) {
      finishFile(reading, start);
      reading.current = readFileLine(line, start, lineNumber);
      if (cr) reading.current.inForm = false;
    } else if (line.startsWith('glossary '))
      reading.lock.glossary = readGlossaryLine(line, lineNumber);
    else
      throw new LockError(
        `transloom.lock line ${lineNumber()}: cannot read '${line.slice(0, 60)}'`,
      );
  }
  finishFile(reading, text.length);
  return reading.lock;
}

/** Writes a lock: sorted, one line per unit, no timestamps, so it merges cleanly in git. */
export function formatLock(lock: Lock): string {
  return joined(lockPieces(lock));
}

// A piece of a lock's text: a string, or a file's unit lines as they were read.
type Piece = string | RawLines;

const textOf = (piece: Piece): string => (typeof piece === 'string' ? piece : piece.text);

function joined(pieces: readonly Piece[]): string {
  return pieces.map(textOf).join('');
}

// Whether `pieces` joined would be `text`, compared piece by piece: a lock of megabytes whose
// files were all up to date is not built again only to find it unchanged. Unit lines read
// from `text` itself, at the place they would take, are not compared: they are that text.
function spells(pieces: readonly Piece[], text: string): boolean {
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

// The text of a lock, in pieces (a file's unread unit lines are one piece, as they were read).
function lockPieces(lock: Lock): Piece[] {
  const out: Piece[] = [HEADER, '\n'];
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
    out.push(`file ${JSON.stringify(path)} ${file.source}\n`);
    for (const locale of [...file.targets.keys()].sort()) {
      const target = file.targets.get(locale)!;
      out.push(`  target ${locale} ${target.file} ${target.settings}\n`);
    }
    const raw = file[RAW];
    if (raw) {
      // Never parsed, so unchanged: copied as it was.
      out.push(raw.text.endsWith('\n') || raw.text === '' ? raw : `${raw.text}\n`);
      continue;
    }
    out.push(unitLines(file.units()));
  }
  return out;
}

// A file's unit lines, sorted.
function unitLines(units: ReadonlyMap<string, LockedUnit>): string {
  let text = '';
  for (const id of [...units.keys()].sort()) {
    const unit = units.get(id)!;
    let line = `  unit ${JSON.stringify(id)} ${unit.source}`;
    for (const locale of [...unit.locales.keys()].sort())
      line += ` ${locale}=${formatLockedTranslation(unit.locales.get(locale)!)}`;
    text += `${line}\n`;
  }
  return text;
}

/** A unit's record in one locale as the lock writes it: `<settings>:<written>[:h<source>]`. */
export function formatLockedTranslation(t: LockedTranslation): string {
  return `${t.settings}:${t.written}${t.human ? `:h${t.reviewedSource ?? ''}` : ''}`;
}

/** Reads what {@link formatLockedTranslation} wrote; undefined when it is not such a record. */
export function parseLockedTranslation(text: string): LockedTranslation | undefined {
  const match = /^([0-9a-f]+):([0-9a-f]+)(?::h([0-9a-f]*))?$/.exec(text);
  if (!match) return undefined;
  const record: LockedTranslation = {
    settings: match[1]!,
    written: match[2]!,
    human: match[3] !== undefined,
  };
  if (match[3]) record.reviewedSource = match[3];
  return record;
}

/**
 * The same record of a file, its units held as their lock lines (read again only if asked
 * for): a run that has made a file's record keeps it until the lock is written, and the
 * lines take a fraction of the memory of the maps they are made from.
 */
export function packedLockedFile(file: LockedFile): LockedFile {
  if ((file as LazyFile)[RAW]) return file;
  return lazyFile(file.source, file.targets, unitLines(file.units()), () => 0);
}

/** Reads the lock file, or an empty lock when there is none. Returns its text too. */
export async function readLock(path: string): Promise<{ lock: Lock; text: string | undefined }> {
  let text: string;
  try {
    // One synchronous read: a promise-based one reads a lock of megabytes in pieces. A lock is
    // hashes and paths, nearly always ASCII, which is copied as it is rather than decoded.
    const bytes = readFileSync(path);
    text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { lock: emptyLock(), text: undefined };
    throw error;
  }
  try {
    return { lock: parseLock(text), text };
  } catch (error) {
    if (error instanceof LockError) error.message = error.message.replace('transloom.lock', path);
    throw error;
  }
}

/**
 * Writes the lock file atomically, unless `previous` shows it is unchanged, or there was no
 * lock and this one records nothing (a run that wrote nothing leaves no lock behind).
 * Returns whether it wrote.
 */
export async function writeLock(path: string, lock: Lock, previous?: string): Promise<boolean> {
  if (previous === undefined && lock.files.size === 0 && lock.glossary === undefined) return false;
  const pieces = lockPieces(lock);
  if (previous !== undefined && spells(pieces, previous)) return false;
  await writeFileAtomic(path, joined(pieces));
  return true;
}
