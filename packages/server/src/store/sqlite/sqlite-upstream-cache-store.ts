import type { UpstreamCacheStore } from '../upstream-cache-store.js';
import { prepared, type ServiceDatabase } from './sqlite-database.js';

/** {@link UpstreamCacheStore} in SQLite. */
export class SqliteUpstreamCacheStore implements UpstreamCacheStore {
  constructor(private readonly db: ServiceDatabase) {}

  async answers(keys: readonly string[]): Promise<Map<string, string>> {
    const select = prepared(this.db, 'SELECT value FROM upstream_cache WHERE cache_key = ?');
    const found = new Map<string, string>();
    for (const key of keys) {
      const row = select.get(key) as { value: string } | undefined;
      if (row) found.set(key, row.value);
    }
    return found;
  }

  async saveAnswers(entries: ReadonlyArray<readonly [string, string]>, now: number): Promise<void> {
    const insert = prepared(
      this.db,
      'INSERT OR IGNORE INTO upstream_cache (cache_key, value, created_at) VALUES (?, ?, ?)',
    );
    this.db.transaction(() => {
      for (const [key, value] of entries) insert.run(key, value, now);
    })();
  }

  async glossary(dictionaryKey: string): Promise<string | undefined> {
    const row = prepared(
      this.db,
      'SELECT upstream_id FROM upstream_glossaries WHERE dictionary_key = ?',
    ).get(dictionaryKey) as { upstream_id: string } | undefined;
    return row?.upstream_id;
  }

  async saveGlossary(dictionaryKey: string, upstreamId: string, now: number): Promise<string> {
    prepared(
      this.db,
      'INSERT OR IGNORE INTO upstream_glossaries (dictionary_key, upstream_id, created_at) VALUES (?, ?, ?)',
    ).run(dictionaryKey, upstreamId, now);
    return (await this.glossary(dictionaryKey))!;
  }

  async prune(before: number): Promise<number> {
    return prepared(this.db, 'DELETE FROM upstream_cache WHERE created_at < ?').run(before).changes;
  }

  async forgetGlossary(dictionaryKey: string, upstreamId: string): Promise<void> {
    prepared(
      this.db,
      'DELETE FROM upstream_glossaries WHERE dictionary_key = ? AND upstream_id = ?',
    ).run(dictionaryKey, upstreamId);
  }
}
