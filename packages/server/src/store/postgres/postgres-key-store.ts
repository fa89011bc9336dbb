import { MAX_ACTIVE_DEVELOPER_KEYS } from '@transloom/client/wire';
import { hashSecret, newKeyId, secretHint } from '../hashing.js';
import {
  type CreatedKey,
  DEFAULT_KEY_LABEL,
  developerKeyNotFound,
  type KeyKind,
  type KeyRecord,
  type KeyRow,
  type KeyStore,
  type KeyTier,
  newSecret,
  startupKeyOverCap,
  startupLabel,
  toKeyRecord,
  tooManyActiveKeys,
} from '../key-store.js';
import type { PgSession, PgValue, PostgresDatabase } from './postgres-database.js';

// Key creation counts the active keys first: one replica at a time.
const KEYS_LOCK = 'transloom:keys';

/** {@link KeyStore} in PostgreSQL. */
export class PostgresKeyStore implements KeyStore {
  constructor(private readonly db: PostgresDatabase) {}

  async find(secret: string, on: PgSession = this.db): Promise<KeyRecord | undefined> {
    const row = await on.row<KeyRow>('SELECT * FROM api_keys WHERE secret_hash = $1', [
      hashSecret(secret),
    ]);
    return row && toKeyRecord(row);
  }

  async byId(keyId: string, on: PgSession = this.db): Promise<KeyRecord | undefined> {
    const row = await on.row<KeyRow>('SELECT * FROM api_keys WHERE key_id = $1', [keyId]);
    return row && toKeyRecord(row);
  }

  private async activeDevelopers(tx: PgSession): Promise<number> {
    const row = await tx.row<{ n: number }>(
      "SELECT COUNT(*) AS n FROM api_keys WHERE kind = 'developer' AND deactivated_time IS NULL",
    );
    return row!.n;
  }

  private async insert(
    tx: PgSession,
    secret: string,
    kind: KeyKind,
    tier: KeyTier,
    label: string,
    now: Date,
  ): Promise<KeyRecord> {
    const row = await tx.row<KeyRow>(
      `INSERT INTO api_keys (key_id, label, kind, tier, creation_time, secret_hash, secret_hint)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [newKeyId(), label, kind, tier, now.toISOString(), hashSecret(secret), secretHint(secret)],
    );
    return toKeyRecord(row!);
  }

  async ensure(secret: string, kind: KeyKind, tier: KeyTier, now: Date): Promise<KeyRecord> {
    return this.db.transaction(async (tx) => {
      await tx.lock(KEYS_LOCK);
      const found = await this.find(secret, tx);
      if (found) return found;
      if (kind === 'developer' && (await this.activeDevelopers(tx)) >= MAX_ACTIVE_DEVELOPER_KEYS)
        throw startupKeyOverCap();
      return this.insert(tx, secret, kind, tier, startupLabel(kind), now);
    });
  }

  async create(label: string | undefined, now: Date): Promise<CreatedKey> {
    return this.db.transaction(async (tx) => {
      await tx.lock(KEYS_LOCK);
      if ((await this.activeDevelopers(tx)) >= MAX_ACTIVE_DEVELOPER_KEYS) throw tooManyActiveKeys();
      const secret = newSecret();
      const record = await this.insert(
        tx,
        secret,
        'developer',
        'paid',
        label ?? DEFAULT_KEY_LABEL,
        now,
      );
      return { ...record, secret };
    });
  }

  async listDevelopers(): Promise<KeyRecord[]> {
    const rows = await this.db.rows<KeyRow>(
      "SELECT * FROM api_keys WHERE kind = 'developer' ORDER BY seq",
    );
    return rows.map(toKeyRecord);
  }

  // Runs `sql` ($1 the key id) on a developer key and returns the key as changed.
  private async change(keyId: string, sql: string, params: PgValue[]): Promise<KeyRecord> {
    const key = await this.byId(keyId);
    if (key?.kind !== 'developer') throw developerKeyNotFound(keyId);
    await this.db.run(sql, [keyId, ...params]);
    return (await this.byId(keyId))!;
  }

  async rename(keyId: string, label: string): Promise<KeyRecord> {
    return this.change(keyId, 'UPDATE api_keys SET label = $2 WHERE key_id = $1', [label]);
  }

  async setLimit(keyId: string, characters: number | null): Promise<KeyRecord> {
    return this.change(keyId, 'UPDATE api_keys SET character_limit = $2 WHERE key_id = $1', [
      characters,
    ]);
  }

  async deactivate(keyId: string, now: Date): Promise<KeyRecord> {
    return this.change(
      keyId,
      'UPDATE api_keys SET deactivated_time = $2 WHERE key_id = $1 AND deactivated_time IS NULL',
      [now.toISOString()],
    );
  }
}
