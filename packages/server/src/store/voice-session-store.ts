/** Settings a voice session was created with. */
export interface VoiceSessionSettings {
  keyId: string;
  contentType: string;
  sourceLanguage: string | null;
  sourceLanguageMode: 'auto' | 'fixed';
  targetLanguages: string[];
  messageFormat: 'json' | 'msgpack';
  glossaryId: string | null;
  formality: 'default' | 'more' | 'less';
}

/**
 * A voice session as stored, shared by every replica: its token is kept as a hash (the token
 * is a secret), with when it was issued and whether a connection took it. A connection open
 * on some replica holds the session until `connectedUntil` (renewed while it is open).
 */
export interface StoredVoiceSession extends VoiceSessionSettings {
  sessionId: string;
  tokenHash: string;
  tokenIssuedAt: number;
  tokenUsed: boolean;
  /** When its last connection closed (null while connected or never connected). */
  droppedAt: number | null;
  /** Until when an open connection holds it (null: no connection). */
  connectedUntil: number | null;
}

/** What a token names: the session whose current token it is, or whose token it was. */
export interface TokenLookup {
  session: StoredVoiceSession;
  current: boolean;
}

/** Limits the sweep applies, in ms. */
export interface VoiceSweepLimits {
  now: number;
  /** An unused token expires after this long. */
  tokenTtlMs: number;
  /** A session whose connection dropped ends after this long without a new one. */
  idleMs: number;
}

/** Voice sessions and their tokens, where every replica finds them. */
export interface VoiceSessionStore {
  /** Stores a new session with its first token. */
  create(session: StoredVoiceSession): Promise<void>;
  /** The session a token (current or retired) names, or undefined. */
  lookup(tokenHash: string): Promise<TokenLookup | undefined>;
  /**
   * Takes the session's current token for a connection, once: false when another connection
   * (on any replica) took it first, or the token is no longer current.
   */
  takeToken(tokenHash: string, connectedUntil: number): Promise<boolean>;
  /**
   * Replaces the current token `oldHash` by `newHash` (issued `now`), keeping the old one as
   * retired: false when `oldHash` was no longer current (another request rotated it first).
   */
  rotate(sessionId: string, oldHash: string, newHash: string, now: number): Promise<boolean>;
  /** Renews the hold of open connections (`[sessionId, tokenHash]`); returns the ones still current. */
  renew(held: ReadonlyArray<readonly [string, string]>, until: number): Promise<Set<string>>;
  /** Notes that the connection that took `tokenHash` closed. */
  dropped(sessionId: string, tokenHash: string, now: number): Promise<void>;
  /** Ends a session for good: it and its tokens are forgotten. */
  end(sessionId: string): Promise<void>;
  /**
   * Ends sessions whose token expired unused while no connection was open, and sessions whose
   * connection dropped (or whose replica stopped renewing it) and were not resumed in time.
   */
  sweep(limits: VoiceSweepLimits): Promise<string[]>;
}

/** A row of `voice_sessions`, as both databases return it. */
export interface VoiceSessionRow {
  session_id: string;
  key_id: string;
  settings: string;
  token_hash: string;
  token_issued_at: number | string;
  token_used: number | boolean;
  dropped_at: number | string | null;
  connected_until: number | string | null;
}

/** The stored settings column of a session (everything but its key). */
export function voiceSettingsJson(session: VoiceSessionSettings): string {
  const { keyId: _keyId, ...settings } = session;
  return JSON.stringify(settings);
}

/** A stored row as a {@link StoredVoiceSession}. */
export function toStoredVoiceSession(row: VoiceSessionRow): StoredVoiceSession {
  const settings = JSON.parse(row.settings) as Omit<VoiceSessionSettings, 'keyId'>;
  return {
    ...settings,
    keyId: row.key_id,
    sessionId: row.session_id,
    tokenHash: row.token_hash,
    tokenIssuedAt: Number(row.token_issued_at),
    tokenUsed: row.token_used === true || row.token_used === 1,
    droppedAt: row.dropped_at === null ? null : Number(row.dropped_at),
    connectedUntil: row.connected_until === null ? null : Number(row.connected_until),
  };
}
