import type { ServiceStore } from '../service-store.js';
import { metaValue, openDatabase, type ServiceDatabase } from './sqlite-database.js';
import { SqliteGlossaryStore } from './sqlite-glossary-store.js';
import { SqliteKeyStore } from './sqlite-key-store.js';
import { SqliteStyleRuleStore } from './sqlite-style-rule-store.js';
import { SqliteTaskStore } from './sqlite-task-store.js';
import { SqliteUpstreamCacheStore } from './sqlite-upstream-cache-store.js';
import { SqliteUsageStore } from './sqlite-usage-store.js';
import { SqliteVoiceSessionStore } from './sqlite-voice-session-store.js';

/** The service's data in one SQLite file (or in memory): the embedded default, one process. */
export interface SqliteServiceStore extends ServiceStore {
  readonly kind: 'sqlite';
  /** The connection (tests look inside). */
  readonly db: ServiceDatabase;
}

/** Opens (creating or migrating) the SQLite store at `path`, or in memory for `:memory:`. */
export function openSqliteStore(path: string): SqliteServiceStore {
  const db = openDatabase(path);
  const glossaries = new SqliteGlossaryStore(db);
  return {
    kind: 'sqlite',
    shared: false,
    db,
    keys: new SqliteKeyStore(db),
    usage: new SqliteUsageStore(db),
    glossaries,
    styles: new SqliteStyleRuleStore(db),
    tasks: new SqliteTaskStore(db),
    voice: new SqliteVoiceSessionStore(db),
    upstream: new SqliteUpstreamCacheStore(db),
    metaValue: async (key, create) => metaValue(db, key, create),
    async close() {
      await glossaries.close();
      db.close();
    },
  };
}
