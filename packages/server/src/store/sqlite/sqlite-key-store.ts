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
import { nextSeq, prepared, type ServiceDatabase } from './sqlite-database.js';

/** {@link KeyStore} in SQLite: each call is one synchronous step, so none interleaves with another. */
export class SqliteKeyStore implements KeyStore {
  constructor(private readonly db: ServiceDatabase) {}

  private findSync(secret: string): KeyRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM api_keys WHERE secret_hash = ?').get(
      hashSecret(secret),
    ) as KeyRow | undefined;
    return row && toKeyRecord(row);
  }

  private byIdSync(keyId: string): KeyRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM api_keys WHERE key_id = ?').get(keyId) as
      | KeyRow
      | undefined;
    return row && toKeyRecord(row);
  }

  async find(secret: string): Promise<KeyRecord | undefined> {
    return this.findSync(secret);
  }

  async byId(keyId: string): Promise<KeyRecord | undefined> {
    return this.byIdSync(keyId);
  }

  private activeDevelopers(): number {
    return (
      prepared(
        this.db,
        "SELECT COUNT(*) AS n FROM api_keys WHERE kind = 'developer' AND deactivated_time IS NULL",
      ).get() as { n: number }
    ).n;
  }

  private insert(
    secret: string,
    kind: KeyKind,
    tier: KeyTier,
    label: string,
    now: Date,
  ): KeyRecord {
    const keyId = newKeyId();
    prepared(
      this.db,
      `INSERT INTO api_keys (key_id, label, kind, tier, creation_time, seq, secret_hash, secret_hint)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      keyId,
      label,
      kind,
      tier,
      now.toISOString(),
      nextSeq(this.db, 'api_keys'),
      hashSecret(secret),
      secretHint(secret),
    );
    return this.byIdSync(keyId)!;
  }

  async ensure(secret: string, kind: KeyKind, tier: KeyTier, now: Date): Promise<KeyRecord> {
    return this.db.transaction(() => {
      const found = this.findSync(secret);
      if (found) return found;
      if (kind === 'developer' && this.activeDevelopers() >= MAX_ACTIVE_DEVELOPER_KEYS)
        throw startupKeyOverCap();
      return this.insert(secret, kind, tier, startupLabel(kind), now);
    })();
  }

  async create(label: string | undefined, now: Date): Promise<CreatedKey> {
    return this.db.transaction(() => {
      if (this.activeDevelopers() >= MAX_ACTIVE_DEVELOPER_KEYS) throw tooManyActiveKeys();
      const secret = newSecret();
      const record = this.insert(secret, 'developer', 'paid', label ?? DEFAULT_KEY_LABEL, now);
      return { ...record, secret };
    })();
  }

  async listDevelopers(): Promise<KeyRecord[]> {
    const rows = prepared(
      this.db,
      "SELECT * FROM api_keys WHERE kind = 'developer' ORDER BY seq",
    ).all() as KeyRow[];
    return rows.map(toKeyRecord);
  }

  // Runs `sql` (its last parameter the key id) on a developer key and returns it afterwards.
  private change(keyId: string, sql: string, ...params: Array<string | number | null>): KeyRecord {
    const key = this.byIdSync(keyId);
    if (key?.kind !== 'developer') throw developerKeyNotFound(keyId);
    prepared(this.db, sql).run(...params, keyId);
    return this.byIdSync(keyId)!;
  }

  async rename(keyId: string, label: string): Promise<KeyRecord> {
    return this.change(keyId, 'UPDATE api_keys SET label = ? WHERE key_id = ?', label);
  }

  async setLimit(keyId: string, characters: number | null): Promise<KeyRecord> {
    return this.change(
      keyId,
      'UPDATE api_keys SET character_limit = ? WHERE key_id = ?',
      characters,
    );
  }

  async deactivate(keyId: string, now: Date): Promise<KeyRecord> {
    return this.change(
      keyId,
      'UPDATE api_keys SET deactivated_time = ? WHERE key_id = ? AND deactivated_time IS NULL',
      now.toISOString(),
    );
  }
}
