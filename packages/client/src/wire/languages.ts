/**
 * How a locale code is spelled where a project names one (configuration, flags, inputs): `en`,
 * `de`, `pt-BR`, `zh-Hans`; a language of two or three letters and subtags of two to eight.
 */
export const LOCALE_CODE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** `formality` values of the translate endpoint (contract 4.1). */
export const FORMALITIES = ['default', 'more', 'less', 'prefer_more', 'prefer_less'] as const;

/** `model_type` values of the translate endpoint (contract 4.1). */
export const MODEL_TYPES = [
  'latency_optimized',
  'quality_optimized',
  'prefer_quality_optimized',
] as const;

/** Language codes accepted by `source_lang` and `target_lang` of the translate endpoint (contract 4.1). */
export const TRANSLATE_LANGUAGES = [
  'ACE',
  'AF',
  'AN',
  'AR',
  'AS',
  'AY',
  'AZ',
  'BA',
  'BE',
  'BG',
  'BHO',
  'BN',
  'BR',
  'BS',
  'CA',
  'CEB',
  'CKB',
  'CS',
  'CY',
  'DA',
  'DE',
  'EL',
  'EN',
  'EO',
  'ES',
  'ET',
  'EU',
  'FA',
  'FI',
  'FR',
  'GA',
  'GL',
  'GN',
  'GOM',
  'GU',
  'HA',
  'HE',
  'HI',
  'HR',
  'HT',
  'HU',
  'HY',
  'ID',
  'IG',
  'IS',
  'IT',
  'JA',
  'JV',
  'KA',
  'KK',
  'KMR',
  'KO',
  'KY',
  'LA',
  'LB',
  'LMO',
  'LN',
  'LT',
  'LV',
  'MAI',
  'MG',
  'MI',
  'MK',
  'ML',
  'MN',
  'MR',
  'MS',
  'MT',
  'MY',
  'NB',
  'NE',
  'NL',
  'OC',
  'OM',
  'PA',
  'PAG',
  'PAM',
  'PL',
  'PRS',
  'PS',
  'PT',
  'QU',
  'RO',
  'RU',
  'SA',
  'SCN',
  'SK',
  'SL',
  'SQ',
  'SR',
  'ST',
  'SU',
  'SV',
  'SW',
  'TA',
  'TE',
  'TG',
  'TH',
  'TK',
  'TL',
  'TN',
  'TR',
  'TS',
  'TT',
  'UK',
  'UR',
  'UZ',
  'VI',
  'WO',
  'XH',
  'YI',
  'YUE',
  'ZH',
  'ZU',
] as const;

/** Regional variants that appear in the language listing and are accepted as target languages. */
export const TARGET_VARIANTS = [
  'EN-GB',
  'EN-US',
  'PT-BR',
  'PT-PT',
  'ES-419',
  'ZH-HANS',
  'ZH-HANT',
] as const;

/** Target languages for which `formality` more/less works (contract 4.1). */
export const FORMALITY_TARGETS = [
  'DE',
  'FR',
  'IT',
  'ES',
  'ES-419',
  'NL',
  'PL',
  'PT-BR',
  'PT-PT',
  'JA',
  'RU',
] as const;

/** Base languages whose targets (and variants) accept `custom_instructions` (contract 4.1). */
export const CUSTOM_INSTRUCTION_LANGUAGES = [
  'DE',
  'EN',
  'ES',
  'FR',
  'IT',
  'JA',
  'KO',
  'ZH',
] as const;

/** Targets of the text-improvement endpoint, as the contract spells them (contract 4.2). */
export const REPHRASE_TARGETS = [
  'de',
  'en-GB',
  'en-US',
  'es',
  'fr',
  'it',
  'pt-BR',
  'pt-PT',
] as const;

/** Targets for which `writing_style` and `tone` are supported (contract 4.2). */
export const WRITING_STYLE_TARGETS = ['de', 'en-GB', 'en-US'] as const;

/** Values of `writing_style` (wire details). */
export const WRITING_STYLES = [
  'default',
  'academic',
  'business',
  'casual',
  'simple',
  'prefer_academic',
  'prefer_business',
  'prefer_casual',
  'prefer_simple',
] as const;

/** Values of `tone` (wire details). */
export const TONES = [
  'default',
  'confident',
  'diplomatic',
  'enthusiastic',
  'friendly',
  'prefer_confident',
  'prefer_diplomatic',
  'prefer_enthusiastic',
  'prefer_friendly',
] as const;

/** `source_media_content_type` values of a voice session (contract 4.6). */
export const VOICE_CONTENT_TYPES = [
  'audio/auto',
  'audio/flac',
  'audio/mpeg',
  'audio/ogg',
  'audio/webm',
  'audio/x-matroska',
  'audio/ogg;codecs=flac',
  'audio/ogg;codecs=opus',
  'audio/webm;codecs=opus',
  'audio/x-matroska;codecs=aac',
  'audio/x-matroska;codecs=flac',
  'audio/x-matroska;codecs=mp3',
  'audio/x-matroska;codecs=opus',
  'audio/pcm;encoding=alaw;rate=8000',
  'audio/pcm;encoding=ulaw;rate=8000',
  'audio/pcm;encoding=s16le;rate=8000',
  'audio/pcm;encoding=s16le;rate=16000',
  'audio/pcm;encoding=s16le;rate=44100',
  'audio/pcm;encoding=s16le;rate=48000',
] as const;

/** `source_language` values of a voice session (contract 4.6). */
export const VOICE_SOURCE_LANGUAGES = [
  'de',
  'cs',
  'en',
  'es',
  'fr',
  'id',
  'it',
  'ja',
  'ko',
  'nl',
  'pl',
  'pt',
  'ro',
  'ru',
  'sv',
  'tr',
  'uk',
  'zh',
] as const;

/** `target_languages` values of a voice session (contract 4.6). */
export const VOICE_TARGET_LANGUAGES = [
  'ar',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'en-GB',
  'en-US',
  'es',
  'et',
  'fi',
  'fr',
  'he',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'pt-PT',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh',
  'zh-HANS',
  'zh-HANT',
] as const;

/** `formality` values of a voice session (contract 4.6). */
export const VOICE_FORMALITIES = ['default', 'formal', 'more', 'informal', 'less'] as const;

/** Languages glossaries can be made for (lower-case, as glossary responses spell them). */
export const GLOSSARY_LANGUAGES = [
  'ar',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'fi',
  'fr',
  'he',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'nb',
  'nl',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh',
] as const;

/** The base language of a code: `EN-GB` -> `EN`, `zh-hans` -> `ZH`. */
export function baseLanguage(code: string): string {
  const dash = code.indexOf('-');
  return (dash === -1 ? code : code.slice(0, dash)).toUpperCase();
}

/** Canonical upper-case spelling of a translate language code (`en-gb` -> `EN-GB`). */
export function normalizeLanguageCode(code: string): string {
  return code.trim().toUpperCase();
}
