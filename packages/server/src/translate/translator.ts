import { type GlossaryEntry, parseGlossaryEntries } from '@transloom/client/wire';
import { LRUCache } from 'lru-cache';
import { identityEngine } from '../engines/identity-engine.js';
import { pseudoEngine } from '../engines/pseudo-engine.js';
import type {
  EngineRephraseInput,
  EngineTranslateInput,
  TranslationEngine,
} from '../engines/translation-engine.js';
import type { Detection } from '../language-detection.js';
import type { GlossaryStore } from '../store/glossary-store.js';
import type { WorkPool } from '../worker/work-pool.js';
import { DictionaryMissingError } from '../worker/work-tasks.js';

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

  /** Translates a job's texts, in order. */
  async translate(job: TranslationJob): Promise<string[]> {
    const { dictionary, ...input } = job;
    const out = this.builtIn
      ? await this.translateInWorker(this.builtIn, input, dictionary)
      : await this.engine.translate({ ...input, glossary: dictionary && this.load(dictionary) });
    if (!Array.isArray(out) || out.length !== input.texts.length) {
      throw new Error(
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
    if (!dictionary || engine === 'identity')
      return this.pool.run('translate', { engine, input, dictionary: null });
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
    // The worker has not built this dictionary yet: hand it the text once.
    const stored = this.text(dictionary);
    const current = dictionaryKey({ ...dictionary, version: stored.version });
    return this.pool.run(
      'translate',
      { engine, input, dictionary: { key: current, tsv: stored.tsv } },
      { affinity: current },
    );
  }

  private text(ref: DictionaryRef): { tsv: string; version: string } {
    const stored = this.glossaries.dictionaryText(ref.glossaryId, ref.sourceLang, ref.targetLang);
    return stored ?? { tsv: '', version: 'deleted' };
  }

  private load(ref: DictionaryRef): GlossaryEntry[] {
    const key = dictionaryKey(ref);
    let entries = this.entries.get(key);
    if (!entries) {
      entries = parseGlossaryEntries(this.text(ref).tsv, { format: 'tsv' }).entries.map((e) => ({
        source: e.source,
        target: e.target,
      }));
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
