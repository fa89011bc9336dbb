import type { EngineTranslateInput } from './translation-engine.js';

/**
 * The settings of plain text translated as it is, for the service's own callers (an agent's
 * message, a voice stream's speech): no tags, sentences split, no context, style or
 * instructions.
 */
export const PLAIN_TEXT_REQUEST = {
  tagHandling: null,
  ignoreTags: [],
  splittingTags: [],
  nonSplittingTags: [],
  outlineDetection: true,
  splitSentences: '1',
  context: null,
  style: null,
  customInstructions: [],
} as const satisfies Partial<EngineTranslateInput>;
