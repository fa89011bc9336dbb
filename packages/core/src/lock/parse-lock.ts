import {
  emptyLock,
  type Lock,
  LockError,
  type LockedFile,
  type LockedGlossary,
  type LockedTarget,
  type LockedUnit,
  originsIn,
  parseLockedTranslation,
  staleIn,
} from './lock-types.js';

// Lines read from a lock as text, kept until someone asks for the units: a run that finds a
// file unchanged never parses (or re-serializes) its unit lines.
export const RAW = Symbol('raw unit lines');

/** A piece of unit lines, and how to find the line number of its first line for an error. */
interface UnitText {
  text: string;
  firstLine: () => number;
}

/** A file's unread unit lines (in the lock's own form: `unit "<path>" "<id>" ...`). */
export interface RawLines {
  /** The lines, each with its newline. */
  text: string;
  /** The lock text the lines are a slice of, and where (when they are one slice of it). */
  of?: string;
  from?: number;
  /**
   * The file's whole block of lines (its file line and unit lines), when the lock had it in
   * the very form the lock writes: `of[from, to)`. A file a run leaves as it was is then
   * compared with the lock's text at once, not made into lines again.
   */
  block?: { of: string; from: number; to: number };
  /** How many unit lines `text` holds, when they were counted as the lock was read. */
  count?: number;
}

/** A locked file whose units may still be unread lines. */
export type LazyFile = LockedFile & { [RAW]?: RawLines };

/** Whether a file's lines were read as the lock writes them (not changed since, no merge left in them). */
export function inLockForm(file: LockedFile): boolean {
  return (file as LazyFile)[RAW]?.block !== undefined;
}

/** The prefix of a file's unit lines. */
export function unitPrefix(path: string): string {
  return `unit ${JSON.stringify(path)} `;
}

/** The file line of a file, as the lock writes it. */
export function fileLine(path: string, source: string, targets: ReadonlyMap<string, LockedTarget>) {
  let line = `file ${JSON.stringify(path)} ${source || '0'}`;
  for (const locale of [...targets.keys()].sort()) {
    const t = targets.get(locale)!;
    line += ` ${locale}=${t.file}:${t.settings}`;
  }
  return line;
}

// Reads a quoted JSON string at `at`; the end offset after it.
function quoted(
  line: string,
  at: number,
  lineNumber: () => number,
): { value: string; end: number } {
  const match = /^"(?:[^"\\]|\\.)*"/.exec(line.slice(at));
  if (!match) throw new LockError(`transloom.lock line ${lineNumber()}: expected a quoted name`);
  return { value: JSON.parse(match[0]) as string, end: at + match[0].length };
}

// Adds a unit read from a line: a unit met twice keeps the newer line as its record and the
// older as an alternate (both are true of the text each names).
function addUnit(units: Map<string, LockedUnit>, id: string, unit: LockedUnit): void {
  const before = units.get(id);
  if (!before) {
    units.set(id, unit);
    return;
  }
  const { alternates = [], ...rest } = before;
  unit.alternates = [...(unit.alternates ?? []), rest, ...alternates];
  units.set(id, unit);
}

function parseUnitLines(pieces: readonly UnitText[]): Map<string, LockedUnit> {
  const units = new Map<string, LockedUnit>();
  for (const piece of pieces) {
    const lines = piece.text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const n = () => piece.firstLine() + i;
      const line = lines[i]!.replace(/\r$/, '');
      if (line === '' || line.startsWith('#')) continue;
      if (!line.startsWith('unit '))
        throw new LockError(`transloom.lock line ${n()}: cannot read '${line.slice(0, 60)}'`);
      const path = quoted(line, 5, n);
      const id = quoted(line, path.end + 1, n);
      const [source, ...entries] = line.slice(id.end).trim().split(' ');
      if (!source) throw new LockError(`transloom.lock line ${n()}: the unit has no source hash`);
      const unit: LockedUnit = { source, locales: new Map() };
      for (const entry of entries) {
        const equals = entry.indexOf('=');
        const record = equals > 0 ? parseLockedTranslation(entry.slice(equals + 1)) : undefined;
        if (!record) throw new LockError(`transloom.lock line ${n()}: cannot read '${entry}'`);
        unit.locales.set(entry.slice(0, equals), record);
      }
      addUnit(units, id.value, unit);
    }
  }
  return units;
}

