import {
  baseLanguage,
  CUSTOM_INSTRUCTION_LANGUAGES,
  FORMALITIES,
  FORMALITY_TARGETS,
  MAX_CUSTOM_INSTRUCTION_CHARS,
  MAX_CUSTOM_INSTRUCTIONS,
  MAX_TEXTS_PER_REQUEST,
  MODEL_TYPES,
  normalizeLanguageCode,
  TARGET_VARIANTS,
  TRANSLATE_LANGUAGES,
} from '@transloom/client/wire';
import { countCharacters } from '../accounting.js';
import type { EngineStyle, EngineTranslateInput } from '../engines/translation-engine.js';
import { badRequest, forbidden, notFound } from '../http/http-error.js';
import type { Params } from '../http/params.js';
import type { ServiceContext } from '../service-context.js';
import type { KeyRecord } from '../store/key-store.js';
import { type DictionaryRef, dictionaryRef, type TranslationJob } from './translator.js';

const SOURCE_CODES = new Set<string>(TRANSLATE_LANGUAGES);
const TARGET_CODES = new Set<string>([...TRANSLATE_LANGUAGES, ...TARGET_VARIANTS]);
const FORMALITY = new Set<string>(FORMALITY_TARGETS);
const INSTRUCTION_LANGUAGES = new Set<string>(CUSTOM_INSTRUCTION_LANGUAGES);

/** A validated translate request: what to bill, what to send to the engine, what to answer. */
export interface ResolvedTranslateRequest {
  texts: string[];
  sourceLang: string | null;
  billedCharacters: number[];
  showBilledCharacters: boolean;
  /** `model_type_used` to report, when `model_type` was given. */
  modelTypeUsed: string | null;
  /** Engine input without texts and source language, which are filled per detected language. */
  engine: Omit<TranslationJob, 'texts' | 'sourceLang'>;
}

function language(
  params: Params,
  name: string,
  allowed: Set<string>,
  required: boolean,
): string | null {
  const raw = params.string(name, { required });
  if (raw === undefined) return null;
  const code = normalizeLanguageCode(raw);
  if (!allowed.has(code)) {
    const hint =
      name === 'source_lang' && TARGET_CODES.has(code)
        ? `; source languages are written without a variant, e.g. '${baseLanguage(code)}'`
        : '';
    throw badRequest(`Value for '${name}' not supported: '${raw}'${hint}`);
  }
  return code;
}

function formality(params: Params, target: string): EngineTranslateInput['formality'] {
  const value = params.oneOf('formality', FORMALITIES);
  if (value === undefined || value === 'default') return 'default';
  const supported = FORMALITY.has(target);
  if (value === 'prefer_more') return supported ? 'more' : 'default';
  if (value === 'prefer_less') return supported ? 'less' : 'default';
  if (!supported) {
    throw badRequest(
      `'formality' is not supported for target language ${target}; use prefer_${value} to fall back to the default`,
    );
  }
  return value;
}

function customInstructions(params: Params, target: string): string[] {
  const list = params.stringList('custom_instructions') ?? [];
  if (list.length === 0) return list;
  if (list.length > MAX_CUSTOM_INSTRUCTIONS) {
    throw badRequest(
      `'custom_instructions' holds ${list.length} entries; at most ${MAX_CUSTOM_INSTRUCTIONS} are allowed`,
    );
  }
  list.forEach((instruction, i) => {
    const length = countCharacters(instruction);
    if (length > MAX_CUSTOM_INSTRUCTION_CHARS) {
      throw badRequest(
        `'custom_instructions' entry ${i + 1} is ${length} characters; at most ${MAX_CUSTOM_INSTRUCTION_CHARS} are allowed`,
      );
    }
  });
  if (!INSTRUCTION_LANGUAGES.has(baseLanguage(target))) {
    throw badRequest(
      `'custom_instructions' are not supported for target language ${target}; supported: ${[...INSTRUCTION_LANGUAGES].join(', ')} and their variants`,
    );
  }
  return list;
}

async function style(
  styleId: string,
  ctx: ServiceContext,
  key: KeyRecord,
  target: string,
): Promise<EngineStyle> {
  if (key.tier !== 'paid') throw forbidden('Style rules are available on the paid tier only');
  const record = await ctx.styles.get(styleId);
  if (!record) throw notFound(`Style rule list not found: '${styleId}'`);
  if (baseLanguage(record.language) !== baseLanguage(target)) {
    throw badRequest(
      `Style rule list '${styleId}' is for language ${record.language.toUpperCase()}, which does not match target_lang ${target}`,
    );
  }
  return {
    styleId: record.styleId,
    name: record.name,
    version: record.version,
    language: record.language,
    configuredRules: record.configuredRules,
    customInstructions: record.customInstructions,
  };
}

// `glossary_ids` (comma-separated, as the official clients send it) may name the one glossary
// too; this service applies one glossary per request, so a longer list is refused, not cut.
function glossaryIdOf(params: Params): string | undefined {
  const single = params.string('glossary_id');
  const list = params.stringList('glossary_ids', { commaSeparated: true });
  if (list === undefined) return single;
  if (single !== undefined) throw badRequest(`Give 'glossary_id' or 'glossary_ids', not both`);
  if (list.length !== 1) {
    throw badRequest(
      `'glossary_ids' names ${list.length} glossaries; this service applies one glossary per request`,
    );
  }
  return list[0];
}

