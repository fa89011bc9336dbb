import { GLOSSARY_LANGUAGES, MAX_GLOSSARY_PHRASE_BYTES, utf8Length } from '@transloom/client/wire';
import { badRequest } from '../http/http-error.js';
import type { Params } from '../http/params.js';

const LANGUAGES = new Set<string>(GLOSSARY_LANGUAGES);

/** A dictionary's language pair, as lower-case glossary language codes. */
export interface LanguagePair {
  source: string;
  target: string;
}

/** One dictionary of a request, its entries not yet parsed. */
export interface DictionaryRequest extends LanguagePair {
  text: string;
  format: 'tsv' | 'csv';
}

/** What a glossary request asks for: a name and dictionaries, as the route's shape allows. */
export interface GlossaryRequest {
  name?: string;
  dictionaries: DictionaryRequest[];
}

/**
 * The body shapes of the glossary routes: `create` (name and one or more dictionaries),
 * `patch` (name and/or one dictionary), `dictionary` (the body is one dictionary) and `v2`
 * (name and one dictionary's fields, flat).
 */
export type GlossaryShape = 'create' | 'patch' | 'dictionary' | 'v2';

function glossaryLanguage(params: Params, name: string): string {
  const value = params.string(name, { required: true });
  const code = value.trim().toLowerCase();
  if (!LANGUAGES.has(code)) {
    throw badRequest(
      `Value for '${params.label(name)}' is not a glossary language: '${value}'; supported: ${GLOSSARY_LANGUAGES.join(', ')}`,
    );
  }
  return code;
}

/** `source_lang` and `target_lang` of a dictionary (either case accepted; they must differ). */
export function readLanguagePair(params: Params): LanguagePair {
  const source = glossaryLanguage(params, 'source_lang');
  const target = glossaryLanguage(params, 'target_lang');
  if (source === target) {
    throw badRequest(
      `'${params.label('source_lang')}' and '${params.label('target_lang')}' must differ`,
    );
  }
  return { source, target };
}

function readName(params: Params, required: boolean): string | undefined {
  const name = params.string('name');
  if (name === undefined) {
    if (required) throw badRequest(`Parameter 'name' is required`);
    return undefined;
  }
  if (name.trim() === '') throw badRequest(`Parameter 'name' must not be empty`);
  const bytes = utf8Length(name);
  if (bytes > MAX_GLOSSARY_PHRASE_BYTES) {
    throw badRequest(
      `Parameter 'name' is ${bytes} UTF-8 bytes; at most ${MAX_GLOSSARY_PHRASE_BYTES} are allowed`,
    );
  }
  return name;
}

function readDictionary(params: Params): DictionaryRequest {
  const pair = readLanguagePair(params);
  const text = params.string('entries', { required: true });
  const format = params.oneOf('entries_format', ['tsv', 'csv'] as const) ?? 'tsv';
  return { ...pair, text, format };
}

/** Reads a glossary request body (JSON, or form fields as the official clients send them). */
export function readGlossaryRequest(params: Params, shape: GlossaryShape): GlossaryRequest {
  if (shape === 'dictionary') return { dictionaries: [readDictionary(params)] };
  const name = readName(params, shape !== 'patch');
  if (shape === 'v2')
    return { ...(name !== undefined ? { name } : {}), dictionaries: [readDictionary(params)] };
  const raw = params.objectList('dictionaries') ?? [];
  if (shape === 'create' && raw.length === 0)
    throw badRequest(`Parameter 'dictionaries' must hold at least one dictionary`);
  if (shape === 'patch') {
    if (raw.length > 1)
      throw badRequest(`Parameter 'dictionaries' may hold at most one dictionary per call`);
    if (name === undefined && raw.length === 0)
      throw badRequest(`Give 'name', 'dictionaries' or both`);
  }
  const dictionaries = raw.map(readDictionary);
  const pairs = new Set<string>();
  for (const d of dictionaries) {
    const pair = `${d.source} -> ${d.target}`;
    if (pairs.has(pair))
      throw badRequest(`Parameter 'dictionaries' holds two dictionaries for ${pair}`);
    pairs.add(pair);
  }
  return { ...(name !== undefined ? { name } : {}), dictionaries };
}
