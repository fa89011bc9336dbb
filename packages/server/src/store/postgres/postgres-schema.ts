import { TransloomError } from '@transloom/client/errors';
import type { PostgresDatabase } from './postgres-database.js';

// Charges a key only while it and the account are under their monthly limits, checked and
// written in one transaction. A limited key's charges take a lock of their own (and, with an
// account limit, every charge takes the account's), so the sums read here include every
// earlier charge of every replica: concurrent requests overshoot by at most those in flight.
const CHARGE_FUNCTION = `
CREATE FUNCTION transloom_charge(p_key TEXT, p_day TEXT, p_from TEXT, p_to TEXT,
    p_translation BIGINT, p_improvement BIGINT, p_document BIGINT, p_account_limit BIGINT)
  RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  v_limit BIGINT;
  v_used BIGINT;
BEGIN
  SELECT character_limit INTO v_limit FROM api_keys WHERE key_id = p_key;
  IF v_limit IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('transloom:charge:' || p_key, 0));
    SELECT COALESCE(SUM(translation_chars + improvement_chars + document_chars), 0) INTO v_used
      FROM usage_daily WHERE key_id = p_key AND day BETWEEN p_from AND p_to;
    IF v_used >= v_limit THEN RETURN 'key-limit'; END IF;
  END IF;
  IF p_account_limit IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('transloom:charge', 0));
    SELECT COALESCE(SUM(translation_chars + improvement_chars + document_chars), 0) INTO v_used
      FROM usage_daily WHERE day BETWEEN p_from AND p_to;
    IF v_used >= p_account_limit THEN RETURN 'account-limit'; END IF;
  END IF;
  INSERT INTO usage_daily (key_id, day, translation_chars, improvement_chars, document_chars)
    VALUES (p_key, p_day, p_translation, p_improvement, p_document)
    ON CONFLICT (key_id, day) DO UPDATE SET
      translation_chars = usage_daily.translation_chars + EXCLUDED.translation_chars,
      improvement_chars = usage_daily.improvement_chars + EXCLUDED.improvement_chars,
      document_chars = usage_daily.document_chars + EXCLUDED.document_chars;
  RETURN 'charged';
END $$;
`;

/** Each entry moves the schema one version forward; `schema_migrations` records how far a database got. */
export const POSTGRES_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE api_keys (
    key_id TEXT PRIMARY KEY,
    label TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('developer', 'admin')),
    tier TEXT NOT NULL CHECK (tier IN ('free', 'paid')),
    creation_time TEXT NOT NULL,
    deactivated_time TEXT,
    character_limit BIGINT,
    secret_hash TEXT NOT NULL UNIQUE,
    secret_hint TEXT NOT NULL DEFAULT '',
    seq BIGINT GENERATED ALWAYS AS IDENTITY
  );
  CREATE TABLE usage_daily (
    key_id TEXT NOT NULL,
    day TEXT NOT NULL,
    translation_chars BIGINT NOT NULL DEFAULT 0,
    improvement_chars BIGINT NOT NULL DEFAULT 0,
    document_chars BIGINT NOT NULL DEFAULT 0,
    speech_ms BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (key_id, day)
  );
  CREATE INDEX usage_daily_day ON usage_daily (day);
  CREATE TABLE glossaries (
    glossary_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    creation_time TEXT NOT NULL,
    seq BIGINT GENERATED ALWAYS AS IDENTITY
  );
  CREATE TABLE glossary_dictionaries (
    glossary_id TEXT NOT NULL REFERENCES glossaries (glossary_id) ON DELETE CASCADE,
    source_lang TEXT NOT NULL,
    target_lang TEXT NOT NULL,
    seq INTEGER NOT NULL,
    chunk_set TEXT NOT NULL,
    entry_count INTEGER NOT NULL,
    version TEXT NOT NULL,
    PRIMARY KEY (glossary_id, source_lang, target_lang)
  );
  CREATE TABLE chunk_sets (
    chunk_set TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    retired_at BIGINT
  );
  CREATE TABLE text_chunks (
    chunk_set TEXT NOT NULL,
    n INTEGER NOT NULL,
    data BYTEA NOT NULL,
    PRIMARY KEY (chunk_set, n)
  );
  CREATE TABLE style_rules (
    style_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    language TEXT NOT NULL,
    version INTEGER NOT NULL,
    creation_time TEXT NOT NULL,
    updated_time TEXT NOT NULL,
    configured_rules TEXT NOT NULL,
    custom_instructions TEXT NOT NULL,
    seq BIGINT GENERATED ALWAYS AS IDENTITY
  );
  CREATE TABLE agent_tasks (
    task_id TEXT PRIMARY KEY,
    workflow_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    input TEXT NOT NULL,
    status TEXT NOT NULL,
    error TEXT,
    created_at BIGINT NOT NULL,
    last_modified BIGINT NOT NULL,
    charged BOOLEAN NOT NULL DEFAULT FALSE,
    attempts INTEGER NOT NULL DEFAULT 0,
    lease_owner TEXT,
    lease_expires BIGINT
  );
  CREATE INDEX agent_tasks_status ON agent_tasks (status, created_at);
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
  CREATE TABLE voice_sessions (
    session_id TEXT PRIMARY KEY,
    key_id TEXT NOT NULL,
    settings TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    token_issued_at BIGINT NOT NULL,
    token_used BOOLEAN NOT NULL DEFAULT FALSE,
    dropped_at BIGINT,
    connected_until BIGINT
  );
  CREATE TABLE voice_retired_tokens (
    token_hash TEXT PRIMARY KEY,
    session_id TEXT NOT NULL
  );
  CREATE TABLE upstream_cache (
    cache_key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    created_at BIGINT NOT NULL
  );
  CREATE TABLE upstream_glossaries (
    dictionary_key TEXT PRIMARY KEY,
    upstream_id TEXT NOT NULL,
    created_at BIGINT NOT NULL
  );
  ${CHARGE_FUNCTION}
  `,
];

/** The lock migrations run under: one replica migrates, the others wait and find it done. */
const MIGRATION_LOCK = 'transloom:migrations';

/**
 * Brings the schema to the newest version, each step in its own transaction. Replicas that
 * start together take turns under an advisory lock (held by one connection for the whole
 * run); the second finds the steps recorded and applies none. Returns the versions applied.
 */
export async function migratePostgres(db: PostgresDatabase): Promise<number[]> {
  const client = await db.pool.connect();
  const ignore = () => undefined; // reported by the query that fails (see PostgresDatabase.transaction)
  client.on('error', ignore);
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
      );
      const done = new Set(
        (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
          (r) => r.version,
        ),
      );
      const newest = Math.max(0, ...done);
      if (newest > POSTGRES_MIGRATIONS.length) {
        throw new TransloomError(
          'TRANSLOOM_DATABASE_NEWER',
          `The database's schema is at version ${newest}, newer than this service knows (${POSTGRES_MIGRATIONS.length}): run the newer version of the service`,
          { kind: 'user' },
        );
      }
      for (const [index, step] of POSTGRES_MIGRATIONS.entries()) {
        const version = index + 1;
        if (done.has(version)) continue;
        try {
          await client.query('BEGIN');
          await client.query(step);
          await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
        applied.push(version);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
    }
  } finally {
    client.off('error', ignore);
    client.release();
  }
  return applied;
}
