import { readGlossaryRows } from './glossary-rows.js';
import { MAX_DICTIONARY_BYTES, MAX_GLOSSARY_PHRASE_BYTES } from './limits.js';

/** A glossary entry: one source phrase and its target phrase. */
export interface GlossaryEntry {
  source: string;
  target: string;
}

/** An entry with the 1-based line (or position) it came from, for diagnostics. */
export interface LocatedGlossaryEntry extends GlossaryEntry {
  line: number;
}

/** Identifiers of the entry rules of contract parts 2.2 and 8. */
export type GlossaryEntryRule =
  | 'malformed-line'
  | 'duplicate-source'
  | 'empty-source'
  | 'empty-target'
  | 'control-character'
  | 'unicode-newline'
  | 'surrounding-whitespace'
  | 'phrase-too-long'
  | 'dictionary-too-large'
  | 'no-entries';

/** One violated rule, located at an entry line. */
export interface GlossaryEntryIssue {
  line: number;
  rule: GlossaryEntryRule;
  message: string;
}

/** Text format of glossary entries. */
export type GlossaryEntriesFormat = 'tsv' | 'csv';

/** Options of {@link parseGlossaryEntries}. */
export interface ParseGlossaryEntriesOptions {
  format: GlossaryEntriesFormat;
  /** The dictionary's pair; rows whose language columns name another pair are ignored. */
  sourceLang?: string;
  targetLang?: string;
}

/** Result of {@link parseGlossaryEntries}. */
export interface ParsedGlossaryEntries {
  entries: LocatedGlossaryEntry[];
  /** Syntax problems (rows that are not 2 or 4 fields, unterminated quotes). */
  issues: GlossaryEntryIssue[];
  /** Rows skipped because their language columns named another language pair. */
  ignored: number;
}

/** Characters as the service counts and bills them: code points (a surrogate pair is one). */
export function countCharacters(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) i++;
    count++;
  }
  return count;
}

/** Bytes of `text` in UTF-8, counted without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one four-byte character.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
const CONTROL = /\p{Cc}/u;
const UNICODE_NEWLINE = /[\u2028\u2029]/u;
const SURROUNDING_SPACE = /^\p{White_Space}|\p{White_Space}$/u;

/** Parses TSV or CSV glossary entries; language columns (3rd and 4th field) are optional. */
export function parseGlossaryEntries(
  text: string,
  options: ParseGlossaryEntriesOptions,
): ParsedGlossaryEntries {
  const rows = readGlossaryRows(text, options.format);
  const entries: LocatedGlossaryEntry[] = [];
  const issues: GlossaryEntryIssue[] = [];
  let ignored = 0;
  for (const row of rows) {
    if (row.error) {
      issues.push({ line: row.line, rule: 'malformed-line', message: row.error.message });
      continue;
    }
    const { line } = row;
    const fields = row.cells.map((cell) => cell.text);
    if (fields.length === 1 && fields[0] === '') continue;
    if (fields.length !== 2 && fields.length !== 4) {
      issues.push({
        line,
        rule: 'malformed-line',
        message: `expected 2 fields (source, target) or 4 (with language codes), found ${fields.length}`,
      });
      continue;
    }
    if (fields.length === 4 && !pairMatches(fields[2]!, fields[3]!, options)) {
      ignored++;
      continue;
    }
    entries.push({ source: fields[0]!, target: fields[1]!, line });
  }
  return { entries, issues, ignored };
}

function pairMatches(
  source: string,
  target: string,
  options: ParseGlossaryEntriesOptions,
): boolean {
  if (options.sourceLang === undefined || options.targetLang === undefined) return true;
  return (
    source.trim().toLowerCase() === options.sourceLang.toLowerCase() &&
    target.trim().toLowerCase() === options.targetLang.toLowerCase()
  );
}

/** Checks entries against every entry rule of the contract (parts 2.2 and 8). */
export function validateGlossaryEntries(
  entries: readonly LocatedGlossaryEntry[],
): GlossaryEntryIssue[] {
  const issues: GlossaryEntryIssue[] = [];
  const firstLine = new Map<string, number>();
  let bytes = 0;
  for (const entry of entries) {
    const { line } = entry;
    const label = `entry ${JSON.stringify(truncate(entry.source))}`;
    checkPhrase(entry.source, 'source', line, label, issues);
    checkPhrase(entry.target, 'target', line, label, issues);
    const earlier = firstLine.get(entry.source);
    if (earlier !== undefined) {
      issues.push({
        line,
        rule: 'duplicate-source',
        message: `${label}: duplicate source phrase, first given on line ${earlier}`,
      });
    } else {
      firstLine.set(entry.source, line);
    }
    bytes += utf8Length(entry.source) + utf8Length(entry.target) + 2;
  }
  if (bytes > MAX_DICTIONARY_BYTES) {
    issues.push({
      line: entries.at(-1)?.line ?? 0,
      rule: 'dictionary-too-large',
      message: `the dictionary holds ${bytes} bytes of entries; at most ${MAX_DICTIONARY_BYTES} are allowed`,
    });
  }
  return issues;
}

function checkPhrase(
  phrase: string,
  side: 'source' | 'target',
  line: number,
  label: string,
  issues: GlossaryEntryIssue[],
): void {
  if (phrase === '') {
    issues.push({
      line,
      rule: side === 'source' ? 'empty-source' : 'empty-target',
      message: `${label}: the ${side} phrase is empty`,
    });
    return;
  }
  if (UNICODE_NEWLINE.test(phrase)) {
    issues.push({
      line,
      rule: 'unicode-newline',
      message: `${label}: the ${side} phrase contains a Unicode line or paragraph separator`,
    });
  } else if (CONTROL.test(phrase)) {
    issues.push({
      line,
      rule: 'control-character',
      message: `${label}: the ${side} phrase contains a control character (tabs and newlines included)`,
    });
  }
  if (SURROUNDING_SPACE.test(phrase)) {
    issues.push({
      line,
      rule: 'surrounding-whitespace',
      message: `${label}: the ${side} phrase starts or ends with whitespace`,
    });
  }
  const size = utf8Length(phrase);
  if (size > MAX_GLOSSARY_PHRASE_BYTES) {
    issues.push({
      line,
      rule: 'phrase-too-long',
      message: `${label}: the ${side} phrase is ${size} UTF-8 bytes; at most ${MAX_GLOSSARY_PHRASE_BYTES} are allowed`,
    });
  }
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Writes entries as TSV (one `source<TAB>target` line each) or CSV (quoting rules of part 2.2). */
export function formatGlossaryEntries(
  entries: readonly GlossaryEntry[],
  format: GlossaryEntriesFormat = 'tsv',
): string {
  if (format === 'tsv') return entries.map((e) => `${e.source}\t${e.target}`).join('\n');
  return entries.map((e) => `${csvField(e.source)},${csvField(e.target)}`).join('\n');
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One line describing an issue, naming the line and the rule: `line 3: ... [duplicate-source]`. */
export function formatGlossaryIssue(issue: GlossaryEntryIssue): string {
  return `line ${issue.line}: ${issue.message} [${issue.rule}]`;
}
