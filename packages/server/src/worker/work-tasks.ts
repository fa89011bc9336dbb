import {
  formatGlossaryEntries,
  formatGlossaryIssue,
  type GlossaryEntry,
  type GlossaryEntryIssue,
  MAX_DICTIONARY_BYTES,
  parseGlossaryEntries,
  utf8Length,
  validateGlossaryEntries,
} from '@transloom/client/wire';
import { LRUCache } from 'lru-cache';
import { GlossaryAutomaton } from '../engines/glossary-automaton.js';
import { pseudoLocalizeWith } from '../engines/pseudo-engine.js';
import type { EngineTranslateInput } from '../engines/translation-engine.js';
import { decodeUtf8, parseFormBody } from '../http/body-parsers.js';
import { badRequest, HttpError } from '../http/http-error.js';
import { type Detection, detectLanguage, detectLanguages } from '../language-detection.js';
import { dictionaryVersion } from '../store/hashing.js';

/** A dictionary handed to a worker: its cache key, and its TSV when the worker asks for it. */
export interface DictionaryPayload {
  key: string;
  tsv?: string;
}

/** Translation with a built-in engine. */
export interface TranslateWork {
  engine: 'pseudo' | 'identity';
  input: Omit<EngineTranslateInput, 'glossary'>;
  dictionary: DictionaryPayload | null;
}

/** A dictionary to check and normalize: new entries, optionally merged into `base` (TSV). */
export interface PrepareDictionaryWork {
  text: string;
  format: 'tsv' | 'csv';
  sourceLang: string;
  targetLang: string;
  /** Names the dictionary in messages, e.g. `Dictionary en -> de`. */
  label: string;
  base?: string;
}

/** A checked dictionary as stored: TSV, entry count, and a version that changes with the content. */
export interface PreparedDictionary {
  tsv: string;
  entryCount: number;
  version: string;
}

/** A request body to decode and parse. */
export interface ParseBodyWork {
  bytes: Uint8Array;
  type: 'json' | 'form';
}

/** A parsed body: a JSON value, or a form's fields in order. */
export type ParsedBody = { json: unknown } | { form: Array<[string, string]> };

/** Thrown in a worker when a translation names a dictionary the worker has not built yet. */
export class DictionaryMissingError extends Error {
  override readonly name = 'DictionaryMissingError';
  readonly code = 'TRANSLOOM_DICTIONARY_MISSING';
}

// Automata are large; each worker keeps those it built, bounded by their estimated size.
const automata = new LRUCache<string, GlossaryAutomaton>({
  maxSize: 256 * 1024 * 1024,
  sizeCalculation: (automaton) => Math.max(1, automaton.bytes),
});

function rejectIssues(label: string, issues: readonly GlossaryEntryIssue[]): void {
  if (issues.length === 0) return;
  const first = issues[0]!;
  throw badRequest(`${label}: ${formatGlossaryIssue(first)}`, {
    rule: first.rule,
    detail: issues.slice(0, 50).map(formatGlossaryIssue).join('\n'),
  });
}

function readTsv(tsv: string): GlossaryEntry[] {
  return parseGlossaryEntries(tsv, { format: 'tsv' }).entries.map((e) => ({
    source: e.source,
    target: e.target,
  }));
}

/** The CPU-heavy work of the service, run in worker threads (or inline). */
export const workTasks = {
  translate(work: TranslateWork): string[] {
    const { input } = work;
    if (work.engine === 'identity') return [...input.texts];
    let automaton: GlossaryAutomaton | null = null;
    if (work.dictionary) {
      const { key, tsv } = work.dictionary;
      automaton = automata.get(key) ?? null;
      if (!automaton) {
        if (tsv === undefined) throw new DictionaryMissingError(key);
        automaton = new GlossaryAutomaton(readTsv(tsv));
        automata.set(key, automaton);
      }
    }
    return input.texts.map((text) => pseudoLocalizeWith(text, input, automaton));
  },

  detect(work: { texts: string[] }): Promise<string[]> {
    return detectLanguages(work.texts);
  },

  detectOne(work: { text: string }): Promise<Detection> {
    return detectLanguage(work.text);
  },

  prepareDictionary(work: PrepareDictionaryWork): PreparedDictionary {
    const parsed = parseGlossaryEntries(work.text, {
      format: work.format,
      sourceLang: work.sourceLang,
      targetLang: work.targetLang,
    });
    rejectIssues(work.label, parsed.issues);
    if (parsed.entries.length === 0) {
      throw badRequest(`${work.label}: the dictionary holds no entries for this language pair`, {
        rule: 'no-entries',
      });
    }
    rejectIssues(work.label, validateGlossaryEntries(parsed.entries));
    let entries: GlossaryEntry[] = parsed.entries.map((e) => ({
      source: e.source,
      target: e.target,
    }));
    if (work.base !== undefined) {
      // Merged entries replace the target of an existing source and keep its place.
      const merged = new Map(readTsv(work.base).map((e) => [e.source, e.target]));
      for (const e of entries) merged.set(e.source, e.target);
      entries = [...merged].map(([source, target]) => ({ source, target }));
      let bytes = 0;
      for (const e of entries) bytes += utf8Length(e.source) + utf8Length(e.target) + 2;
      if (bytes > MAX_DICTIONARY_BYTES) {
        throw badRequest(
          `The merged dictionary would hold ${bytes} bytes; at most ${MAX_DICTIONARY_BYTES} are allowed`,
          { rule: 'dictionary-too-large' },
        );
      }
    }
    const tsv = formatGlossaryEntries(entries, 'tsv');
    return {
      tsv,
      entryCount: entries.length,
      version: dictionaryVersion(tsv),
    };
  },

  parseBody(work: ParseBodyWork): ParsedBody {
    const text = decodeUtf8(work.bytes);
    if (work.type === 'form') return { form: parseFormBody(text).pairs() };
    if (text.trim() === '') return { json: undefined };
    try {
      return { json: JSON.parse(text) };
    } catch (error) {
      throw badRequest(`The request body is not valid JSON: ${(error as Error).message}`);
    }
  },
};

/** Names of the tasks a worker runs. */
export type WorkTaskName = keyof typeof workTasks;

/** An error as it crosses the thread boundary. */
export interface SerializedError {
  name: string;
  message: string;
  status?: number;
  rule?: string;
  detail?: string;
  missing?: boolean;
}

/** Turns an error into plain data for postMessage. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof HttpError) {
    const out: SerializedError = { name: error.name, message: error.message, status: error.status };
    if (error.rule !== undefined) out.rule = error.rule;
    if (error.detail !== undefined) out.detail = error.detail;
    return out;
  }
  if (error instanceof DictionaryMissingError)
    return { name: error.name, message: error.message, missing: true };
  return error instanceof Error
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) };
}

/** Rebuilds an error from {@link serializeError}'s data. */
export function deserializeError(data: SerializedError): Error {
  if (data.status !== undefined) {
    return new HttpError(data.status, data.message, {
      ...(data.rule !== undefined ? { rule: data.rule } : {}),
      ...(data.detail !== undefined ? { detail: data.detail } : {}),
    });
  }
  if (data.missing) return new DictionaryMissingError(data.message);
  const error = new Error(data.message);
  error.name = data.name;
  return error;
}
