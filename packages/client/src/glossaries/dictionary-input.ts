import { GlossaryEntriesError } from '../errors.js';
import {
  formatGlossaryEntries,
  formatGlossaryIssue,
  type GlossaryEntriesFormat,
  type GlossaryEntry,
  type GlossaryEntryIssue,
  type LocatedGlossaryEntry,
  parseGlossaryEntries,
  validateGlossaryEntries,
} from '../wire/glossary-entries.js';
import type { DictionaryRequestWire } from '../wire/types.js';

/**
 * Glossary entries in any of the accepted shapes: a record (`{ source: target }`), pairs
 * (`[[source, target]]` or `[{ source, target }]`), or TSV/CSV text (the format is given, or
 * guessed: text with a tab is TSV).
 */
export type GlossaryEntriesInput =
  | Readonly<Record<string, string>>
  | ReadonlyArray<readonly [string, string]>
  | ReadonlyArray<GlossaryEntry>
  | string;

/** One dictionary of a glossary: a language pair and its entries. */
export interface DictionaryInput {
  sourceLang: string;
  targetLang: string;
  entries: GlossaryEntriesInput;
  /** Format of `entries` when it is text (default: guessed). */
  entriesFormat?: GlossaryEntriesFormat;
}

function located(input: Exclude<GlossaryEntriesInput, string>): LocatedGlossaryEntry[] {
  if (Array.isArray(input)) {
    return input.map((item, i) =>
      Array.isArray(item)
        ? { source: item[0], target: item[1], line: i + 1 }
        : {
            source: (item as GlossaryEntry).source,
            target: (item as GlossaryEntry).target,
            line: i + 1,
          },
    );
  }
  return Object.entries(input).map(([source, target], i) => ({ source, target, line: i + 1 }));
}

function fail(label: string, issues: readonly GlossaryEntryIssue[]): never {
  const shown = issues.slice(0, 5).map(formatGlossaryIssue).join('; ');
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  throw new GlossaryEntriesError(`${label}: ${shown}${more}`, issues);
}

/**
 * Validates a dictionary against every entry rule of the contract (parts 2.2 and 8) and turns
 * it into its wire form. Text keeps its own format; records and pairs are sent as TSV.
 */
export function dictionaryToWire(dictionary: DictionaryInput): DictionaryRequestWire {
  const sourceLang = dictionary.sourceLang.toLowerCase();
  const targetLang = dictionary.targetLang.toLowerCase();
  const label = `Dictionary ${sourceLang} -> ${targetLang}`;
  if (typeof dictionary.entries === 'string') {
    const text = dictionary.entries;
    const format = dictionary.entriesFormat ?? (text.includes('\t') ? 'tsv' : 'csv');
    const parsed = parseGlossaryEntries(text, { format, sourceLang, targetLang });
    if (parsed.issues.length > 0) fail(label, parsed.issues);
    const issues = validateGlossaryEntries(parsed.entries);
    if (issues.length > 0) fail(label, issues);
    if (parsed.entries.length === 0)
      fail(label, [
        {
          line: 0,
          rule: 'no-entries',
          message: 'the dictionary holds no entries for this language pair',
        },
      ]);
    return {
      source_lang: sourceLang,
      target_lang: targetLang,
      entries: text,
      entries_format: format,
    };
  }
  const entries = located(dictionary.entries);
  const issues = validateGlossaryEntries(entries);
  if (issues.length > 0) fail(label, issues);
  if (entries.length === 0)
    fail(label, [{ line: 0, rule: 'no-entries', message: 'the dictionary holds no entries' }]);
  return {
    source_lang: sourceLang,
    target_lang: targetLang,
    entries: formatGlossaryEntries(entries, 'tsv'),
    entries_format: 'tsv',
  };
}
