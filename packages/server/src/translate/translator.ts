import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { GlossaryEntry } from '@transloom/client/wire';
import { LRUCache } from 'lru-cache';
import { EngineOutputError } from '../engines/engine-output-error.js';
import { identityEngine } from '../engines/identity-engine.js';
import { pseudoEngine } from '../engines/pseudo-engine.js';
import type {
  EngineRephraseInput,
  EngineTranslateInput,
  TranslationEngine,
} from '../engines/translation-engine.js';
import type { Detection } from '../language-detection.js';
import type { GlossaryRecord, GlossaryStore } from '../store/glossary-store.js';
import { readChunks } from '../worker/glossary-work.js';
import type { WorkPool } from '../worker/work-pool.js';
import { DictionaryMissingError, movable, workTasks } from '../worker/work-tasks.js';

/** A glossary dictionary a translation uses, named down to the version of its content. */
export interface DictionaryRef {
  glossaryId: string;
  sourceLang: string;
  targetLang: string;
  version: string;
}

/** What to translate: an engine's input, with the dictionary named rather than loaded. */
export interface TranslationJob extends Omit<EngineTranslateInput, 'glossary'> {
  dictionary: DictionaryRef | null;
}

/** The dictionary of `record` for a pair (lower-case codes); undefined when it has none. */
export function dictionaryRef(
  record: GlossaryRecord,
  sourceLang: string,
  targetLang: string,
): DictionaryRef | undefined {
  const dictionary = record.dictionaries.find(
    (d) => d.sourceLang === sourceLang && d.targetLang === targetLang,
  );
  if (!dictionary) return undefined;
  return { glossaryId: record.glossaryId, sourceLang, targetLang, version: dictionary.version };
}

/**
 * Texts up to this many UTF-16 code units in all (about bytes, for Latin text) are
 * pseudo-localized on the event loop: measured at 0.25-0.75 ms of CPU per KiB on this service's
 * two-core machines under load, 8 KiB holds the loop about 6 ms at worst, less than handing the
 * texts to a worker and back costs a small request. Larger ones go to a worker, so that no
 * request holds the loop for long.
 */
export const INLINE_ENGINE_CHARS = 8 * 1024;

function textChars(texts: readonly string[]): number {
  let chars = 0;
  for (const text of texts) chars += text.length;
  return chars;
}

function dictionaryKey(ref: DictionaryRef): string {
  return `${ref.glossaryId}/${ref.sourceLang}-${ref.targetLang}/${ref.version}`;
}

/**
 * Runs translations and language detection. The built-in engines run in worker threads,
 * where each dictionary's automaton is built once per version and kept; an engine module
 * runs on the main thread with the dictionary's entries (parsed once per version).
 */
export class Translator {
  private readonly builtIn: 'pseudo' | 'identity' | null;
  private readonly entries = new LRUCache<string, GlossaryEntry[]>({ max: 16 });

  constructor(
    readonly engine: TranslationEngine,
    private readonly pool: WorkPool,
    private readonly glossaries: GlossaryStore,
  ) {
    this.builtIn =
      engine === pseudoEngine ? 'pseudo' : engine === identityEngine ? 'identity' : null;
  }

  /**
   * The job's translations when a built-in engine does it on this thread (the identity engine;
   * the pseudo engine on small texts without a dictionary): at once, without a promise. Null
   * when it needs {@link translate}.
   */
  translateInline(job: TranslationJob): string[] | null {
    if (this.builtIn === null || job.dictionary !== null) return null;
    if (this.builtIn === 'pseudo' && textChars(job.texts) > INLINE_ENGINE_CHARS) return null;
    return workTasks.translate({ engine: this.builtIn, input: job, dictionary: null });
  }