function countUnitLines(text: string): number {
  let count = 0;
  for (let at = text.startsWith('unit ') ? 0 : text.indexOf('\nunit '); at !== -1; ) {
    count++;
    at = text.indexOf('\nunit ', at + 1);
  }
  return count;
}

/**
 * A file's units, read from its lines when they were not read yet without keeping them (the
 * file stays as its lines, to be written back as they were).
 */
export function peekUnits(file: LockedFile): ReadonlyMap<string, LockedUnit> {
  const raw = (file as LazyFile)[RAW];
  return raw ? parseUnitLines([{ text: raw.text, firstLine: () => 0 }]) : file.units();
}

/** A locked file over unit lines not read yet. */
export function lazyFile(
  source: string,
  targets: Map<string, LockedTarget>,
  pieces: readonly UnitText[],
  origin?: Omit<RawLines, 'text'>,
): LockedFile {
  let units: Map<string, LockedUnit> | undefined;
  const text = pieces.length === 1 ? pieces[0]!.text : pieces.map((p) => p.text).join('');
  const file: LazyFile = {
    source,
    targets,
    units() {
      if (!units) {
        units = parseUnitLines(pieces);
        delete file[RAW];
      }
      return units;
    },
    unitCount() {
      if (units) return units.size;
      return origin?.count ?? countUnitLines(text);
    },
    // People's text is rare: only a file whose lines mark some (`:h`) is read to find out.
    hasStaleEdits: () =>
      units === undefined && !text.includes(':h') ? false : staleIn(file.units()),
    origins: (locale) =>
      units === undefined && !text.includes(':h') && !text.includes(':u')
        ? { human: 0, unknown: 0 }
        : originsIn(file.units(), locale),
  };
  file[RAW] = { text, ...origin };
  return file;
}

// The file whose lines are being read.
interface FileBlock {
  path: string;
  /** The prefix of its unit lines (see {@link unitPrefix}). */
  prefix: string;
  source: string;
  targets: Map<string, LockedTarget>;
  /** File lines met for it: a second one (a merge that kept both sides') leaves it unknown. */
  fileLines: number;
  /** Its first file line, as read. */
  firstLine: string;
  /** Where its file line starts and its run of unit lines after it starts and ends. */
  from: number;
  unitsStart: number;
  unitsEnd: number;
  unitLines: number;
  /** Unit lines met elsewhere (out of order, a journal, the old form), in the lock's own form. */
  extra: UnitText[];
  inForm: boolean;
  /** The block's run of lines ended (a later line of it is out of order). */
  closed: boolean;
}

// What reading a lock keeps between lines.
interface LockReading {
  text: string;
  lock: Lock;
  blocks: Map<string, FileBlock>;
  current: FileBlock | undefined;
  lineAt: (offset: number) => number;
}

function blockOf(reading: LockReading, path: string, from: number): FileBlock {
  let block = reading.blocks.get(path);
  if (!block) {
    block = {
      path,
      prefix: unitPrefix(path),
      source: '',
      targets: new Map(),
      fileLines: 0,
      firstLine: '',
      from,
      unitsStart: -1,
      unitsEnd: -1,
      unitLines: 0,
      extra: [],
      inForm: true,
      closed: false,
    };
    reading.blocks.set(path, block);
  }
  return block;
}

