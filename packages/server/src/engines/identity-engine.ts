import type { TranslationEngine } from './translation-engine.js';

/** An engine that returns every text unchanged: useful to test pipelines byte for byte. */
export const identityEngine: TranslationEngine = {
  name: 'identity',
  translate: (input) => [...input.texts],
  rephrase: (input) => [...input.texts],
};
