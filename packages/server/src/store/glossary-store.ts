import { notFound } from '../http/http-error.js';
import { ChunkStore } from './chunk-store.js';
import { nextSeq, prepared, type ServiceDatabase } from './database.js';

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

type WrittenDictionary = Omit<DictionaryInput, 'chunks'> & { chunkSet: string };

interface GlossaryRow {
  glossary_id: string;
  name: string;
  creation_time: string;
}

/** Multilingual glossaries: a name and one dictionary per language pair. */
export class GlossaryStore {
  /** The chunks of every dictionary's text. */
  readonly chunks: ChunkStore;

  constructor(private readonly db: ServiceDatabase) {
    this.chunks = new ChunkStore(
      db,
      'SELECT chunk_set FROM glossary_dictionaries WHERE chunk_set IS NOT NULL',
    );
    // Chunks of writes a crash cut short are named by no row: clear them away.
    this.chunks.sweepSoon();
  }

  // Writes each dictionary's chunks (the event loop free between them), then commits the rows
  // that name them in one transaction; a set left unnamed by a failure is swept.
  private async staged<T>(
    dictionaries: readonly DictionaryInput[],
    commit: (written: WrittenDictionary[]) => T,
  ): Promise<T> {
    const written: WrittenDictionary[] = [];
    try {
      for (const { chunks, ...meta } of dictionaries)
        written.push({ ...meta, chunkSet: await this.chunks.write(chunks) });
      return this.db.transaction(() => commit(written))();
    } finally {
      for (const w of written) this.chunks.settle(w.chunkSet);
    }
  }

  private dictionaries(glossaryId: string): DictionaryInfo[] {
    const rows = prepared(
      this.db,
      `SELECT source_lang, target_lang, entry_count, version FROM glossary_dictionaries
         WHERE glossary_id = ? ORDER BY seq`,
    ).all(glossaryId) as Array<{
      source_lang: string;
      target_lang: string;
      entry_count: number;
      version: string;
    }>;
    return rows.map((r) => ({
      sourceLang: r.source_lang,
      targetLang: r.target_lang,
      entryCount: r.entry_count,
      version: r.version,
    }));
  }

  private toRecord(row: GlossaryRow): GlossaryRecord {
    return {
      glossaryId: row.glossary_id,
      name: row.name,
      creationTime: row.creation_time,
      dictionaries: this.dictionaries(row.glossary_id),
    };
  }

  /** Creates a glossary with its dictionaries: visible all at once, or not at all. */
  async create(
    glossaryId: string,
    name: string,
    dictionaries: readonly DictionaryInput[],
    now: Date,
  ): Promise<GlossaryRecord> {
    await this.staged(dictionaries, (written) => {
      prepared(
        this.db,
        'INSERT INTO glossaries (glossary_id, name, creation_time, seq) VALUES (?, ?, ?, ?)',
      ).run(glossaryId, name, now.toISOString(), nextSeq(this.db, 'glossaries'));
      for (const dictionary of written) this.writeDictionary(glossaryId, dictionary);
    });
    return this.get(glossaryId)!;
  }

  /** Every glossary, oldest first. */
  list(): GlossaryRecord[] {
    const rows = prepared(this.db, 'SELECT * FROM glossaries ORDER BY seq').all() as GlossaryRow[];
    return rows.map((row) => this.toRecord(row));
  }

  /** A glossary's metadata, or undefined. */
  get(glossaryId: string): GlossaryRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM glossaries WHERE glossary_id = ?').get(
      glossaryId,
    ) as GlossaryRow | undefined;
    return row && this.toRecord(row);
  }

  /** Where one dictionary's text is stored, or undefined when the pair has none. */
  dictionaryText(
    glossaryId: string,
    sourceLang: string,
    targetLang: string,
  ): DictionaryText | undefined {
    const row = prepared(
      this.db,
      `SELECT chunk_set, version, entry_count FROM glossary_dictionaries
         WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?`,
    ).get(glossaryId, sourceLang, targetLang) as
      | { chunk_set: string; version: string; entry_count: number }
      | undefined;
    return row && { chunkSet: row.chunk_set, version: row.version, entryCount: row.entry_count };
  }

  /**
   * Renames a glossary and/or writes one dictionary (created or replaced), visible at once;
   * a 404 when the glossary is gone by the time the change commits.
   */
  async update(
    glossaryId: string,
    change: { name?: string; dictionary?: DictionaryInput },
  ): Promise<GlossaryRecord> {
    await this.staged(change.dictionary ? [change.dictionary] : [], ([dictionary]) => {
      if (!this.get(glossaryId)) throw notFound(`Glossary not found: '${glossaryId}'`);
      if (change.name !== undefined) {
        prepared(this.db, 'UPDATE glossaries SET name = ? WHERE glossary_id = ?').run(
          change.name,
          glossaryId,
        );
      }
      if (dictionary) this.writeDictionary(glossaryId, dictionary);
    });
    return this.get(glossaryId)!;
  }

  /** Deletes a glossary; false when it did not exist. */
  delete(glossaryId: string): boolean {
    const gone =
      prepared(this.db, 'DELETE FROM glossaries WHERE glossary_id = ?').run(glossaryId).changes > 0;
    if (gone) this.chunks.sweepSoon();
    return gone;
  }

  /** Deletes one dictionary; false when the pair had none. */
  deleteDictionary(glossaryId: string, sourceLang: string, targetLang: string): boolean {
    const changes = prepared(
      this.db,
      'DELETE FROM glossary_dictionaries WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?',
    ).run(glossaryId, sourceLang, targetLang).changes;
    this.chunks.sweepSoon();
    return changes > 0;
  }

  private writeDictionary(glossaryId: string, dictionary: WrittenDictionary): void {
    const { sourceLang, targetLang, chunkSet, entryCount, version } = dictionary;
    const updated = prepared(
      this.db,
      `UPDATE glossary_dictionaries SET chunk_set = ?, entries = '', entry_count = ?, version = ?
         WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?`,
    ).run(chunkSet, entryCount, version, glossaryId, sourceLang, targetLang).changes;
    if (updated > 0) {
      this.chunks.sweepSoon();
      return;
    }
    const seq = prepared(
      this.db,
      'SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM glossary_dictionaries WHERE glossary_id = ?',
    ).get(glossaryId) as { next: number };
    prepared(
      this.db,
      `INSERT INTO glossary_dictionaries
         (glossary_id, source_lang, target_lang, seq, entries, chunk_set, entry_count, version)
         VALUES (?, ?, ?, ?, '', ?, ?, ?)`,
    ).run(glossaryId, sourceLang, targetLang, seq.next, chunkSet, entryCount, version);
  }

  /** Stops sweeping chunks; call before the database closes. */
  close(): Promise<void> {
    return this.chunks.close();
  }
}
