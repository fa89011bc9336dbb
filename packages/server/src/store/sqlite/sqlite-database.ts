import { randomUUID } from 'node:crypto';
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { chunkText } from '../chunk-text.js';
import { dictionaryVersion, hashSecret, newKeyId, secretHint } from '../hashing.js';
import { openSqlite, type SqliteConnection, type SqliteStatement } from './sqlite-connection.js';

/** The SQLite handle every store shares. */
export type ServiceDatabase = SqliteConnection;

interface DictionaryRow {
  glossary_id: string;
  source_lang: string;
  target_lang: string;
  entries: string;
}

// Every dictionary with its TSV text, as the migrations that move that text read it.
function dictionaryRows(db: ServiceDatabase): DictionaryRow[] {
  return db
    .prepare('SELECT glossary_id, source_lang, target_lang, entries FROM glossary_dictionaries')
    .all() as DictionaryRow[];
}

// Dictionaries are stored as one TSV text each, so writing or reading a 10 MB dictionary is
// one row, not hundreds of thousands; entries are parsed where they are used, in a worker.
function storeDictionariesAsText(db: ServiceDatabase): void {
  db.exec(`
    ALTER TABLE glossary_dictionaries ADD COLUMN entries TEXT NOT NULL DEFAULT '';
    ALTER TABLE glossary_dictionaries ADD COLUMN entry_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE glossary_dictionaries ADD COLUMN version TEXT NOT NULL DEFAULT '';
    UPDATE glossary_dictionaries AS d SET
      entries = COALESCE((SELECT group_concat(e.source || char(9) || e.target, char(10) ORDER BY e.position)
        FROM glossary_entries e WHERE e.glossary_id = d.glossary_id
          AND e.source_lang = d.source_lang AND e.target_lang = d.target_lang), ''),
      entry_count = (SELECT COUNT(*) FROM glossary_entries e WHERE e.glossary_id = d.glossary_id
          AND e.source_lang = d.source_lang AND e.target_lang = d.target_lang);
    DROP TABLE glossary_entries;
  `);
  const rows = dictionaryRows(db);
  const update = db.prepare(
    'UPDATE glossary_dictionaries SET version = ? WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?',
  );
  for (const row of rows) {
    update.run(dictionaryVersion(row.entries), row.glossary_id, row.source_lang, row.target_lang);
  }
}

// Keys were stored in clear, with the key itself as key_id: each gets a fresh key_id and only
// the hash of the secret is kept; usage and tasks follow the key to its new id.
function hashStoredKeys(db: ServiceDatabase): void {
  db.exec(`
    ALTER TABLE api_keys ADD COLUMN secret_hash TEXT;
    ALTER TABLE api_keys ADD COLUMN secret_hint TEXT NOT NULL DEFAULT '';
  `);
  const rows = db.prepare('SELECT key_id FROM api_keys').all() as Array<{ key_id: string }>;
  const setKey = db.prepare(
    'UPDATE api_keys SET key_id = ?, secret_hash = ?, secret_hint = ? WHERE key_id = ?',
  );
  const moveUsage = db.prepare('UPDATE usage_daily SET key_id = ? WHERE key_id = ?');
  const moveTasks = db.prepare('UPDATE agent_tasks SET key_id = ? WHERE key_id = ?');
  for (const { key_id: secret } of rows) {
    const id = newKeyId();
    setKey.run(id, hashSecret(secret), secretHint(secret), secret);
    moveUsage.run(id, secret);
    moveTasks.run(id, secret);
  }
  db.exec('CREATE UNIQUE INDEX api_keys_secret ON api_keys (secret_hash)');
}

// Agent task runs record their charge with their result; `charged` marks a run that billed.
function recordTaskCharges(db: ServiceDatabase): void {
  db.exec(`
    ALTER TABLE agent_tasks ADD COLUMN charged INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE agent_tasks ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
  `);
}

// A dictionary's text moves to numbered chunks (see ChunkStore): a 10 MB dictionary is never
// written or read by one call on the event loop. `entries` stays, empty, for older readers.
function storeDictionaryChunks(db: ServiceDatabase): void {
  db.exec(`
    CREATE TABLE text_chunks (chunk_set TEXT NOT NULL, n INTEGER NOT NULL, data BLOB NOT NULL);
    CREATE UNIQUE INDEX text_chunks_set ON text_chunks (chunk_set, n);
    ALTER TABLE glossary_dictionaries ADD COLUMN chunk_set TEXT;
  `);
  const rows = dictionaryRows(db);
  const insert = db.prepare('INSERT INTO text_chunks (chunk_set, n, data) VALUES (?, ?, ?)');
  const update = db.prepare(
    `UPDATE glossary_dictionaries SET chunk_set = ?, entries = ''
       WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?`,
  );
  for (const row of rows) {
    const set = randomUUID();
    for (const [n, chunk] of chunkText(row.entries).entries()) insert.run(set, n, chunk);
    update.run(set, row.glossary_id, row.source_lang, row.target_lang);
  }
}

// Agent tasks are held by a lease (see TaskStore.claim); voice sessions and the gateway's
// answers and upstream glossaries are stored like everything else.
const LEASES_VOICE_AND_GATEWAY = `
  ALTER TABLE agent_tasks ADD COLUMN lease_owner TEXT;
  ALTER TABLE agent_tasks ADD COLUMN lease_expires INTEGER;
  CREATE INDEX agent_tasks_status ON agent_tasks (status, created_at);
  CREATE TABLE voice_sessions (
    session_id TEXT PRIMARY KEY,
    key_id TEXT NOT NULL,
    settings TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    token_issued_at INTEGER NOT NULL,
    token_used INTEGER NOT NULL DEFAULT 0,
    dropped_at INTEGER,
    connected_until INTEGER
  );
  CREATE TABLE voice_retired_tokens (
    token_hash TEXT PRIMARY KEY,
    session_id TEXT NOT NULL
  );
  CREATE TABLE upstream_cache (
    cache_key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE upstream_glossaries (
    dictionary_key TEXT PRIMARY KEY,
    upstream_id TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
`;

