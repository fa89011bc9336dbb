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
import { PostgresChunkStore } from './postgres-chunk-store.js';
import type { PgSession, PostgresDatabase } from './postgres-database.js';

type WrittenDictionary = Omit<DictionaryInput, 'chunks'> & { chunkSet: string };

/** {@link GlossaryStore} in PostgreSQL, dictionaries' text in numbered chunks. */
export class PostgresGlossaryStore implements GlossaryStore {
  /** The chunks of every dictionary's text. */
  readonly chunks: PostgresChunkStore;

  constructor(private readonly db: PostgresDatabase) {
    this.chunks = new PostgresChunkStore(db);
    this.chunks.sweepSoon();
  }

  private async records(on: PgSession, rows: readonly GlossaryRow[]): Promise<GlossaryRecord[]> {
    if (rows.length === 0) return [];
    const dictionaries = await on.rows<DictionaryRow & { glossary_id: string }>(
      `SELECT glossary_id, source_lang, target_lang, entry_count, version
         FROM glossary_dictionaries WHERE glossary_id = ANY($1) ORDER BY seq`,
      [rows.map((r) => r.glossary_id)],
    );
    return rows.map((row) => ({
      glossaryId: row.glossary_id,
      name: row.name,
      creationTime: row.creation_time,
      dictionaries: dictionaries
        .filter((d) => d.glossary_id === row.glossary_id)
        .map(toDictionaryInfo),
    }));
  }

  private async record(on: PgSession, glossaryId: string): Promise<GlossaryRecord | undefined> {
    const row = await on.row<GlossaryRow>('SELECT * FROM glossaries WHERE glossary_id = $1', [
      glossaryId,
    ]);
    return row && (await this.records(on, [row]))[0];
  }

  // Writes each dictionary's chunks, then commits the rows that name them in one transaction.
  private async staged<T>(
    dictionaries: readonly DictionaryInput[],
    commit: (tx: PgSession, written: WrittenDictionary[]) => Promise<T>,
  ): Promise<T> {
    const written: WrittenDictionary[] = [];
    try {
      for (const { chunks, ...meta } of dictionaries)
        written.push({ ...meta, chunkSet: await this.chunks.write(chunks) });
      return await this.db.transaction((tx) => commit(tx, written));
    } catch (error) {
      // Sets no row names are swept later; mark them now so they go at the next sweep.
      await this.db
        .transaction((tx) =>
          this.chunks.retire(
            tx,
            written.map((w) => w.chunkSet),
          ),
        )
        .catch(() => undefined);
      throw error;
    }
  }

  async create(
    glossaryId: string,
    name: string,
    dictionaries: readonly DictionaryInput[],
    now: Date,
  ): Promise<GlossaryRecord> {
    await this.staged(dictionaries, async (tx, written) => {
      await tx.run(
        'INSERT INTO glossaries (glossary_id, name, creation_time) VALUES ($1, $2, $3)',
        [glossaryId, name, now.toISOString()],
      );
      for (const dictionary of written) await this.writeDictionary(tx, glossaryId, dictionary);
    });
    return (await this.get(glossaryId))!;
  }

  async list(): Promise<GlossaryRecord[]> {
    return this.records(
      this.db,
      await this.db.rows<GlossaryRow>('SELECT * FROM glossaries ORDER BY seq'),
    );
  }

  async get(glossaryId: string): Promise<GlossaryRecord | undefined> {
    return this.record(this.db, glossaryId);
  }

  async dictionaryText(
    glossaryId: string,
    sourceLang: string,
    targetLang: string,
  ): Promise<DictionaryText | undefined> {
    const row = await this.db.row<{ chunk_set: string; version: string; entry_count: number }>(
      `SELECT chunk_set, version, entry_count FROM glossary_dictionaries
         WHERE glossary_id = $1 AND source_lang = $2 AND target_lang = $3`,
      [glossaryId, sourceLang, targetLang],
    );
    return row && { chunkSet: row.chunk_set, version: row.version, entryCount: row.entry_count };
  }

