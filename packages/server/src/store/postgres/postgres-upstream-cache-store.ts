import type { UpstreamCacheStore } from '../upstream-cache-store.js';
import type { PostgresDatabase } from './postgres-database.js';

/** {@link UpstreamCacheStore} in PostgreSQL, shared by every replica. */
export class PostgresUpstreamCacheStore implements UpstreamCacheStore {
  constructor(private readonly db: PostgresDatabase) {}

  async answers(keys: readonly string[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db.rows<{ cache_key: string; value: string }>(
      'SELECT cache_key, value FROM upstream_cache WHERE cache_key = ANY($1)',
      [[...keys]],
    );
    return new Map(rows.map((r) => [r.cache_key, r.value]));
  }

  async saveAnswers(entries: ReadonlyArray<readonly [string, string]>, now: number): Promise<void> {
    if (entries.length === 0) return;
    await this.db.run(
      `INSERT INTO upstream_cache (cache_key, value, created_at)
         SELECT k, v, $3 FROM unnest($1::text[], $2::text[]) AS e(k, v)
         ON CONFLICT (cache_key) DO NOTHING`,
      [entries.map(([k]) => k), entries.map(([, v]) => v), now],
    );
  }

  async glossary(dictionaryKey: string): Promise<string | undefined> {
    const row = await this.db.row<{ upstream_id: string }>(
      'SELECT upstream_id FROM upstream_glossaries WHERE dictionary_key = $1',
      [dictionaryKey],
    );
    return row?.upstream_id;
  }

  async saveGlossary(dictionaryKey: string, upstreamId: string, now: number): Promise<string> {
    await this.db.run(
      `INSERT INTO upstream_glossaries (dictionary_key, upstream_id, created_at)
         VALUES ($1, $2, $3) ON CONFLICT (dictionary_key) DO NOTHING`,
      [dictionaryKey, upstreamId, now],
    );
    return (await this.glossary(dictionaryKey))!;
  }

  async prune(before: number): Promise<number> {
    return this.db.run('DELETE FROM upstream_cache WHERE created_at < $1', [before]);
  }

  async forgetGlossary(dictionaryKey: string, upstreamId: string): Promise<void> {
    await this.db.run(
      'DELETE FROM upstream_glossaries WHERE dictionary_key = $1 AND upstream_id = $2',
      [dictionaryKey, upstreamId],
    );
  }
}
