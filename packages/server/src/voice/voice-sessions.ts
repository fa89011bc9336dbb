import { randomBytes, randomUUID } from 'node:crypto';
import { HttpError, notFound } from '../http/http-error.js';

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

/** A voice session and the state of its token. */
export interface VoiceSession extends VoiceSessionSettings {
  sessionId: string;
  token: string;
  tokenIssuedAt: number;
  tokenUsed: boolean;
  ended: boolean;
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

  constructor(private readonly now: () => number) {}

  private issue(session: VoiceSession): string {
    if (session.token) {
      this.byToken.delete(session.token);
      this.retired.set(session.token, session);
    }
    const token = randomBytes(24).toString('base64url');
    session.token = token;
    session.tokenIssuedAt = this.now();
    session.tokenUsed = false;
    this.byToken.set(token, session);
    return token;
  }

  /** Creates a session and its first token. */
  create(settings: VoiceSessionSettings): VoiceSession {
    const session: VoiceSession = {
      ...settings,
      sessionId: randomUUID(),
      token: '',
      tokenIssuedAt: 0,
      tokenUsed: false,
      ended: false,
      disconnect: null,
    };
    this.issue(session);
    this.sessions.set(session.sessionId, session);
    return session;
  }

  /** Ends a session for good, closing its connection. */
  end(session: VoiceSession, code = 1000, reason = 'session ended'): void {
    if (session.ended) return;
    session.ended = true;
    session.disconnect?.(code, reason);
    session.disconnect = null;
    this.byToken.delete(session.token);
    this.sessions.delete(session.sessionId);
    for (const [token, owner] of this.retired) if (owner === session) this.retired.delete(token);
  }

  /** Settles every open stream (before the database closes). */
  settleAll(): void {
    for (const settle of [...this.openStreams]) settle();
  }

  /** Ends sessions whose token expired unused while no connection was open. */
  sweep(): void {
    const now = this.now();
    for (const session of this.sessions.values()) {
      if (!session.tokenUsed && !session.disconnect && now - session.tokenIssuedAt > TOKEN_TTL_MS) {
        this.end(session);
      }
    }
  }

  private lookup(token: string): VoiceSession {
    const current = this.byToken.get(token);
    if (current && !current.ended) return current;
    const old = this.retired.get(token);
    if (old) {
      this.retired.delete(token);
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
    return session;
  }

  /** Rotates the token for a reconnection, closing an open connection. */
  reconnect(token: string, keyId: string): VoiceSession {
    const session = this.lookup(token);
    if (session.keyId !== keyId) throw notFound('No voice session has this token');
    session.disconnect?.(4000, 'reconnection requested');
    session.disconnect = null;
    this.issue(session);
    return session;
  }
}