/** Each entry moves the schema one version forward; `user_version` records how far a file got. */
export const SCHEMA_MIGRATIONS: ReadonlyArray<string | ((db: ServiceDatabase) => void)> = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE api_keys (
    key_id TEXT PRIMARY KEY,
    label TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('developer', 'admin')),
    tier TEXT NOT NULL CHECK (tier IN ('free', 'paid')),
    creation_time TEXT NOT NULL,
    deactivated_time TEXT,
    character_limit INTEGER,
    seq INTEGER NOT NULL
  );
  CREATE TABLE usage_daily (
    key_id TEXT NOT NULL,
    day TEXT NOT NULL,
    translation_chars INTEGER NOT NULL DEFAULT 0,
    improvement_chars INTEGER NOT NULL DEFAULT 0,
    document_chars INTEGER NOT NULL DEFAULT 0,
    speech_ms INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (key_id, day)
  ) WITHOUT ROWID;
  CREATE TABLE glossaries (
    glossary_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    creation_time TEXT NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0,
    seq INTEGER NOT NULL
  );
  CREATE TABLE glossary_dictionaries (
    glossary_id TEXT NOT NULL REFERENCES glossaries (glossary_id) ON DELETE CASCADE,
    source_lang TEXT NOT NULL,
    target_lang TEXT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (glossary_id, source_lang, target_lang)
  ) WITHOUT ROWID;
  CREATE TABLE glossary_entries (
    glossary_id TEXT NOT NULL,
    source_lang TEXT NOT NULL,
    target_lang TEXT NOT NULL,
    position INTEGER NOT NULL,
    source TEXT NOT NULL,
    target TEXT NOT NULL,
    PRIMARY KEY (glossary_id, source_lang, target_lang, source),
    FOREIGN KEY (glossary_id, source_lang, target_lang)
      REFERENCES glossary_dictionaries (glossary_id, source_lang, target_lang) ON DELETE CASCADE
  ) WITHOUT ROWID;
  CREATE TABLE style_rules (
    style_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    language TEXT NOT NULL,
    version INTEGER NOT NULL,
    creation_time TEXT NOT NULL,
    updated_time TEXT NOT NULL,
    configured_rules TEXT NOT NULL,
    custom_instructions TEXT NOT NULL,
    seq INTEGER NOT NULL
  );
  CREATE TABLE agent_tasks (
    task_id TEXT PRIMARY KEY,
    workflow_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    input TEXT NOT NULL,
    status TEXT NOT NULL,
    error TEXT,
    created_at INTEGER NOT NULL,
    last_modified INTEGER NOT NULL
  );
  CREATE TABLE agent_artifacts (
    artifact_id TEXT PRIMARY KEY,
    task_id TEXT NOT NULL REFERENCES agent_tasks (task_id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    content TEXT NOT NULL,
    schema TEXT,
    seq INTEGER NOT NULL
  );
  CREATE INDEX agent_artifacts_task ON agent_artifacts (task_id, seq);
  `,
  storeDictionariesAsText,
  hashStoredKeys,
  recordTaskCharges,
  storeDictionaryChunks,
  LEASES_VOICE_AND_GATEWAY,
];

// The database holds key hashes, usage and customers' glossaries: owner-only, and so are
// the -wal and -shm files (SQLite gives them the database file's mode).
function restrictFile(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`])
    if (existsSync(file)) chmodSync(file, 0o600);
}

/** Opens (and creates or migrates) the service database at `path`, or in memory for `:memory:`. */
export function openDatabase(path: string): ServiceDatabase {
  const onDisk = path !== ':memory:' && path !== '';
  if (onDisk) restrictFile(path);
  const db = openSqlite(path);
  // WAL keeps readers off writers' backs; every change runs in a transaction, so a kill -9
  // at any moment leaves the last committed state.
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < SCHEMA_MIGRATIONS.length; version++) {
    db.transaction(() => {
      const step = SCHEMA_MIGRATIONS[version]!;
      if (typeof step === 'string') db.exec(step);
      else step(db);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  if (onDisk) restrictFile(path);
  return db;
}

const statements = new WeakMap<ServiceDatabase, Map<string, SqliteStatement>>();

/** A prepared statement for `sql`, compiled once per database and reused. */
export function prepared(db: ServiceDatabase, sql: string): SqliteStatement {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

/** Reads a value of the `meta` table, creating it with `create()` the first time. */
export function metaValue(db: ServiceDatabase, key: string, create: () => string): string {
  const row = prepared(db, 'SELECT value FROM meta WHERE key = ?').get(key) as
    | { value: string }
    | undefined;
  if (row) return row.value;
  const value = create();
  prepared(db, 'INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)').run(key, value);
  return (prepared(db, 'SELECT value FROM meta WHERE key = ?').get(key) as { value: string }).value;
}

/** The next value of a per-table ordering column. */
export function nextSeq(db: ServiceDatabase, table: string): number {
  const row = prepared(db, `SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM ${table}`).get() as {
    next: number;
  };
  return row.next;
}
