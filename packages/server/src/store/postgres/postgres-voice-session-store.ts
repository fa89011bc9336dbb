import {
  type StoredVoiceSession,
  type TokenLookup,
  toStoredVoiceSession,
  type VoiceSessionRow,
  type VoiceSessionStore,
  type VoiceSweepLimits,
  voiceSettingsJson,
} from '../voice-session-store.js';
import type { PostgresDatabase } from './postgres-database.js';

/** {@link VoiceSessionStore} in PostgreSQL: a token works on whichever replica it reaches. */
export class PostgresVoiceSessionStore implements VoiceSessionStore {
  constructor(private readonly db: PostgresDatabase) {}

  async create(session: StoredVoiceSession): Promise<void> {
    await this.db.run(
      `INSERT INTO voice_sessions (session_id, key_id, settings, token_hash, token_issued_at)
         VALUES ($1, $2, $3, $4, $5)`,
      [
        session.sessionId,
        session.keyId,
        voiceSettingsJson(session),
        session.tokenHash,
        session.tokenIssuedAt,
      ],
    );
  }

  async lookup(tokenHash: string): Promise<TokenLookup | undefined> {
    const current = await this.db.row<VoiceSessionRow>(
      'SELECT * FROM voice_sessions WHERE token_hash = $1',
      [tokenHash],
    );
    if (current) return { session: toStoredVoiceSession(current), current: true };
    const old = await this.db.row<VoiceSessionRow>(
      `SELECT s.* FROM voice_retired_tokens r JOIN voice_sessions s USING (session_id)
         WHERE r.token_hash = $1`,
      [tokenHash],
    );
    return old && { session: toStoredVoiceSession(old), current: false };
  }

  async takeToken(tokenHash: string, connectedUntil: number): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE voice_sessions SET token_used = TRUE, dropped_at = NULL, connected_until = $2
           WHERE token_hash = $1 AND NOT token_used`,
        [tokenHash, connectedUntil],
      )) > 0
    );
  }

  async rotate(sessionId: string, oldHash: string, newHash: string, now: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const changed = await tx.run(
        `UPDATE voice_sessions SET token_hash = $3, token_issued_at = $4, token_used = FALSE,
             dropped_at = NULL, connected_until = NULL
           WHERE session_id = $1 AND token_hash = $2`,
        [sessionId, oldHash, newHash, now],
      );
      if (changed === 0) return false;
      await tx.run(
        `INSERT INTO voice_retired_tokens (token_hash, session_id) VALUES ($1, $2)
           ON CONFLICT DO NOTHING`,
        [oldHash, sessionId],
      );
      return true;
    });
  }

  async renew(held: ReadonlyArray<readonly [string, string]>, until: number): Promise<Set<string>> {
    const rows = await this.db.rows<{ session_id: string }>(
      `UPDATE voice_sessions s SET connected_until = $3
         FROM unnest($1::text[], $2::text[]) AS h(session_id, token_hash)
         WHERE s.session_id = h.session_id AND s.token_hash = h.token_hash
         RETURNING s.session_id`,
      [held.map(([id]) => id), held.map(([, hash]) => hash), until],
    );
    return new Set(rows.map((r) => r.session_id));
  }

  async dropped(sessionId: string, tokenHash: string, now: number): Promise<void> {
    await this.db.run(
      `UPDATE voice_sessions SET dropped_at = $3, connected_until = NULL
         WHERE session_id = $1 AND token_hash = $2`,
      [sessionId, tokenHash, now],
    );
  }

  async end(sessionId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM voice_retired_tokens WHERE session_id = $1', [sessionId]);
      await tx.run('DELETE FROM voice_sessions WHERE session_id = $1', [sessionId]);
    });
  }

  async sweep({ now, tokenTtlMs, idleMs }: VoiceSweepLimits): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.rows<{ session_id: string }>(
        `DELETE FROM voice_sessions
           WHERE (connected_until IS NULL OR connected_until < $1)
             AND ((NOT token_used AND token_issued_at < $2)
               OR (token_used AND COALESCE(dropped_at, connected_until) < $3))
           RETURNING session_id`,
        [now, now - tokenTtlMs, now - idleMs],
      );
      const ended = rows.map((r) => r.session_id);
      if (ended.length > 0)
        await tx.run('DELETE FROM voice_retired_tokens WHERE session_id = ANY($1)', [ended]);
      return ended;
    });
  }
}
