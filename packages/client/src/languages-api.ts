import type { Transport } from './http/transport.js';
import type { CallOptions } from './translate/translate-api.js';
import type { GlossaryLanguagePairsWire, LanguageWire, UsageResponseWire } from './wire/types.js';

/** A supported language. */
export interface Language {
  language: string;
  name: string;
  /** Present on target listings. */
  supportsFormality?: boolean;
}

/** A language pair glossaries can be made for (lower-case codes). */
export interface GlossaryLanguagePair {
  sourceLang: string;
  targetLang: string;
}

/** Character usage of the current period. */
export interface Usage {
  /** Translation plus text-improvement characters of the account. */
  characterCount: number;
  characterLimit: number;
  /** Present when the key has its own limit. */
  apiKeyCharacterCount?: number;
  apiKeyCharacterLimit?: number;
}

/** `GET /v2/languages?type=...`. */
export async function languages(
  transport: Transport,
  type: 'source' | 'target' = 'source',
  options: CallOptions = {},
): Promise<Language[]> {
  const { data } = await transport.call<LanguageWire[]>({
    method: 'GET',
    path: '/v2/languages',
    query: { type },
    signal: options.signal,
  });
  return data.map((l) => {
    const out: Language = { language: l.language, name: l.name };
    if (l.supports_formality !== undefined) out.supportsFormality = l.supports_formality;
    return out;
  });
}

/** `GET /v2/glossary-language-pairs`. */
export async function glossaryLanguagePairs(
  transport: Transport,
  options: CallOptions = {},
): Promise<GlossaryLanguagePair[]> {
  const { data } = await transport.call<GlossaryLanguagePairsWire>({
    method: 'GET',
    path: '/v2/glossary-language-pairs',
    signal: options.signal,
  });
  return data.supported_languages.map((p) => ({
    sourceLang: p.source_lang,
    targetLang: p.target_lang,
  }));
}

/** `GET /v2/usage`. */
export async function usage(transport: Transport, options: CallOptions = {}): Promise<Usage> {
  const { data } = await transport.call<UsageResponseWire>({
    method: 'GET',
    path: '/v2/usage',
    signal: options.signal,
  });
  const out: Usage = { characterCount: data.character_count, characterLimit: data.character_limit };
  if (data.api_key_character_count !== undefined)
    out.apiKeyCharacterCount = data.api_key_character_count;
  if (data.api_key_character_limit !== undefined)
    out.apiKeyCharacterLimit = data.api_key_character_limit;
  return out;
}
