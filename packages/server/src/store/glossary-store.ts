import type { GlossaryEntry } from '@transloom/client/wire';
import { nextSeq, prepared, type ServiceDatabase } from './database.js';

/** A dictionary of a glossary: one language pair (lower-case codes). */
export interface DictionaryInfo {
  sourceLang: string;
  targetLang: string;
  entryCount: number;
}

/** Glossary metadata. */
export interface GlossaryRecord {
  glossaryId: string;
  name: string;
  creationTime: string;
  /** Increases with every change; lets engines cache compiled dictionaries. */
  revision: number;
  dictionaries: DictionaryInfo[];
}

/** A dictionary with its entries, as written. */
export interface DictionaryInput {
  sourceLang: string;
  targetLang: string;
  entries: readonly GlossaryEntry[];
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
      `SELECT d.source_lang, d.target_lang,
           (SELECT COUNT(*) FROM glossary_entries e WHERE e.glossary_id = d.glossary_id
              AND e.source_lang = d.source_lang AND e.target_lang = d.target_lang) AS entry_count
         FROM glossary_dictionaries d WHERE d.glossary_id = ? ORDER BY d.seq`,
    ).all(glossaryId) as Array<{ source_lang: string; target_lang: string; entry_count: number }>;
    return rows.map((r) => ({
      sourceLang: r.source_lang,
      targetLang: r.target_lang,
      entryCount: r.entry_count,
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
      for (const dictionary of dictionaries)
        this.writeDictionary(glossaryId, dictionary, 'replace');
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

  /** The entries of one dictionary in their order, or undefined when the pair has none. */
  entries(glossaryId: string, sourceLang: string, targetLang: string): GlossaryEntry[] | undefined {
    const exists = prepared(
      this.db,
      'SELECT 1 FROM glossary_dictionaries WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?',
    ).get(glossaryId, sourceLang, targetLang);
    if (!exists) return undefined;
    return prepared(
      this.db,
      `SELECT source, target FROM glossary_entries
         WHERE glossary_id = ? AND source_lang = ? AND target_lang = ? ORDER BY position`,
    ).all(glossaryId, sourceLang, targetLang) as GlossaryEntry[];
  }

  /** Renames a glossary and/or merges or replaces one dictionary, in one transaction. */
  update(
    glossaryId: string,
    change: { name?: string; dictionary?: DictionaryInput; mode?: 'merge' | 'replace' },
  ): GlossaryRecord {
    this.db.transaction(() => {
      if (change.name !== undefined) {
        prepared(this.db, 'UPDATE glossaries SET name = ? WHERE glossary_id = ?').run(
          change.name,
          glossaryId,
        );
      }
      if (change.dictionary)
        this.writeDictionary(glossaryId, change.dictionary, change.mode ?? 'merge');
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

  private writeDictionary(
    glossaryId: string,
    dictionary: DictionaryInput,
    mode: 'merge' | 'replace',
  ): void {
    const { sourceLang, targetLang } = dictionary;
    const existing = prepared(
      this.db,
      'SELECT 1 FROM glossary_dictionaries WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?',
    ).get(glossaryId, sourceLang, targetLang);
    if (existing && mode === 'replace') {
      prepared(
        this.db,
        'DELETE FROM glossary_entries WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?',
      ).run(glossaryId, sourceLang, targetLang);
    }
    if (!existing) {
      const seq = prepared(
        this.db,
        'SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM glossary_dictionaries WHERE glossary_id = ?',
      ).get(glossaryId) as { next: number };
      prepared(
        this.db,
        'INSERT INTO glossary_dictionaries (glossary_id, source_lang, target_lang, seq) VALUES (?, ?, ?, ?)',
      ).run(glossaryId, sourceLang, targetLang, seq.next);
    }
    const start = prepared(
      this.db,
      `SELECT COALESCE(MAX(position), 0) AS last FROM glossary_entries
         WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?`,
    ).get(glossaryId, sourceLang, targetLang) as { last: number };
    // A merged entry whose source exists replaces that entry's target and keeps its place.
    const upsert = prepared(
      this.db,
      `INSERT INTO glossary_entries (glossary_id, source_lang, target_lang, position, source, target)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (glossary_id, source_lang, target_lang, source) DO UPDATE SET target = excluded.target`,
    );
    let position = start.last;
    for (const entry of dictionary.entries) {
      upsert.run(glossaryId, sourceLang, targetLang, ++position, entry.source, entry.target);
    }
  }
}
