import { LimitError } from '../errors.js';
import {
  MAX_CUSTOM_INSTRUCTION_CHARS,
  MAX_CUSTOM_INSTRUCTIONS,
  MAX_TEXTS_PER_REQUEST,
} from '../wire/limits.js';
import type {
  FormalityWire,
  ModelTypeWire,
  SplitSentencesWire,
  TagHandlingVersionWire,
  TagHandlingWire,
  TranslateRequestWire,
} from '../wire/types.js';

/** Everything of a translation request except the texts. */
export interface TranslateOptions {
  targetLang: string;
  sourceLang?: string;
  context?: string;
  modelType?: ModelTypeWire;
  splitSentences?: SplitSentencesWire;
  preserveFormatting?: boolean;
  formality?: FormalityWire;
  glossaryId?: string;
  styleId?: string;
  customInstructions?: string[];
  showBilledCharacters?: boolean;
  tagHandling?: TagHandlingWire;
  tagHandlingVersion?: TagHandlingVersionWire;
  outlineDetection?: boolean;
  nonSplittingTags?: string[];
  splittingTags?: string[];
  ignoreTags?: string[];
}

/** A translation request: one text or up to 50. */
export interface TranslateRequest extends TranslateOptions {
  text: string | string[];
}

/** One translated text. */
export interface Translation {
  text: string;
  detectedSourceLanguage: string;
  billedCharacters?: number;
  modelTypeUsed?: string;
}

/** The result of a translation request, one translation per text in order. */
export interface TranslateResult {
  translations: Translation[];
}

/** The wire body for `options` without texts (snake_case, real booleans and arrays). */
export function translateOptionsToWire(
  options: TranslateOptions,
): Omit<TranslateRequestWire, 'text'> {
  const wire: Omit<TranslateRequestWire, 'text'> = { target_lang: options.targetLang };
  if (options.sourceLang !== undefined) wire.source_lang = options.sourceLang;
  if (options.context !== undefined) wire.context = options.context;
  if (options.modelType !== undefined) wire.model_type = options.modelType;
  if (options.splitSentences !== undefined) wire.split_sentences = options.splitSentences;
  if (options.preserveFormatting !== undefined)
    wire.preserve_formatting = options.preserveFormatting;
  if (options.formality !== undefined) wire.formality = options.formality;
  if (options.glossaryId !== undefined) wire.glossary_id = options.glossaryId;
  if (options.styleId !== undefined) wire.style_id = options.styleId;
  if (options.customInstructions !== undefined)
    wire.custom_instructions = options.customInstructions;
  if (options.showBilledCharacters !== undefined)
    wire.show_billed_characters = options.showBilledCharacters;
  if (options.tagHandling !== undefined) wire.tag_handling = options.tagHandling;
  if (options.tagHandlingVersion !== undefined)
    wire.tag_handling_version = options.tagHandlingVersion;
  if (options.outlineDetection !== undefined) wire.outline_detection = options.outlineDetection;
  if (options.nonSplittingTags !== undefined) wire.non_splitting_tags = options.nonSplittingTags;
  if (options.splittingTags !== undefined) wire.splitting_tags = options.splittingTags;
  if (options.ignoreTags !== undefined) wire.ignore_tags = options.ignoreTags;
  return wire;
}

/** Checks the documented limits that do not depend on the texts; throws a {@link LimitError}. */
export function checkTranslateOptions(options: TranslateOptions): void {
  const instructions = options.customInstructions ?? [];
  if (instructions.length > MAX_CUSTOM_INSTRUCTIONS) {
    throw new LimitError(
      'custom instructions',
      instructions.length,
      MAX_CUSTOM_INSTRUCTIONS,
      `customInstructions holds ${instructions.length} entries; the contract allows at most ${MAX_CUSTOM_INSTRUCTIONS}`,
    );
  }
  instructions.forEach((instruction, i) => {
    const length = [...instruction].length;
    if (length > MAX_CUSTOM_INSTRUCTION_CHARS) {
      throw new LimitError(
        'custom instruction characters',
        length,
        MAX_CUSTOM_INSTRUCTION_CHARS,
        `customInstructions[${i}] is ${length} characters; the contract allows at most ${MAX_CUSTOM_INSTRUCTION_CHARS}`,
      );
    }
  });
  if (options.modelType === 'latency_optimized') {
    const conflict =
      options.styleId !== undefined
        ? 'styleId'
        : instructions.length > 0
          ? 'customInstructions'
          : options.tagHandlingVersion === 'v2'
            ? "tagHandlingVersion 'v2'"
            : null;
    if (conflict) {
      throw new LimitError(
        'latency_optimized combinations',
        1,
        0,
        `modelType 'latency_optimized' cannot be combined with ${conflict}, which needs the quality_optimized model`,
      );
    }
  }
}

/** Checks the number of texts of one request. */
export function checkTextCount(count: number): void {
  if (count === 0)
    throw new LimitError(
      'texts per request',
      0,
      MAX_TEXTS_PER_REQUEST,
      'translate needs at least one text',
    );
  if (count > MAX_TEXTS_PER_REQUEST) {
    throw new LimitError(
      'texts per request',
      count,
      MAX_TEXTS_PER_REQUEST,
      `${count} texts in one request; the contract allows at most ${MAX_TEXTS_PER_REQUEST} (use translateMany)`,
    );
  }
}
