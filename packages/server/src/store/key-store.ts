import { randomBytes } from 'node:crypto';
import { MAX_ACTIVE_DEVELOPER_KEYS } from '@transloom/client/wire';
import { badRequest, notFound } from '../http/http-error.js';
import { nextSeq, prepared, type ServiceDatabase } from './database.js';
import { hashSecret, newKeyId, secretHint } from './hashing.js';

/** Who a key belongs to: developer keys use the service, admin keys administer it. */
export type KeyKind = 'developer' | 'admin';
/** The plan a developer key is on; the free tier cannot use the paid-only parts. */
export type KeyTier = 'free' | 'paid';

/** A stored key: its public id and metadata; the secret itself is never stored, only its hash. */
export interface KeyRecord {
  keyId: string;
  label: string;
  /** The first and last characters of the secret, to recognize a key in reports. */
  hint: string;
  kind: KeyKind;
  tier: KeyTier;
  creationTime: string;
  deactivatedTime: string | null;
  characterLimit: number | null;
}

/** The label a developer key gets when created without one. */
export const DEFAULT_KEY_LABEL = 'Developer key';

/** Characters a key label may hold. */
export const MAX_KEY_LABEL_CHARS = 256;

/** Thrown at start-up when the keys given would exceed the active developer key cap. */
export class KeyLimitError extends Error {
  override readonly name = 'KeyLimitError';
  readonly code = 'TRANSLOOM_KEY_LIMIT';
}

interface KeyRow {
  key_id: string;
  label: string;
  secret_hint: string;
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
    hint: row.secret_hint,
    kind: row.kind,
    tier: row.tier,
    creationTime: row.creation_time,
    deactivatedTime: row.deactivated_time,
    characterLimit: row.character_limit,
  };
}

/** A newly created key with its secret, which is shown once and never stored. */
export interface CreatedKey extends KeyRecord {
  secret: string;
}

/** Developer and admin keys, stored by id with only a SHA-256 hash of each secret. */
export class KeyStore {
  constructor(private readonly db: ServiceDatabase) {}

  /** Finds the key a secret authenticates (looked up by its hash), or undefined. */
  find(secret: string): KeyRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM api_keys WHERE secret_hash = ?').get(
      hashSecret(secret),
    ) as KeyRow | undefined;
    return row && toRecord(row);
  }

  /** Finds a key by its public id. */
  byId(keyId: string): KeyRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM api_keys WHERE key_id = ?').get(keyId) as
      | KeyRow
      | undefined;
    return row && toRecord(row);
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
    return this.byId(keyId)!;
  }

  /**
   * Creates a key given at start-up when it does not exist yet. Developer keys count towards
   * the cap of 25 active keys: going over it is a start-up error.
   */
  ensure(secret: string, kind: KeyKind, tier: KeyTier, now: Date): KeyRecord {
    return this.db.transaction(() => {
      const found = this.find(secret);
      if (found) return found;
      if (kind === 'developer' && this.activeDevelopers() >= MAX_ACTIVE_DEVELOPER_KEYS) {
        throw new KeyLimitError(
          `Cannot add a key given at start-up: at most ${MAX_ACTIVE_DEVELOPER_KEYS} developer keys may be active, and ${MAX_ACTIVE_DEVELOPER_KEYS} already are; deactivate one or give fewer keys`,
        );
      }
      return this.insert(
        secret,
        kind,
        tier,
        kind === 'admin' ? 'Admin key' : DEFAULT_KEY_LABEL,
        now,
      );
    })();
  }

  /** Creates a paid developer key with a fresh secret; refused when 25 are already active. */
  create(label: string | undefined, now: Date): CreatedKey {
    return this.db.transaction(() => {
      if (this.activeDevelopers() >= MAX_ACTIVE_DEVELOPER_KEYS) {
        throw badRequest(
          `At most ${MAX_ACTIVE_DEVELOPER_KEYS} developer keys may be active; deactivate one first`,
          { rule: 'max-active-keys' },
        );
      }
      const secret = randomBytes(32).toString('base64url');
      const record = this.insert(secret, 'developer', 'paid', label ?? DEFAULT_KEY_LABEL, now);
      return { ...record, secret };
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
    const key = this.byId(keyId);
    // A key id is not a secret, but a secret sent here by mistake must not be echoed.
    if (key?.kind !== 'developer') throw notFound(`Developer key not found: ${maskKey(keyId)}`);
    return key!;
  }

  /** Renames a developer key. */
  rename(keyId: string, label: string): KeyRecord {
    this.developer(keyId);
    prepared(this.db, 'UPDATE api_keys SET label = ? WHERE key_id = ?').run(label, keyId);
    return this.byId(keyId)!;
  }

  /** Sets a developer key's monthly character limit (null: none). */
  setLimit(keyId: string, characters: number | null): KeyRecord {
    this.developer(keyId);
    prepared(this.db, 'UPDATE api_keys SET character_limit = ? WHERE key_id = ?').run(
      characters,
      keyId,
    );
    return this.byId(keyId)!;
  }

  /** Deactivates a developer key: immediate and permanent. */
  deactivate(keyId: string, now: Date): KeyRecord {
    this.developer(keyId);
    prepared(
      this.db,
      'UPDATE api_keys SET deactivated_time = ? WHERE key_id = ? AND deactivated_time IS NULL',
    ).run(now.toISOString(), keyId);
    return this.byId(keyId)!;
  }
}

/** A key for reports and messages: its first and last characters at most (see {@link secretHint}). */
export function maskKey(key: string): string {
  return maskHint(secretHint(key));
}

/**
 * The mask of a stored key, from the hint kept at creation: `a****f`, its first and last
 * characters. A key stored by an older version kept its last 4 characters: its mask shows
 * the last one.
 */
export function maskHint(hint: string): string {
  const chars = [...hint];
  if (chars.length === 2) return `${chars[0]}****${chars[1]}`;
  return `****${chars.at(-1) ?? ''}`;
}