  /** Translates a job's texts, in order. */
  async translate(job: TranslationJob): Promise<string[]> {
    const inline = this.translateInline(job);
    if (inline) return inline;
    const { dictionary, ...input } = job;
    const out = this.builtIn
      ? await this.translateInWorker(this.builtIn, input, dictionary)
      : await this.engine.translate({
          ...input,
          glossary: dictionary && (await this.load(dictionary)),
          glossaryRef: dictionary,
        });
    if (!Array.isArray(out) || out.length !== input.texts.length) {
      throw new EngineOutputError(
        `Engine '${this.engine.name}' returned ${out?.length} texts for ${input.texts.length}`,
      );
    }
    return out;
  }

  private async translateInWorker(
    engine: 'pseudo' | 'identity',
    input: Omit<EngineTranslateInput, 'glossary'>,
    dictionary: DictionaryRef | null,
  ): Promise<string[]> {
    // The identity engine copies references, whatever the size: handing its texts to a worker
    // would cost more on this thread (they are cloned) than the work itself. Small texts
    // without a dictionary are pseudo-localized here (see INLINE_ENGINE_CHARS); a dictionary's
    // automaton lives in the worker that built it.
    if (engine === 'identity' || (!dictionary && textChars(input.texts) <= INLINE_ENGINE_CHARS))
      return workTasks.translate({ engine, input, dictionary: null });
    if (!dictionary) return this.pool.run('translate', { engine, input, dictionary: null });
    const key = dictionaryKey(dictionary);
    try {
      return await this.pool.run(
        'translate',
        { engine, input, dictionary: { key } },
        { affinity: key },
      );
    } catch (error) {
      if (!(error instanceof DictionaryMissingError)) throw error;
    }
    // The worker has not built this dictionary yet: hand it the stored chunks once.
    const stored = await this.chunks(dictionary);
    const current = dictionaryKey({ ...dictionary, version: stored.version });
    return this.pool.run(
      'translate',
      { engine, input, dictionary: { key: current, chunks: stored.chunks } },
      { affinity: current, transfer: movable(stored.chunks) },
    );
  }

  // Read a chunk at a time, the event loop free in between; a deleted dictionary reads empty.
  private async chunks(ref: DictionaryRef): Promise<{ chunks: Buffer[]; version: string }> {
    const stored = await this.glossaries.dictionaryText(
      ref.glossaryId,
      ref.sourceLang,
      ref.targetLang,
    );
    if (!stored) return { chunks: [], version: 'deleted' };
    return {
      chunks: await this.glossaries.chunks.readAll(stored.chunkSet),
      version: stored.version,
    };
  }

  private async load(ref: DictionaryRef): Promise<GlossaryEntry[]> {
    const key = dictionaryKey(ref);
    let entries = this.entries.get(key);
    if (!entries) {
      // An engine module runs on this thread and takes the entries whole; they are parsed a
      // chunk at a time so that other requests go on in between.
      entries = [];
      for (const chunk of (await this.chunks(ref)).chunks) {
        for (const entry of readChunks([chunk])) entries.push(entry);
        await yieldToEventLoop();
      }
      this.entries.set(key, entries);
    }
    return entries;
  }

  /** The engine as workflows see it: built-in engines run in workers, others as they are. */
  asEngine(): TranslationEngine {
    return {
      name: this.engine.name,
      translate: (input) => {
        const { glossary, ...rest } = input;
        return glossary
          ? this.engine.translate(input)
          : this.translate({ ...rest, dictionary: null });
      },
      rephrase: (input) => this.rephrase(input),
    };
  }

  /** Text improvement with the engine (texts unchanged without one). */
  async rephrase(input: EngineRephraseInput): Promise<string[]> {
    return this.engine.rephrase ? await this.engine.rephrase(input) : [...input.texts];
  }

  /** The language of each text (see `detectLanguages`), detected in a worker. */
  detectLanguages(texts: readonly string[]): Promise<string[]> {
    return this.pool.run('detect', { texts: [...texts] });
  }

  /** The language of one text (see `detectLanguage`), detected in a worker. */
  detectLanguage(text: string): Promise<Detection> {
    return this.pool.run('detectOne', { text });
  }
}
