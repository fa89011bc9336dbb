import { InternalError, TransloomError, type TransloomErrorKind } from '@transloom/client/errors';
import { LRUCache } from 'lru-cache';
import { GlossaryAutomaton } from '../engines/glossary-automaton.js';
import { pseudoLocalizeWith } from '../engines/pseudo-engine.js';
import type { EngineTranslateInput } from '../engines/translation-engine.js';
import { HttpError } from '../http/http-error.js';
import { type Detection, detectLanguage, detectLanguages } from '../language-detection.js';
import type { GlossaryShape } from '../routes/glossary-input.js';
import type { DictionaryInput } from '../store/glossary-store.js';
import {
  type BodyInput,
  mergeDictionary,
  type PreparedGlossary,
  prepareGlossary,
  readChunks,
} from './glossary-work.js';
import { WorkError } from './work-error.js';

/** A task's result with the buffers to move (not copy) to the other thread. */
export class Transfer<T> {
  constructor(
    readonly value: T,
    readonly list: ArrayBuffer[],
  ) {}
}

/** The buffers of `chunks` that can move to another thread whole (each owns its memory). */
export function movable(chunks: readonly Uint8Array[]): ArrayBuffer[] {
  const list = new Set<ArrayBuffer>();
  for (const chunk of chunks) {
    if (chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength)
      list.add(chunk.buffer as ArrayBuffer);
  }
  return [...list];
}

/** A dictionary handed to a worker: its cache key, and its stored chunks when it asks for them. */
export interface DictionaryPayload {
  key: string;
  chunks?: Uint8Array[];
}

/** Translation with a built-in engine. */
export interface TranslateWork {
  engine: 'pseudo' | 'identity';
  input: Omit<EngineTranslateInput, 'glossary'>;
  dictionary: DictionaryPayload | null;
}

/** Thrown in a worker when a translation names a dictionary the worker has not built yet. */
export class DictionaryMissingError extends TransloomError {
  override readonly name = 'DictionaryMissingError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_DICTIONARY_MISSING', message, { ...options, kind: 'service' });
  }
}

// Automata are large; each worker keeps those it built, bounded by their estimated size.
const automata = new LRUCache<string, GlossaryAutomaton>({
  maxSize: 256 * 1024 * 1024,
  sizeCalculation: (automaton) => Math.max(1, automaton.bytes),
});

/** The CPU-heavy work of the service, run in worker threads (or inline). */
export const workTasks = {
  translate(work: TranslateWork): string[] {
    const { input } = work;
    if (work.engine === 'identity') return [...input.texts];
    let automaton: GlossaryAutomaton | null = null;
    if (work.dictionary) {
      const { key, chunks } = work.dictionary;
      automaton = automata.get(key) ?? null;
      if (!automaton) {
        if (chunks === undefined) throw new DictionaryMissingError(key);
        automaton = new GlossaryAutomaton(readChunks(chunks));
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

  /** Parses and checks a glossary request body; the dictionaries come back as movable chunks. */
  prepareGlossary(work: { body: BodyInput; shape: GlossaryShape }): Transfer<PreparedGlossary> {
    const prepared = prepareGlossary(work.body, work.shape);
    return new Transfer(prepared, movable(prepared.dictionaries.flatMap((d) => d.chunks)));
  },

  /** Merges a checked dictionary into the stored entries of its pair. */
  mergeDictionary(work: { base: Uint8Array[]; added: DictionaryInput }): Transfer<DictionaryInput> {
    const merged = mergeDictionary(work.base, work.added);
    return new Transfer(merged, movable(merged.chunks));
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
  /** A TransloomError's code and kind. */
  code?: string;
  kind?: TransloomErrorKind;
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
  if (error instanceof TransloomError)
    return { name: error.name, message: error.message, code: error.code, kind: error.kind };
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
  if (data.code !== undefined)
    return new WorkError(data.name, data.code, data.kind ?? 'internal', data.message);
  // Work threads throw coded errors for everything a request can cause: anything else is a defect.
  return new InternalError(`${data.name} in a work thread: ${data.message}`);
}
