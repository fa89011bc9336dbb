import {
  formatGlossaryIssue,
  type GlossaryEntry,
  type GlossaryEntryIssue,
  MAX_DICTIONARY_BYTES,
  parseGlossaryEntries,
  utf8Length,
  validateGlossaryEntries,
} from '@transloom/client/wire';
import { decodeUtf8, parseBodyText } from '../http/body-parsers.js';
import { FormBody } from '../http/form-body.js';
import { badRequest } from '../http/http-error.js';
import { Params } from '../http/params.js';
import {
  type DictionaryRequest,
  type GlossaryShape,
  readGlossaryRequest,
} from '../routes/glossary-input.js';
import { chunkLines } from '../store/chunk-text.js';
import type { DictionaryInput } from '../store/glossary-store.js';
import { chunksVersion } from '../store/hashing.js';

/** A request body as it reaches a worker: raw bytes, or what the main thread already parsed. */
export type BodyInput =
  | { raw: Uint8Array[]; type: 'json' | 'form' }
  | { json: unknown }
  | { form: Array<[string, string]> };

/** A checked glossary request: its name and its dictionaries, ready to store. */
export interface PreparedGlossary {
  name?: string;
  dictionaries: DictionaryInput[];
}

const decoder = new TextDecoder();

function bodyValue(body: BodyInput): unknown {
  if ('json' in body) return body.json;
  if ('form' in body) return FormBody.from(body.form);
  const bytes = body.raw.length === 1 ? body.raw[0]! : Buffer.concat(body.raw);
  return parseBodyText(body.type, decodeUtf8(bytes));
}

function rejectIssues(label: string, issues: readonly GlossaryEntryIssue[]): void {
  if (issues.length === 0) return;
  const first = issues[0]!;
  throw badRequest(`${label}: ${formatGlossaryIssue(first)}`, {
    rule: first.rule,
    detail: issues.slice(0, 50).map(formatGlossaryIssue).join('\n'),
  });
}

/** The entries of stored chunks (TSV, whole lines each), in order. */
export function readChunks(chunks: readonly Uint8Array[]): GlossaryEntry[] {
  const entries: GlossaryEntry[] = [];
  for (const chunk of chunks) {
    for (const e of parseGlossaryEntries(decoder.decode(chunk), { format: 'tsv' }).entries)
      entries.push({ source: e.source, target: e.target });
  }
  return entries;
}

/** Entries as stored: TSV chunks of whole lines, the count, and a version of the content. */
export function storedForm(
  pair: { sourceLang: string; targetLang: string },
  entries: readonly GlossaryEntry[],
): DictionaryInput {
  const chunks = chunkLines(entries.map((e) => `${e.source}\t${e.target}`));
  return { ...pair, chunks, entryCount: entries.length, version: chunksVersion(chunks) };
}

function prepare(request: DictionaryRequest): DictionaryInput {
  const label = `Dictionary ${request.source} -> ${request.target}`;
  const parsed = parseGlossaryEntries(request.text, {
    format: request.format,
    sourceLang: request.source,
    targetLang: request.target,
  });
  rejectIssues(label, parsed.issues);
  if (parsed.entries.length === 0) {
    throw badRequest(`${label}: the dictionary holds no entries for this language pair`, {
      rule: 'no-entries',
    });
  }
  rejectIssues(label, validateGlossaryEntries(parsed.entries));
  return storedForm(
    { sourceLang: request.source, targetLang: request.target },
    parsed.entries.map((e) => ({ source: e.source, target: e.target })),
  );
}

/** Parses, checks and prepares a glossary request body for storage, all in the worker. */
export function prepareGlossary(body: BodyInput, shape: GlossaryShape): PreparedGlossary {
  const request = readGlossaryRequest(new Params(bodyValue(body)), shape);
  return {
    ...(request.name !== undefined ? { name: request.name } : {}),
    dictionaries: request.dictionaries.map(prepare),
  };
}

/** Merges `added` into `base` (an added entry replaces the target of its source, in place). */
export function mergeDictionary(
  base: readonly Uint8Array[],
  added: DictionaryInput,
): DictionaryInput {
  const merged = new Map(readChunks(base).map((e) => [e.source, e.target]));
  for (const e of readChunks(added.chunks)) merged.set(e.source, e.target);
  let bytes = 0;
  for (const [source, target] of merged) bytes += utf8Length(source) + utf8Length(target) + 2;
  if (bytes > MAX_DICTIONARY_BYTES) {
    throw badRequest(
      `The merged dictionary would hold ${bytes} bytes; at most ${MAX_DICTIONARY_BYTES} are allowed`,
      { rule: 'dictionary-too-large' },
    );
  }
  return storedForm(
    { sourceLang: added.sourceLang, targetLang: added.targetLang },
    [...merged].map(([source, target]) => ({ source, target })),
  );
}
