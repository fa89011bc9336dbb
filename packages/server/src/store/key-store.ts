import { randomBytes } from 'node:crypto';
import { TransloomError } from '@transloom/client/errors';
import { MAX_ACTIVE_DEVELOPER_KEYS } from '@transloom/client/wire';
import { badRequest, type HttpError, notFound } from '../http/http-error.js';
import { secretHint } from './hashing.js';

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
export class KeyLimitError extends TransloomError {
  override readonly name = 'KeyLimitError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_KEY_LIMIT', message, { ...options, kind: 'user' });
  }
}

/** A row of the `api_keys` table, as both databases return it. */
export interface KeyRow {
  key_id: string;
  label: string;
  secret_hint: string;
  kind: KeyKind;
  tier: KeyTier;
  creation_time: string;
  deactivated_time: string | null;
  character_limit: number | null;
}

/** A stored row as a {@link KeyRecord}. */
export function toKeyRecord(row: KeyRow): KeyRecord {
  return {
    keyId: row.key_id,
    label: row.label,
    hint: row.secret_hint,
    kind: row.kind,
    tier: row.tier,
    creationTime: row.creation_time,
    deactivatedTime: row.deactivated_time,
    characterLimit: row.character_limit === null ? null : Number(row.character_limit),
  };
}

/** A newly created key with its secret, which is shown once and never stored. */
export interface CreatedKey extends KeyRecord {
  secret: string;
}

/** Developer and admin keys, stored by id with only a SHA-256 hash of each secret. */
export interface KeyStore {
  /** Finds the key a secret authenticates (looked up by its hash), or undefined. */
  find(secret: string): Promise<KeyRecord | undefined>;
  /** Finds a key by its public id. */
  byId(keyId: string): Promise<KeyRecord | undefined>;
  /**
   * Creates a key given at start-up when it does not exist yet. Developer keys count towards
   * the cap of 25 active keys: going over it is a start-up error ({@link KeyLimitError}).
   */
  ensure(secret: string, kind: KeyKind, tier: KeyTier, now: Date): Promise<KeyRecord>;
  /** Creates a paid developer key with a fresh secret; a 400 when 25 are already active. */
  create(label: string | undefined, now: Date): Promise<CreatedKey>;
  /** Every developer key, active and deactivated, oldest first. */
  listDevelopers(): Promise<KeyRecord[]>;
  /** Renames a developer key (a 404 for another id). */
  rename(keyId: string, label: string): Promise<KeyRecord>;
  /** Sets a developer key's monthly character limit (null: none). */
  setLimit(keyId: string, characters: number | null): Promise<KeyRecord>;
  /** Deactivates a developer key: immediate and permanent. */
  deactivate(keyId: string, now: Date): Promise<KeyRecord>;
}

/** The error for an id that names no developer key (a secret sent by mistake is not echoed). */
export function developerKeyNotFound(keyId: string): HttpError {
  return notFound(`Developer key not found: ${maskKey(keyId)}`);
}

/** The error for a developer key created while 25 are active. */
export function tooManyActiveKeys(): HttpError {
  return badRequest(
    `At most ${MAX_ACTIVE_DEVELOPER_KEYS} developer keys may be active; deactivate one first`,
    { rule: 'max-active-keys' },
  );
}

/** The start-up error for a key given beyond the cap of 25 active developer keys. */
export function startupKeyOverCap(): KeyLimitError {
  return new KeyLimitError(
    `Cannot add a key given at start-up: at most ${MAX_ACTIVE_DEVELOPER_KEYS} developer keys may be active, and ${MAX_ACTIVE_DEVELOPER_KEYS} already are; deactivate one or give fewer keys`,
  );
}

/** A fresh developer key secret: 32 random bytes, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The label of a key given at start-up. */
export function startupLabel(kind: KeyKind): string {
  return kind === 'admin' ? 'Admin key' : DEFAULT_KEY_LABEL;
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
