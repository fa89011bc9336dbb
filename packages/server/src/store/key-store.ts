import { MAX_ACTIVE_DEVELOPER_KEYS } from '@transloom/client/wire';
import { badRequest, notFound } from '../http/http-error.js';
import { nextSeq, prepared, type ServiceDatabase } from './database.js';

/** Who a key belongs to: developer keys use the service, admin keys administer it. */
export type KeyKind = 'developer' | 'admin';
/** The plan a developer key is on; the free tier cannot use the paid-only parts. */
export type KeyTier = 'free' | 'paid';

/** A stored key. */
export interface KeyRecord {
  keyId: string;
  label: string;
  kind: KeyKind;
  tier: KeyTier;
  creationTime: string;
  deactivatedTime: string | null;
  characterLimit: number | null;
}

/** The label a developer key gets when created without one. */
export const DEFAULT_KEY_LABEL = 'Developer key';

interface KeyRow {
  key_id: string;
  label: string;
  kind: KeyKind;
  tier: KeyTier;
  creation_time: string;
  deactivated_time: string | null;
  character_limit: number | null;
}

function toRecord(row: KeyRow): KeyRecord {
  return {
    keyId: row.key_id,
    label: row.label,
    kind: row.kind,
    tier: row.tier,
    creationTime: row.creation_time,
    deactivatedTime: row.deactivated_time,
    characterLimit: row.character_limit,
  };
}

/** Developer and admin keys. */
export class KeyStore {
  constructor(private readonly db: ServiceDatabase) {}

  /** Finds a key by its id, which is also the credential it authenticates with. */
  find(keyId: string): KeyRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM api_keys WHERE key_id = ?').get(keyId) as
      | KeyRow
      | undefined;
    return row && toRecord(row);
  }

  /** Creates a key given at start-up when it does not exist yet. */
  ensure(keyId: string, kind: KeyKind, tier: KeyTier, now: Date): KeyRecord {
    prepared(
      this.db,
      `INSERT OR IGNORE INTO api_keys (key_id, label, kind, tier, creation_time, seq)
         VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(
      keyId,
      kind === 'admin' ? 'Admin key' : DEFAULT_KEY_LABEL,
      kind,
      tier,
      now.toISOString(),
      nextSeq(this.db, 'api_keys'),
    );
    return this.find(keyId)!;
  }

  /** Creates a developer key; refused when 25 are already active. */
  create(keyId: string, label: string | undefined, now: Date): KeyRecord {
    return this.db.transaction(() => {
      const active = prepared(
        this.db,
        "SELECT COUNT(*) AS n FROM api_keys WHERE kind = 'developer' AND deactivated_time IS NULL",
      ).get() as { n: number };
      if (active.n >= MAX_ACTIVE_DEVELOPER_KEYS) {
        throw badRequest(
          `At most ${MAX_ACTIVE_DEVELOPER_KEYS} developer keys may be active; deactivate one first`,
          { rule: 'max-active-keys' },
        );
      }
      prepared(
        this.db,
        `INSERT INTO api_keys (key_id, label, kind, tier, creation_time, seq)
           VALUES (?, ?, 'developer', 'paid', ?, ?)`,
      ).run(keyId, label ?? DEFAULT_KEY_LABEL, now.toISOString(), nextSeq(this.db, 'api_keys'));
      return this.find(keyId)!;
    })();
  }

  /** Every developer key, active and deactivated, oldest first. */
  listDevelopers(): KeyRecord[] {
    const rows = prepared(
      this.db,
      "SELECT * FROM api_keys WHERE kind = 'developer' ORDER BY seq",
    ).all() as KeyRow[];
    return rows.map(toRecord);
  }

  private developer(keyId: string): KeyRecord {
    const key = this.find(keyId);
    if (key?.kind !== 'developer') throw notFound(`Developer key not found: ${maskKey(keyId)}`);
    return key!;
  }

  /** Renames a developer key. */
  rename(keyId: string, label: string): KeyRecord {
    this.developer(keyId);
    prepared(this.db, 'UPDATE api_keys SET label = ? WHERE key_id = ?').run(label, keyId);
    return this.find(keyId)!;
  }

  /** Sets a developer key's monthly character limit (null: none). */
  setLimit(keyId: string, characters: number | null): KeyRecord {
    this.developer(keyId);
    prepared(this.db, 'UPDATE api_keys SET character_limit = ? WHERE key_id = ?').run(
      characters,
      keyId,
    );
    return this.find(keyId)!;
  }

  /** Deactivates a developer key: immediate and permanent. */
  deactivate(keyId: string, now: Date): KeyRecord {
    this.developer(keyId);
    prepared(
      this.db,
      'UPDATE api_keys SET deactivated_time = ? WHERE key_id = ? AND deactivated_time IS NULL',
    ).run(now.toISOString(), keyId);
    return this.find(keyId)!;
  }
}

/** A key with only its first and last characters shown, for reports and messages. */
export function maskKey(key: string): string {
  if (key.length <= 2) return '*'.repeat(key.length);
  if (key.length <= 8)
    return `${key.slice(0, 1)}${'*'.repeat(Math.max(0, key.length - 2))}${key.slice(-1)}`;
  return `${key.slice(0, 4)}${'*'.repeat(8)}${key.slice(-4)}`;
}
