import { randomBytes, randomUUID } from 'node:crypto';
import { HttpError, notFound } from '../http/http-error.js';
import { hashSecret } from '../store/hashing.js';

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

/** A voice session and the state of its token (kept as a hash: the token is a secret). */
export interface VoiceSession extends VoiceSessionSettings {
  sessionId: string;
  tokenHash: string;
  tokenIssuedAt: number;
  tokenUsed: boolean;
  ended: boolean;
  /** When its last connection closed (null while connected or never connected). */
  droppedAt: number | null;
  /** Closes the open connection, if there is one. */
  disconnect: ((code: number, reason: string) => void) | null;
}

/** How long an unused token stays valid. */
export const TOKEN_TTL_MS = 60_000;

/**
 * Voice sessions in memory. A token opens one connection; every reconnection request rotates
 * it; an outdated or reused token ends the session (voice-protocol.md).
 */
export class VoiceSessions {
  private readonly byToken = new Map<string, VoiceSession>();
  private readonly retired = new Map<string, VoiceSession>();
  private readonly sessions = new Map<string, VoiceSession>();
  /** Open streams' settle functions: record usage once, even when the server stops first. */
  readonly openStreams = new Set<() => void>();

  constructor(
    private readonly now: () => number,
    /** A session whose connection dropped ends after this long without a new one. */
    private readonly idleMs = 30_000,
  ) {}

  private issue(session: VoiceSession): string {
    if (session.tokenHash) {
      this.byToken.delete(session.tokenHash);
      this.retired.set(session.tokenHash, session);
    }
    const token = randomBytes(24).toString('base64url');
    session.tokenHash = hashSecret(token);
    session.tokenIssuedAt = this.now();
    session.tokenUsed = false;
    this.byToken.set(session.tokenHash, session);
    return token;
  }

  /** Creates a session; its first token is returned once and kept only as a hash. */
  create(settings: VoiceSessionSettings): { session: VoiceSession; token: string } {
    const session: VoiceSession = {
      ...settings,
      sessionId: randomUUID(),
      tokenHash: '',
      tokenIssuedAt: 0,
      tokenUsed: false,
      ended: false,
      droppedAt: null,
      disconnect: null,
    };
    const token = this.issue(session);
    this.sessions.set(session.sessionId, session);
    return { session, token };
  }

  /** Notes that a session's connection closed without the session ending. */
  dropped(session: VoiceSession): void {
    if (!session.ended) session.droppedAt = this.now();
  }

  /** Ends a session for good, closing its connection. */
  end(session: VoiceSession, code = 1000, reason = 'session ended'): void {
    if (session.ended) return;
    session.ended = true;
    session.disconnect?.(code, reason);
    session.disconnect = null;
    this.byToken.delete(session.tokenHash);
    this.sessions.delete(session.sessionId);
    for (const [token, owner] of this.retired) if (owner === session) this.retired.delete(token);
  }

  /** Settles every open stream (before the database closes). */
  settleAll(): void {
    for (const settle of [...this.openStreams]) settle();
  }

  /**
   * Ends sessions whose token expired unused while no connection was open, and sessions whose
   * connection dropped and were not reconnected within the idle time.
   */
  sweep(): void {
    const now = this.now();
    for (const session of this.sessions.values()) {
      if (session.disconnect) continue;
      if (!session.tokenUsed && now - session.tokenIssuedAt > TOKEN_TTL_MS) this.end(session);
      else if (
        session.tokenUsed &&
        session.droppedAt !== null &&
        now - session.droppedAt > this.idleMs
      ) {
        this.end(session, 1001, 'the connection dropped and was not resumed');
      }
    }
  }

  /** Open sessions (for tests and shutdown). */
  get size(): number {
    return this.sessions.size;
  }

  // An outdated token ends its session, but only when the session's own key (or, on the
  // stream, the token itself) presents it: another key learns nothing and ends nothing.
  private lookup(token: string, keyId?: string): VoiceSession {
    const hash = hashSecret(token);
    const current = this.byToken.get(hash);
    if (current && !current.ended && (keyId === undefined || current.keyId === keyId))
      return current;
    const old = this.retired.get(hash);
    if (old && (keyId === undefined || old.keyId === keyId)) {
      this.retired.delete(hash);
      this.end(old, 4001, 'an outdated token was used');
      throw new HttpError(400, 'This token is outdated; the session has ended', {
        rule: 'outdated-token',
      });
    }
    throw notFound('No voice session has this token');
  }

  /** Takes a token to open a connection; a second use ends the session. */
  connect(token: string): VoiceSession {
    const session = this.lookup(token);
    if (session.tokenUsed) {
      this.end(session, 4002, 'the token was used a second time');
      throw new HttpError(403, 'This token was already used; the session has ended', {
        rule: 'token-reused',
      });
    }
    if (this.now() - session.tokenIssuedAt > TOKEN_TTL_MS) {
      this.end(session, 4003, 'the token expired');
      throw new HttpError(403, 'This token has expired; the session has ended', {
        rule: 'token-expired',
      });
    }
    session.tokenUsed = true;
    session.droppedAt = null;
    return session;
  }

  /** Rotates the token for a reconnection, closing an open connection (the session's key only). */
  reconnect(token: string, keyId: string): { session: VoiceSession; token: string } {
    const session = this.lookup(token, keyId);
    session.disconnect?.(4000, 'reconnection requested');
    session.disconnect = null;
    session.droppedAt = null;
    return { session, token: this.issue(session) };
  }
}
