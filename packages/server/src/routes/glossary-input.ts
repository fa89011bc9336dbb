import { GLOSSARY_LANGUAGES, MAX_GLOSSARY_PHRASE_BYTES, utf8Length } from '@transloom/client/wire';
import { badRequest } from '../http/http-error.js';
import type { Params } from '../http/params.js';
import type { ServiceContext } from '../service-context.js';
import type { DictionaryInput } from '../store/glossary-store.js';

const LANGUAGES = new Set<string>(GLOSSARY_LANGUAGES);

/** A dictionary's language pair, as lower-case glossary language codes. */
export interface LanguagePair {
  source: string;
  target: string;
}

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

/** A glossary's `name`: not blank, at most 1024 UTF-8 bytes; undefined when not given. */
export function readGlossaryName(params: Params): string | undefined {
  const name = params.string('name');
  if (name === undefined) return undefined;
  if (name.trim() === '') throw badRequest(`Parameter 'name' must not be empty`);
  const bytes = utf8Length(name);
  if (bytes > MAX_GLOSSARY_PHRASE_BYTES) {
    throw badRequest(
      `Parameter 'name' is ${bytes} UTF-8 bytes; at most ${MAX_GLOSSARY_PHRASE_BYTES} are allowed`,
    );
  }
  return name;
}

/**
 * Reads one dictionary (`source_lang`, `target_lang`, `entries`, `entries_format`) from a JSON
 * object or form fields and checks it against every entry rule. Parsing, checking and merging
 * into the entries `base` gives for its pair run in a worker, as a dictionary may hold 10 MB.
 */
export async function readDictionary(
  ctx: ServiceContext,
  params: Params,
  base?: (pair: LanguagePair) => string | undefined,
): Promise<DictionaryInput> {
  const pair = readLanguagePair(params);
  const text = params.string('entries', { required: true });
  const format = params.oneOf('entries_format', ['tsv', 'csv'] as const) ?? 'tsv';
  const existing = base?.(pair);
  const prepared = await ctx.pool.run('prepareDictionary', {
    text,
    format,
    sourceLang: pair.source,
    targetLang: pair.target,
    label: `Dictionary ${pair.source} -> ${pair.target}`,
    ...(existing !== undefined ? { base: existing } : {}),
  });
  return { sourceLang: pair.source, targetLang: pair.target, ...prepared };
}
