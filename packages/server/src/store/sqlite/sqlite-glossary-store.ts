import { notFound } from '../../http/http-error.js';
import {
  type DictionaryInput,
  type DictionaryRow,
  type DictionaryText,
  type GlossaryChange,
  GlossaryChangedError,
  type GlossaryRecord,
  type GlossaryRow,
  type GlossaryStore,
  toDictionaryInfo,
} from '../glossary-store.js';
import { SqliteChunkStore } from './sqlite-chunk-store.js';
import { nextSeq, prepared, type ServiceDatabase } from './sqlite-database.js';

type WrittenDictionary = Omit<DictionaryInput, 'chunks'> & { chunkSet: string };

/** {@link GlossaryStore} in SQLite, dictionaries' text in numbered chunks. */
export class SqliteGlossaryStore implements GlossaryStore {
  /** The chunks of every dictionary's text. */
  readonly chunks: SqliteChunkStore;

  constructor(private readonly db: ServiceDatabase) {
    this.chunks = new SqliteChunkStore(
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

  private recordSync(glossaryId: string): GlossaryRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM glossaries WHERE glossary_id = ?').get(
      glossaryId,
    ) as GlossaryRow | undefined;
    return row && this.toRecord(row);
  }

  private toRecord(row: GlossaryRow): GlossaryRecord {
    const dictionaries = prepared(
      this.db,
      `SELECT source_lang, target_lang, entry_count, version FROM glossary_dictionaries
         WHERE glossary_id = ? ORDER BY seq`,
    ).all(row.glossary_id) as DictionaryRow[];
    return {
      glossaryId: row.glossary_id,
      name: row.name,
      creationTime: row.creation_time,
      dictionaries: dictionaries.map(toDictionaryInfo),
    };
  }

  private textSync(
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
    return this.recordSync(glossaryId)!;
  }

  async list(): Promise<GlossaryRecord[]> {
    const rows = prepared(this.db, 'SELECT * FROM glossaries ORDER BY seq').all() as GlossaryRow[];
    return rows.map((row) => this.toRecord(row));
  }

  async get(glossaryId: string): Promise<GlossaryRecord | undefined> {
    return this.recordSync(glossaryId);
  }

  async dictionaryText(
    glossaryId: string,
    sourceLang: string,
    targetLang: string,
  ): Promise<DictionaryText | undefined> {
    return this.textSync(glossaryId, sourceLang, targetLang);
  }

  async update(glossaryId: string, change: GlossaryChange): Promise<GlossaryRecord> {
    await this.staged(change.dictionary ? [change.dictionary] : [], ([dictionary]) => {
      if (!this.recordSync(glossaryId)) throw notFound(`Glossary not found: '${glossaryId}'`);
      if (dictionary && change.mergedFrom !== undefined) {
        const current =
          this.textSync(glossaryId, dictionary.sourceLang, dictionary.targetLang)?.version ?? null;
        if (current !== change.mergedFrom)
          throw new GlossaryChangedError(`The dictionary changed while it was merged`);
      }
      if (change.name !== undefined) {
        prepared(this.db, 'UPDATE glossaries SET name = ? WHERE glossary_id = ?').run(
          change.name,
          glossaryId,
        );
      }
      if (dictionary) this.writeDictionary(glossaryId, dictionary);
    });
    return this.recordSync(glossaryId)!;
  }

  async delete(glossaryId: string): Promise<boolean> {
    const gone =
      prepared(this.db, 'DELETE FROM glossaries WHERE glossary_id = ?').run(glossaryId).changes > 0;
    if (gone) this.chunks.sweepSoon();
    return gone;
  }

  async deleteDictionary(
    glossaryId: string,
    sourceLang: string,
    targetLang: string,
  ): Promise<boolean> {
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

  close(): Promise<void> {
    return this.chunks.close();
  }
}
