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
  /** Increases with every change. */
  revision: number;
  dictionaries: DictionaryInfo[];
}

/** A checked dictionary as stored: its entries as TSV (`source<TAB>target` lines, in order). */
export interface DictionaryInput {
  sourceLang: string;
  targetLang: string;
  tsv: string;
  entryCount: number;
  version: string;
}

interface GlossaryRow {
  glossary_id: string;
  name: string;
  creation_time: string;
  revision: number;
}

/** Multilingual glossaries: a name and one dictionary per language pair. */
export class GlossaryStore {
  constructor(private readonly db: ServiceDatabase) {}

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
      revision: row.revision,
      dictionaries: this.dictionaries(row.glossary_id),
    };
  }

  /** Creates a glossary with its dictionaries in one transaction. */
  create(
    glossaryId: string,
    name: string,
    dictionaries: readonly DictionaryInput[],
    now: Date,
  ): GlossaryRecord {
    this.db.transaction(() => {
      prepared(
        this.db,
        'INSERT INTO glossaries (glossary_id, name, creation_time, seq) VALUES (?, ?, ?, ?)',
      ).run(glossaryId, name, now.toISOString(), nextSeq(this.db, 'glossaries'));
      for (const dictionary of dictionaries) this.writeDictionary(glossaryId, dictionary);
    })();
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

  /** One dictionary's entries as TSV, with its version, or undefined when the pair has none. */
  dictionaryText(
    glossaryId: string,
    sourceLang: string,
    targetLang: string,
  ): { tsv: string; version: string } | undefined {
    return prepared(
      this.db,
      `SELECT entries AS tsv, version FROM glossary_dictionaries
         WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?`,
    ).get(glossaryId, sourceLang, targetLang) as { tsv: string; version: string } | undefined;
  }

  /** Renames a glossary and/or writes one dictionary (created or replaced), in one transaction. */
  update(
    glossaryId: string,
    change: { name?: string; dictionary?: DictionaryInput },
  ): GlossaryRecord {
    this.db.transaction(() => {
      if (change.name !== undefined) {
        prepared(this.db, 'UPDATE glossaries SET name = ? WHERE glossary_id = ?').run(
          change.name,
          glossaryId,
        );
      }
      if (change.dictionary) this.writeDictionary(glossaryId, change.dictionary);
      this.bump(glossaryId);
    })();
    return this.get(glossaryId)!;
  }

  /** Deletes a glossary; false when it did not exist. */
  delete(glossaryId: string): boolean {
    return (
      prepared(this.db, 'DELETE FROM glossaries WHERE glossary_id = ?').run(glossaryId).changes > 0
    );
  }

  /** Deletes one dictionary; false when the pair had none. */
  deleteDictionary(glossaryId: string, sourceLang: string, targetLang: string): boolean {
    return this.db.transaction(() => {
      const changes = prepared(
        this.db,
        'DELETE FROM glossary_dictionaries WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?',
      ).run(glossaryId, sourceLang, targetLang).changes;
      if (changes > 0) this.bump(glossaryId);
      return changes > 0;
    })();
  }

  private bump(glossaryId: string): void {
    prepared(this.db, 'UPDATE glossaries SET revision = revision + 1 WHERE glossary_id = ?').run(
      glossaryId,
    );
  }

  private writeDictionary(glossaryId: string, dictionary: DictionaryInput): void {
    const { sourceLang, targetLang, tsv, entryCount, version } = dictionary;
    const updated = prepared(
      this.db,
      `UPDATE glossary_dictionaries SET entries = ?, entry_count = ?, version = ?
         WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?`,
    ).run(tsv, entryCount, version, glossaryId, sourceLang, targetLang).changes;
    if (updated > 0) return;
    const seq = prepared(
      this.db,
      'SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM glossary_dictionaries WHERE glossary_id = ?',
    ).get(glossaryId) as { next: number };
    prepared(
      this.db,
      `INSERT INTO glossary_dictionaries
         (glossary_id, source_lang, target_lang, seq, entries, entry_count, version)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(glossaryId, sourceLang, targetLang, seq.next, tsv, entryCount, version);
  }
}
