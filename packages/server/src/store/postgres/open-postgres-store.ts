import { TransloomError } from '@transloom/client/errors';
import { redactDatabaseUrl } from '../open-service-store.js';
import type { ServiceStore } from '../service-store.js';
import { openPostgresPool, type PostgresDatabase } from './postgres-database.js';
import { PostgresGlossaryStore } from './postgres-glossary-store.js';
import { PostgresKeyStore } from './postgres-key-store.js';
import { migratePostgres } from './postgres-schema.js';
import { PostgresStyleRuleStore } from './postgres-style-rule-store.js';
import { PostgresTaskStore } from './postgres-task-store.js';
import { PostgresUpstreamCacheStore } from './postgres-upstream-cache-store.js';
import { PostgresUsageStore } from './postgres-usage-store.js';
import { PostgresVoiceSessionStore } from './postgres-voice-session-store.js';

/** The service's data in PostgreSQL, shared by any number of replicas. */
export interface PostgresServiceStore extends ServiceStore {
  readonly kind: 'postgres';
  /** The pool (tests look inside). */
  readonly db: PostgresDatabase;
}

/** Opens a pool to `url`, migrates the schema (one replica at a time) and returns the store. */
export async function openPostgresStore(
  url: string,
  options: { poolSize?: number } = {},
): Promise<PostgresServiceStore> {
  const db = openPostgresPool(url, options.poolSize ?? 10);
  try {
    await migratePostgres(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    if (error instanceof TransloomError) throw error;
    // The URL may carry a password: only its redacted form is named.
    throw new TransloomError(
      'TRANSLOOM_DATABASE_UNAVAILABLE',
      `Cannot open the database ${redactDatabaseUrl(url)}: ${(error as Error).message}`,
      { kind: 'user', cause: error },
    );
  }
  const glossaries = new PostgresGlossaryStore(db);
  return {
    kind: 'postgres',
    shared: true,
    db,
    keys: new PostgresKeyStore(db),
    usage: new PostgresUsageStore(db),
    glossaries,
    styles: new PostgresStyleRuleStore(db),
    tasks: new PostgresTaskStore(db),
    voice: new PostgresVoiceSessionStore(db),
    upstream: new PostgresUpstreamCacheStore(db),
    async metaValue(key, create) {
      await db.run('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
        key,
        create(),
      ]);
      return (await db.row<{ value: string }>('SELECT value FROM meta WHERE key = $1', [key]))!
        .value;
    },
    async close() {
      await glossaries.close();
      await db.close();
    },
  };
}
