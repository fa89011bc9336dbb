import { LimitError } from '../errors.js';
import type { Transport } from '../http/transport.js';
import type { CallOptions } from '../translate/translate-api.js';
import { type GlossaryEntry, parseGlossaryEntries, utf8Length } from '../wire/glossary-entries.js';
import { MAX_GLOSSARY_PHRASE_BYTES } from '../wire/limits.js';
import type {
  DictionaryInfoWire,
  GlossaryEntriesResponseWire,
  GlossaryListWire,
  GlossaryWire,
} from '../wire/types.js';
import { type DictionaryInput, dictionaryToWire } from './dictionary-input.js';

/** Metadata of one dictionary. */
export interface DictionaryInfo {
  sourceLang: string;
  targetLang: string;
  entryCount: number;
}

/** Glossary metadata. */
export interface Glossary {
  glossaryId: string;
  name: string;
  dictionaries: DictionaryInfo[];
  creationTime: string;
}

/** What {@link GlossariesApi.create} takes. */
export interface CreateGlossaryInput {
  name: string;
  dictionaries: DictionaryInput[];
}

/** What {@link GlossariesApi.update} takes: a new name and/or entries merged into one dictionary. */
export interface UpdateGlossaryInput {
  name?: string;
  dictionary?: DictionaryInput;
}

function toDictionary(wire: DictionaryInfoWire): DictionaryInfo {
  return {
    sourceLang: wire.source_lang,
    targetLang: wire.target_lang,
    entryCount: wire.entry_count,
  };
}

function toGlossary(wire: GlossaryWire): Glossary {
  return {
    glossaryId: wire.glossary_id,
    name: wire.name,
    dictionaries: wire.dictionaries.map(toDictionary),
    creationTime: wire.creation_time,
  };
}

function checkName(name: string): void {
  const bytes = utf8Length(name);
  if (bytes > MAX_GLOSSARY_PHRASE_BYTES) {
    throw new LimitError(
      'glossary name bytes',
      bytes,
      MAX_GLOSSARY_PHRASE_BYTES,
      `the glossary name is ${bytes} UTF-8 bytes; the contract allows at most ${MAX_GLOSSARY_PHRASE_BYTES}`,
    );
  }
}

/**
 * Entries from either response shape: the v3 JSON wrapper
 * (`{"dictionaries": [{"entries": "<tsv>"}]}`) or a bare TSV body.
 */
export function entriesFromResponse(
  data: GlossaryEntriesResponseWire | string | undefined,
): GlossaryEntry[] {
  const tsv = typeof data === 'string' ? data : (data?.dictionaries?.[0]?.entries ?? '');
  return parseGlossaryEntries(tsv, { format: 'tsv' }).entries.map(({ source, target }) => ({
    source,
    target,
  }));
}

const path = (id: string) => `/v3/glossaries/${encodeURIComponent(id)}`;

/** Glossaries v3 (contract 4.4). */
export class GlossariesApi {
  constructor(private readonly transport: Transport) {}

  /** Creates a glossary with one dictionary per language pair. Not retried after a timeout. */
  async create(input: CreateGlossaryInput, options: CallOptions = {}): Promise<Glossary> {
    checkName(input.name);
    const dictionaries = input.dictionaries.map(dictionaryToWire);
    const { data } = await this.transport.call<GlossaryWire>({
      method: 'POST',
      path: '/v3/glossaries',
      json: { name: input.name, dictionaries },
      idempotent: false,
      signal: options.signal,
    });
    return toGlossary(data);
  }

  /** Every glossary, without entries. */
  async list(options: CallOptions = {}): Promise<Glossary[]> {
    const { data } = await this.transport.call<GlossaryListWire>({
      method: 'GET',
      path: '/v3/glossaries',
      signal: options.signal,
    });
    return data.glossaries.map(toGlossary);
  }

  /** One glossary's metadata. */
  async get(glossaryId: string, options: CallOptions = {}): Promise<Glossary> {
    const { data } = await this.transport.call<GlossaryWire>({
      method: 'GET',
      path: path(glossaryId),
      signal: options.signal,
    });
    return toGlossary(data);
  }

  /** The entries of one dictionary. Accepts the JSON wrapper and a bare TSV body alike. */
  async entries(
    glossaryId: string,
    sourceLang: string,
    targetLang: string,
    options: CallOptions = {},
  ): Promise<GlossaryEntry[]> {
    const { data } = await this.transport.call<GlossaryEntriesResponseWire | string>({
      method: 'GET',
      path: `${path(glossaryId)}/entries`,
      query: { source_lang: sourceLang, target_lang: targetLang },
      signal: options.signal,
    });
    return entriesFromResponse(data);
  }

  /** Renames a glossary and/or merges entries into the dictionary of one pair. */
  async update(
    glossaryId: string,
    input: UpdateGlossaryInput,
    options: CallOptions = {},
  ): Promise<Glossary> {
    const json: { name?: string; dictionaries?: unknown[] } = {};
    if (input.name !== undefined) {
      checkName(input.name);
      json.name = input.name;
    }
    if (input.dictionary) json.dictionaries = [dictionaryToWire(input.dictionary)];
    const { data } = await this.transport.call<GlossaryWire>({
      method: 'PATCH',
      path: path(glossaryId),
      json,
      signal: options.signal,
    });
    return toGlossary(data);
  }

  /** Creates or replaces the dictionary of one pair. */
  async replaceDictionary(
    glossaryId: string,
    dictionary: DictionaryInput,
    options: CallOptions = {},
  ): Promise<DictionaryInfo> {
    const { data } = await this.transport.call<DictionaryInfoWire>({
      method: 'PUT',
      path: `${path(glossaryId)}/dictionaries`,
      json: dictionaryToWire(dictionary),
      signal: options.signal,
    });
    return toDictionary(data);
  }

  /** Deletes a glossary. */
  async delete(glossaryId: string, options: CallOptions = {}): Promise<void> {
    await this.transport.call({ method: 'DELETE', path: path(glossaryId), signal: options.signal });
  }

  /** Deletes the dictionary of one pair. */
  async deleteDictionary(
    glossaryId: string,
    sourceLang: string,
    targetLang: string,
    options: CallOptions = {},
  ): Promise<void> {
    await this.transport.call({
      method: 'DELETE',
      path: `${path(glossaryId)}/dictionaries`,
      query: { source_lang: sourceLang, target_lang: targetLang },
      signal: options.signal,
    });
  }
}