async function glossary(
  glossaryId: string,
  ctx: ServiceContext,
  source: string | null,
  target: string,
): Promise<DictionaryRef> {
  if (source === null) throw badRequest(`'glossary_id' requires 'source_lang'`);
  const record = await ctx.glossaries.get(glossaryId);
  if (!record) throw notFound(`Glossary not found: '${glossaryId}'`);
  // Glossaries apply to languages, not variants: an EN glossary serves EN-GB and EN-US.
  const pair = {
    source: baseLanguage(source).toLowerCase(),
    target: baseLanguage(target).toLowerCase(),
  };
  const dictionary = dictionaryRef(record, pair.source, pair.target);
  if (!dictionary) {
    throw badRequest(
      `Glossary '${glossaryId}' has no dictionary for ${pair.source} -> ${pair.target}; its language pair must equal the request's`,
    );
  }
  return dictionary;
}

// The texts, 1 to MAX_TEXTS_PER_REQUEST of them.
function textsOf(params: Params): string[] {
  const texts = params.stringList('text');
  if (texts === undefined || texts.length === 0) throw badRequest(`Parameter 'text' is required`);
  if (texts.length > MAX_TEXTS_PER_REQUEST) {
    throw badRequest(
      `Parameter 'text' holds ${texts.length} entries; at most ${MAX_TEXTS_PER_REQUEST} are allowed per request`,
      { rule: 'too-many-texts' },
    );
  }
  return texts;
}

// Whether the quality model runs: asked for, or needed by a style, custom instructions or
// tag handling v2 (which a request for the latency model may not combine with).
function usesQualityModel(
  modelType: string | undefined,
  styled: boolean,
  instructions: readonly string[],
  tagHandlingVersion: string | undefined,
): boolean {
  if (modelType === 'latency_optimized') {
    const conflict = styled
      ? 'style_id'
      : instructions.length > 0
        ? 'custom_instructions'
        : tagHandlingVersion === 'v2'
          ? 'tag_handling_version=v2'
          : null;
    if (conflict) {
      throw badRequest(
        `'model_type=latency_optimized' cannot be combined with '${conflict}', which needs the quality_optimized model`,
      );
    }
  }
  return (
    modelType === 'quality_optimized' ||
    modelType === 'prefer_quality_optimized' ||
    styled ||
    instructions.length > 0 ||
    tagHandlingVersion === 'v2'
  );
}

/** Validates a translate request against every rule of contract parts 4.1, 7 and 8. */
export async function resolveTranslateRequest(
  params: Params,
  ctx: ServiceContext,
  key: KeyRecord,
): Promise<ResolvedTranslateRequest> {
  const texts = textsOf(params);
  const target = language(params, 'target_lang', TARGET_CODES, true)!;
  const source = language(params, 'source_lang', SOURCE_CODES, false);
  const modelType = params.oneOf('model_type', MODEL_TYPES);
  const tagHandling = params.oneOf('tag_handling', ['xml', 'html'] as const) ?? null;
  const tagHandlingVersion = params.oneOf('tag_handling_version', ['v1', 'v2'] as const);
  const instructions = customInstructions(params, target);
  // Looked up (awaited) only when named: most requests name neither a style nor a glossary.
  const styleId = params.string('style_id');
  const styleList = styleId === undefined ? null : await style(styleId, ctx, key, target);
  const quality = usesQualityModel(modelType, styleList !== null, instructions, tagHandlingVersion);
  const requestedSplit = params.oneOf('split_sentences', ['0', '1', 'nonewlines'] as const);
  // The quality model ignores split_sentences: no splitting without tags, nonewlines with them.
  const splitSentences = quality
    ? tagHandling
      ? 'nonewlines'
      : '0'
    : (requestedSplit ?? (tagHandling === 'html' ? 'nonewlines' : '1'));
  params.boolean('enable_beta_languages');
  // Read in the order the checks have always run, so a request with two faults hears of the same one.
  const showBilledCharacters = params.boolean('show_billed_characters') ?? false;
  const engineFormality = formality(params, target);
  const ignoreTags = params.stringList('ignore_tags', { commaSeparated: true }) ?? [];
  const splittingTags = params.stringList('splitting_tags', { commaSeparated: true }) ?? [];
  const nonSplittingTags = params.stringList('non_splitting_tags', { commaSeparated: true }) ?? [];
  const outlineDetection = params.boolean('outline_detection') ?? true;
  const preserveFormatting = params.boolean('preserve_formatting') ?? false;
  const context = params.string('context') ?? null;
  const glossaryId = glossaryIdOf(params);
  const dictionary =
    glossaryId === undefined ? null : await glossary(glossaryId, ctx, source, target);
  return {
    texts,
    sourceLang: source,
    billedCharacters: texts.map(countCharacters),
    showBilledCharacters,
    modelTypeUsed:
      modelType === undefined ? null : quality ? 'quality_optimized' : 'latency_optimized',
    engine: {
      targetLang: target,
      formality: engineFormality,
      tagHandling,
      ignoreTags,
      splittingTags,
      nonSplittingTags,
      outlineDetection,
      splitSentences,
      preserveFormatting,
      context,
      dictionary,
      style: styleList,
      customInstructions: instructions,
      modelType: quality ? 'quality_optimized' : 'latency_optimized',
    },
  };
}
