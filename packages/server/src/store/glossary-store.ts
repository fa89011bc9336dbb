import { TransloomError } from '@transloom/client/errors';
/** A dictionary of a glossary: one language pair (lower-case codes). */
export interface DictionaryInfo {
  sourceLang: string;
  targetLang: string;
  entryCount: number;
  /** Changes whenever the entries do; caches of compiled dictionaries are keyed by it. */
  version: string;
}

/** Glossary metadata. */
export interface GlossaryRecord {
  glossaryId: string;
  name: string;
  creationTime: string;
  dictionaries: DictionaryInfo[];
}

/**
 * A checked dictionary ready to store: its entries as TSV (`source<TAB>target` lines, in
 * order) in UTF-8 chunks of whole lines, the text being the chunks joined with `\n`.
 */
export interface DictionaryInput {
  sourceLang: string;
  targetLang: string;
  chunks: Uint8Array[];
  entryCount: number;
  version: string;
}

/** Where a stored dictionary's text is: its chunk set, and the version of its content. */
export interface DictionaryText {
  chunkSet: string;
  version: string;
  entryCount: number;
}

/** Reads the chunks of a stored text, the event loop free between chunks. */
export interface ChunkReader {
  /** The chunks of a set in order (a set no longer stored reads as empty). */
  read(set: string): AsyncGenerator<Buffer>;
  /** Every chunk of a set, each its own buffer (never one big one). */
  readAll(set: string): Promise<Buffer[]>;
}

/** A change of a glossary: its name and/or one dictionary, created or replaced. */
export interface GlossaryChange {
  name?: string;
  dictionary?: DictionaryInput;
  /**
   * The version of the pair's dictionary the new one was merged from (null: there was none):
   * when another change got there first, {@link GlossaryChangedError} is thrown and nothing
   * is written, so a merge never drops entries another request (or replica) added.
   */
  mergedFrom?: string | null;
}

/** Thrown by an update whose merge base changed in between; the caller merges again. */
export class GlossaryChangedError extends TransloomError {
  override readonly name = 'GlossaryChangedError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_GLOSSARY_CHANGED', message, { ...options, kind: 'service' });
  }
}

/** Multilingual glossaries: a name and one dictionary per language pair. */
export interface GlossaryStore {
  /** The chunks of every dictionary's text. */
  readonly chunks: ChunkReader;
  /** Creates a glossary with its dictionaries: visible all at once, or not at all. */
  create(
    glossaryId: string,
    name: string,
    dictionaries: readonly DictionaryInput[],
    now: Date,
  ): Promise<GlossaryRecord>;
  /** Every glossary, oldest first. */
  list(): Promise<GlossaryRecord[]>;
  /** A glossary's metadata, or undefined. */
  get(glossaryId: string): Promise<GlossaryRecord | undefined>;
  /** Where one dictionary's text is stored, or undefined when the pair has none. */
  dictionaryText(
    glossaryId: string,
    sourceLang: string,
    targetLang: string,
  ): Promise<DictionaryText | undefined>;
  /**
   * Renames a glossary and/or writes one dictionary, visible at once; a 404 when the glossary
   * is gone by the time the change commits.
   */
  update(glossaryId: string, change: GlossaryChange): Promise<GlossaryRecord>;
  /** Deletes a glossary; false when it did not exist. */
  delete(glossaryId: string): Promise<boolean>;
  /** Deletes one dictionary; false when the pair had none. */
  deleteDictionary(glossaryId: string, sourceLang: string, targetLang: string): Promise<boolean>;
  /** Stops background work (sweeping unused chunks); call before the database closes. */
  close(): Promise<void>;
}

/** A row of `glossaries`, as both databases return it. */
export interface GlossaryRow {
  glossary_id: string;
  name: string;
  creation_time: string;
}

/** A row of `glossary_dictionaries` (its metadata), as both databases return it. */
export interface DictionaryRow {
  source_lang: string;
  target_lang: string;
  entry_count: number | string;
  version: string;
}

/** A dictionary row as {@link DictionaryInfo}. */
export function toDictionaryInfo(row: DictionaryRow): DictionaryInfo {
  return {
    sourceLang: row.source_lang,
    targetLang: row.target_lang,
    entryCount: Number(row.entry_count),
    version: row.version,
  };
}