  async update(glossaryId: string, change: GlossaryChange): Promise<GlossaryRecord> {
    await this.staged(change.dictionary ? [change.dictionary] : [], async (tx, [dictionary]) => {
      // The glossary's row is locked: changes to one glossary commit one after the other.
      const found = await tx.row('SELECT 1 FROM glossaries WHERE glossary_id = $1 FOR UPDATE', [
        glossaryId,
      ]);
      if (!found) throw notFound(`Glossary not found: '${glossaryId}'`);
      if (dictionary && change.mergedFrom !== undefined) {
        const current = await tx.row<{ version: string }>(
          `SELECT version FROM glossary_dictionaries
             WHERE glossary_id = $1 AND source_lang = $2 AND target_lang = $3`,
          [glossaryId, dictionary.sourceLang, dictionary.targetLang],
        );
        if ((current?.version ?? null) !== change.mergedFrom)
          throw new GlossaryChangedError('The dictionary changed while it was merged');
      }
      if (change.name !== undefined) {
        await tx.run('UPDATE glossaries SET name = $2 WHERE glossary_id = $1', [
          glossaryId,
          change.name,
        ]);
      }
      if (dictionary) await this.writeDictionary(tx, glossaryId, dictionary);
    });
    return (await this.get(glossaryId))!;
  }

  async delete(glossaryId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const sets = await tx.rows<{ chunk_set: string }>(
        'DELETE FROM glossary_dictionaries WHERE glossary_id = $1 RETURNING chunk_set',
        [glossaryId],
      );
      await this.chunks.retire(
        tx,
        sets.map((s) => s.chunk_set),
      );
      return (await tx.run('DELETE FROM glossaries WHERE glossary_id = $1', [glossaryId])) > 0;
    });
  }

  async deleteDictionary(
    glossaryId: string,
    sourceLang: string,
    targetLang: string,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const sets = await tx.rows<{ chunk_set: string }>(
        `DELETE FROM glossary_dictionaries
           WHERE glossary_id = $1 AND source_lang = $2 AND target_lang = $3 RETURNING chunk_set`,
        [glossaryId, sourceLang, targetLang],
      );
      await this.chunks.retire(
        tx,
        sets.map((s) => s.chunk_set),
      );
      return sets.length > 0;
    });
  }

  private async writeDictionary(
    tx: PgSession,
    glossaryId: string,
    dictionary: WrittenDictionary,
  ): Promise<void> {
    const { sourceLang, targetLang, chunkSet, entryCount, version } = dictionary;
    const previous = await tx.row<{ chunk_set: string }>(
      `SELECT chunk_set FROM glossary_dictionaries
         WHERE glossary_id = $1 AND source_lang = $2 AND target_lang = $3 FOR UPDATE`,
      [glossaryId, sourceLang, targetLang],
    );
    if (previous) {
      await tx.run(
        `UPDATE glossary_dictionaries SET chunk_set = $4, entry_count = $5, version = $6
           WHERE glossary_id = $1 AND source_lang = $2 AND target_lang = $3`,
        [glossaryId, sourceLang, targetLang, chunkSet, entryCount, version],
      );
      await this.chunks.retire(tx, [previous.chunk_set]);
      return;
    }
    await tx.run(
      `INSERT INTO glossary_dictionaries
         (glossary_id, source_lang, target_lang, seq, chunk_set, entry_count, version)
         VALUES ($1, $2, $3, (SELECT COALESCE(MAX(seq), 0) + 1 FROM glossary_dictionaries
           WHERE glossary_id = $1), $4, $5, $6)`,
      [glossaryId, sourceLang, targetLang, chunkSet, entryCount, version],
    );
  }

  close(): Promise<void> {
    return this.chunks.close();
  }
}
