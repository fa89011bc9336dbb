import { afterAll, describe, expect, it, vi } from 'vitest';
import { identityEngine } from '../engines/identity-engine.js';
import { pseudoEngine, pseudoLocalizeWith } from '../engines/pseudo-engine.js';
import { openServiceStore } from '../store/open-service-store.js';
import { WorkPool } from '../worker/work-pool.js';
import { INLINE_ENGINE_CHARS, type TranslationJob, Translator } from './translator.js';

const store = await openServiceStore(':memory:');
const pool = new WorkPool({ size: 1 });
afterAll(async () => {
  await pool.close();
  await store.close();
});

function job(texts: string[]): TranslationJob {
  return {
    texts,
    sourceLang: 'EN',
    targetLang: 'DE',
    formality: 'default',
    tagHandling: 'xml',
    ignoreTags: [],
    splittingTags: [],
    nonSplittingTags: [],
    outlineDetection: true,
    splitSentences: 'nonewlines',
    preserveFormatting: false,
    context: null,
    style: null,
    customInstructions: [],
    modelType: 'latency_optimized',
    dictionary: null,
  };
}

// Texts of `chars` UTF-16 code units in all, with markup, split over 50 entries.
function texts(chars: number): string[] {
  const unit = 'Read the <b>guide</b> first. ';
  const each = Math.floor(chars / 50);
  return Array.from({ length: 50 }, () =>
    unit.repeat(Math.ceil(each / unit.length)).slice(0, each),
  );
}

describe('Translator', () => {
  it('pseudo-localizes small texts on this thread and sends large ones to a worker', async () => {
    const translator = new Translator(pseudoEngine, pool, store.glossaries);
    const run = vi.spyOn(pool, 'run');
    try {
      const small = job(texts(INLINE_ENGINE_CHARS));
      const expected = (input: TranslationJob) =>
        input.texts.map((text) => pseudoLocalizeWith(text, input, null));
      expect(await translator.translate(small)).toEqual(expected(small));
      expect(run).not.toHaveBeenCalled();
      const large = job(texts(INLINE_ENGINE_CHARS + 100));
      expect(await translator.translate(large)).toEqual(expected(large));
      expect(run).toHaveBeenCalledTimes(1);
      expect(run.mock.calls[0]![0]).toBe('translate');
    } finally {
      run.mockRestore();
    }
  });

  it('answers with the identity engine on this thread whatever the size', async () => {
    const translator = new Translator(identityEngine, pool, store.glossaries);
    const run = vi.spyOn(pool, 'run');
    try {
      const large = job(texts(100_000));
      expect(await translator.translate(large)).toEqual(large.texts);
      expect(run).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
    }
  });
});