// A `file "<path>" <hash> [<locale>=<file-hash>:<settings>]...` line, starting at `start`.
function readFileLine(reading: LockReading, line: string, start: number, lineNumber: () => number) {
  const path = quoted(line, 5, lineNumber);
  const [source, ...entries] = line.slice(path.end).trim().split(/ +/);
  const targets = new Map<string, LockedTarget>();
  for (const entry of entries) {
    const equals = entry.indexOf('=');
    const colon = entry.indexOf(':', equals);
    const file = equals > 0 && colon > equals + 1 ? entry.slice(equals + 1, colon) : '';
    const settings = colon > 0 ? entry.slice(colon + 1) : '';
    if (!file || !settings || !/^[0-9a-f]+$/.test(file + settings))
      throw new LockError(
        `transloom.lock line ${lineNumber()}: expected '<locale>=<file-hash>:<settings-hash>', read '${entry}'`,
      );
    targets.set(entry.slice(0, equals), { file, settings });
  }
  if (!source) throw new LockError(`transloom.lock line ${lineNumber()}: the file has no hash`);
  const block = blockOf(reading, path.value, start);
  // The same line twice says nothing new.
  if (block.fileLines === 1 && line === block.firstLine) {
    block.inForm = false;
    return block;
  }
  block.fileLines++;
  block.firstLine ||= line;
  if (block.fileLines > 1 || block.unitsStart >= 0 || block.extra.length > 0) {
    // Two lines for one file (a merge kept both sides'), or its units came first: which
    // bytes the file has is not known, so the file is not taken as up to date.
    block.inForm = false;
    if (block.fileLines > 1) {
      block.source = '';
      block.targets = new Map();
      return block;
    }
  }
  block.source = source;
  block.targets = targets;
  block.from = start;
  if (line !== fileLine(path.value, source, targets)) block.inForm = false;
  return block;
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

// Two glossary lines (a merge kept both sides'): the id of the later, and no dictionary taken
// as pushed, so each is pushed again rather than trusted to be the one the service holds.
function mergedGlossary(before: LockedGlossary | undefined, next: LockedGlossary): LockedGlossary {
  if (!before) return next;
  const same =
    before.id === next.id &&
    before.dictionaries.size === next.dictionaries.size &&
    [...before.dictionaries].every(([l, h]) => next.dictionaries.get(l) === h);
  return same ? next : { id: next.id, dictionaries: new Map() };
}

const MARKER = /^(?:<{7}|={7}|>{7}|\|{7})(?: |$)/;

// Reads unit lines starting at `start` that belong to `block` and follow its run; returns
// where reading goes on.
function readUnitRun(reading: LockReading, block: FileBlock, start: number, end: number): number {
  const { text } = reading;
  if (block.unitsStart < 0) block.unitsStart = start;
  let at = end;
  block.unitLines++;
  while (at !== -1 && text.startsWith(block.prefix, at + 1)) {
    at = text.indexOf('\n', at + 1);
    block.unitLines++;
  }
  const next = at === -1 ? text.length : at + 1;
  block.unitsEnd = next;
  return next;
}

// A unit line met away from its file's run: kept with the file, which is written again.
function readStrayUnit(
  reading: LockReading,
  line: string,
  start: number,
  lineNumber: () => number,
) {
  const path = quoted(line, 5, lineNumber);
  const block = blockOf(reading, path.value, start);
  block.inForm = false;
  block.extra.push({ text: `${line}\n`, firstLine: () => reading.lineAt(start) });
}

/**
 * Reads a lock. Lines: `glossary <id> <locale>=<hash>...`; `file "<path>" <hash>
 * [<locale>=<file-hash>:<settings-hash>]...`; `unit "<path>" "<id>" <source-hash>
 * [<locale>=<settings-hash>:<written-hash>[:h<source-hash>|:u<source-hash>]]...` (`:h` marks
 * text a person wrote, followed by the hash of the source it was written for; `:u` text whose
 * writer no record tells). Every line stands on its own, so the lines of two sides of a merge
 * read together as their union: git's conflict markers are left out, a unit met twice keeps
 * both lines (see {@link LockedUnit.alternates}), and a file met twice is not known up to date.
 * The lock's earlier form (`file` lines followed by indented `target` and `unit` lines) reads too.
 */
export function parseLock(text: string): Lock {
  const reading: LockReading = {
    text,
    lock: emptyLock(),
    blocks: new Map(),
    current: undefined,
    lineAt: (offset: number) => countLines(text, offset) + 1,
  };
  let position = 0;
  while (position < text.length) {
    const newline = text.indexOf('\n', position);
    const end = newline === -1 ? text.length : newline;
    const start = position;
    position = end + 1;
    const lineNumber = () => reading.lineAt(start);
    const { current } = reading;
    if (current && !current.closed && text.startsWith(current.prefix, start)) {
      // A file's unit lines are only located here (not even copied); they are parsed when the
      // file is planned.
      if (current.unitsStart >= 0 && current.unitsEnd !== start) {
        readStrayUnit(reading, text.slice(start, end).replace(/\r$/, ''), start, lineNumber);
        continue;
      }
      position = readUnitRun(reading, current, start, end);
      continue;
    }
    const cr = text.charCodeAt(end - 1) === 13;
    const line = text.slice(start, cr ? end - 1 : end);
    if (current && !line.startsWith('  ')) {
      current.closed = true;
      reading.current = undefined;
    }
    if (line.trim() === '' || line.startsWith('#')) continue;
    if (MARKER.test(line)) {
      reading.lock.conflicted = true;
      continue;
    }
    if (line.startsWith('file ')) {
      const block = readFileLine(reading, line, start, lineNumber);
      // A file line met again (after a merge) does not open a run of its own.
      reading.current = block.fileLines === 1 && block.unitsStart < 0 ? block : undefined;
      if (cr) block.inForm = false;
    } else if (line.startsWith('unit ')) readStrayUnit(reading, line, start, lineNumber);
    else if (line.startsWith('  target ') && current) readOldTargetLine(current, line, lineNumber);
    else if (line.startsWith('  unit ') && current) {
      // The lock's earlier form: the unit line without its path, under its file line.
      current.inForm = false;
      current.extra.push({
        text: `${current.prefix}${line.slice(7)}\n`,
        firstLine: () => reading.lineAt(start),
      });
    } else if (line.startsWith('glossary '))
      reading.lock.glossary = mergedGlossary(
        reading.lock.glossary,
        readGlossaryLine(line, lineNumber),
      );
    else
      throw new LockError(
        `transloom.lock line ${lineNumber()}: cannot read '${line.slice(0, 60)}'`,
      );
  }
  const carriage = text.includes('\r');
  for (const block of reading.blocks.values()) {
    if (carriage) block.inForm = false;
    finishFile(reading, block);
  }
  return reading.lock;
}

// A `  target <locale> <hash> <settings>` line of the lock's earlier form.
function readOldTargetLine(current: FileBlock, line: string, lineNumber: () => number): void {
  const [locale, hash, settings, more] = line.slice(9).split(' ');
  if (!locale || !hash || !settings || more !== undefined)
    throw new LockError(
      `transloom.lock line ${lineNumber()}: expected 'target <locale> <hash> <settings>'`,
    );
  current.inForm = false;
  current.targets.set(locale, { file: hash, settings });
}

// How many newlines text[0, to) holds.
function countLines(text: string, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

// Makes a block read into the lock's record of its file.
function finishFile(reading: LockReading, block: FileBlock): void {
  const { text } = reading;
  const pieces: UnitText[] = [];
  const { unitsStart, unitsEnd } = block;
  if (unitsStart >= 0)
    pieces.push({
      text: text.slice(unitsStart, unitsEnd),
      firstLine: () => reading.lineAt(unitsStart),
    });
  pieces.push(...block.extra);
  const origin: Omit<RawLines, 'text'> = {};
  if (block.extra.length === 0) {
    origin.count = block.unitLines;
    if (unitsStart >= 0) {
      origin.of = text;
      origin.from = unitsStart;
    }
  }
  const to = unitsStart >= 0 ? unitsEnd : text.indexOf('\n', block.from) + 1;
  // The lock writes every line with its newline, the last one too.
  if (
    block.inForm &&
    !reading.lock.conflicted &&
    block.fileLines === 1 &&
    to > 0 &&
    text.charCodeAt(to - 1) === 10
  )
    origin.block = { of: text, from: block.from, to };
  const source = block.fileLines === 1 ? block.source : '';
  reading.lock.files.set(block.path, lazyFile(source, block.targets, pieces, origin));
}
