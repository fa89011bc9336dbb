import {
  type StoredVoiceSession,
  type TokenLookup,
  toStoredVoiceSession,
  type VoiceSessionRow,
  type VoiceSessionStore,
  type VoiceSweepLimits,
  voiceSettingsJson,
} from '../voice-session-store.js';
import { prepared, type ServiceDatabase } from './sqlite-database.js';

/** {@link VoiceSessionStore} in SQLite. */
export class SqliteVoiceSessionStore implements VoiceSessionStore {
  constructor(private readonly db: ServiceDatabase) {}

  async create(session: StoredVoiceSession): Promise<void> {
    prepared(
      this.db,
      `INSERT INTO voice_sessions (session_id, key_id, settings, token_hash, token_issued_at,
           token_used, dropped_at, connected_until) VALUES (?, ?, ?, ?, ?, 0, NULL, NULL)`,
    ).run(
      session.sessionId,
      session.keyId,
      voiceSettingsJson(session),
      session.tokenHash,
      session.tokenIssuedAt,
    );
  }

  async lookup(tokenHash: string): Promise<TokenLookup | undefined> {
    const current = prepared(this.db, 'SELECT * FROM voice_sessions WHERE token_hash = ?').get(
      tokenHash,
    ) as VoiceSessionRow | undefined;
    if (current) return { session: toStoredVoiceSession(current), current: true };
    const old = prepared(
      this.db,
      `SELECT s.* FROM voice_retired_tokens r JOIN voice_sessions s USING (session_id)
         WHERE r.token_hash = ?`,
    ).get(tokenHash) as VoiceSessionRow | undefined;
    return old && { session: toStoredVoiceSession(old), current: false };
  }

  async takeToken(tokenHash: string, connectedUntil: number): Promise<boolean> {
    return (
      prepared(
        this.db,
        `UPDATE voice_sessions SET token_used = 1, dropped_at = NULL, connected_until = ?
           WHERE token_hash = ? AND token_used = 0`,
      ).run(connectedUntil, tokenHash).changes > 0
    );
  }

  async rotate(sessionId: string, oldHash: string, newHash: string, now: number): Promise<boolean> {
    return this.db.transaction(() => {
      const changed = prepared(
        this.db,
        `UPDATE voice_sessions SET token_hash = ?, token_issued_at = ?, token_used = 0,
             dropped_at = NULL, connected_until = NULL
           WHERE session_id = ? AND token_hash = ?`,
      ).run(newHash, now, sessionId, oldHash).changes;
      if (changed === 0) return false;
      prepared(
        this.db,
        'INSERT OR IGNORE INTO voice_retired_tokens (token_hash, session_id) VALUES (?, ?)',
      ).run(oldHash, sessionId);
      return true;
    })();
  }

  async renew(held: ReadonlyArray<readonly [string, string]>, until: number): Promise<Set<string>> {
    const renew = prepared(
      this.db,
      'UPDATE voice_sessions SET connected_until = ? WHERE session_id = ? AND token_hash = ?',
    );
    const current = new Set<string>();
    for (const [sessionId, tokenHash] of held)
      if (renew.run(until, sessionId, tokenHash).changes > 0) current.add(sessionId);
    return current;
  }

  async dropped(sessionId: string, tokenHash: string, now: number): Promise<void> {
    prepared(
      this.db,
      `UPDATE voice_sessions SET dropped_at = ?, connected_until = NULL
         WHERE session_id = ? AND token_hash = ?`,
    ).run(now, sessionId, tokenHash);
  }

  async end(sessionId: string): Promise<void> {
    this.db.transaction(() => {
      prepared(this.db, 'DELETE FROM voice_retired_tokens WHERE session_id = ?').run(sessionId);
      prepared(this.db, 'DELETE FROM voice_sessions WHERE session_id = ?').run(sessionId);
    })();
  }

  async sweep({ now, tokenTtlMs, idleMs }: VoiceSweepLimits): Promise<string[]> {
    const rows = prepared(
      this.db,
      `SELECT session_id FROM voice_sessions
         WHERE (connected_until IS NULL OR connected_until < ?)
           AND ((token_used = 0 AND token_issued_at < ?)
             OR (token_used = 1 AND COALESCE(dropped_at, connected_until) < ?))`,
    ).all(now, now - tokenTtlMs, now - idleMs) as Array<{ session_id: string }>;
    const ended = rows.map((r) => r.session_id);
    for (const id of ended) await this.end(id);
    return ended;
  }
}
