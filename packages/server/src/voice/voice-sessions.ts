import { randomBytes, randomUUID } from 'node:crypto';
import { HttpError, notFound } from '../http/http-error.js';
import { hashSecret } from '../store/hashing.js';
import type {
  StoredVoiceSession,
  VoiceSessionSettings,
  VoiceSessionStore,
} from '../store/voice-session-store.js';

export type { VoiceSessionSettings } from '../store/voice-session-store.js';

/** A voice session as one connection (or request) of this replica sees it. */
export interface VoiceSession extends VoiceSessionSettings {
  sessionId: string;
  /** The hash of the token this connection opened with (or the one just issued). */
  tokenHash: string;
  /** Closes this replica's open connection of the session, if there is one. */
  disconnect: ((code: number, reason: string) => void) | null;
}

/** How long an unused token stays valid. */
export const TOKEN_TTL_MS = 60_000;

/** How often a replica renews its open connections and looks for ones taken elsewhere. */
const WATCH_MS = 1_000;

/**
 * Voice sessions, stored where every replica finds them (voice-protocol.md): a token opens
 * one connection on any replica; every reconnection request rotates it; an outdated or reused
 * token ends the session. Connections are this replica's own: it renews their hold on the
 * session, and closes one when the session was ended or its token rotated, here or elsewhere.
 */
export class VoiceSessions {
  /** Open connections of this replica by session id. */
  private readonly open = new Map<string, VoiceSession>();
  /** Open streams' settle functions: record usage once, even when the server stops first. */
  readonly openStreams = new Set<() => Promise<void>>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly store: VoiceSessionStore,
    private readonly now: () => number,
    /** A session whose connection dropped ends after this long without a new one. */
    private readonly idleMs = 30_000,
  ) {}

  // Work that must not hold up a connection (noting a drop, ending a session) runs in the
  // background; `settleAll` waits for it before the database closes.
  private background(work: Promise<unknown>): void {
    const settled = work.catch(() => undefined);
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
  }

  private view(stored: StoredVoiceSession): VoiceSession {
    return {
      keyId: stored.keyId,
      contentType: stored.contentType,
      sourceLanguage: stored.sourceLanguage,
      sourceLanguageMode: stored.sourceLanguageMode,
      targetLanguages: stored.targetLanguages,
      messageFormat: stored.messageFormat,
      glossaryId: stored.glossaryId,
      formality: stored.formality,
      sessionId: stored.sessionId,
      tokenHash: stored.tokenHash,
      disconnect: null,
    };
  }

  /** Creates a session; its first token is returned once and kept only as a hash. */
  async create(settings: VoiceSessionSettings): Promise<{ session: VoiceSession; token: string }> {
    const token = randomBytes(24).toString('base64url');
    const stored: StoredVoiceSession = {
      ...settings,
      sessionId: randomUUID(),
      tokenHash: hashSecret(token),
      tokenIssuedAt: this.now(),
      tokenUsed: false,
      droppedAt: null,
      connectedUntil: null,
    };
    await this.store.create(stored);
    return { session: this.view(stored), token };
  }

  /** Notes that a session's connection closed without the session ending. */
  dropped(session: VoiceSession): void {
    if (this.open.get(session.sessionId) === session) this.open.delete(session.sessionId);
    this.background(this.store.dropped(session.sessionId, session.tokenHash, this.now()));
  }

  private closeLocal(sessionId: string, code: number, reason: string): void {
    const local = this.open.get(sessionId);
    if (!local) return;
    this.open.delete(sessionId);
    local.disconnect?.(code, reason);
    local.disconnect = null;
  }

  /**
   * Ends a session for good, then closes its connection (here at once, on another replica
   * within a second): once the connection is closed, its token is known nowhere.
   */
  async end(session: VoiceSession | string, code = 1000, reason = 'session ended'): Promise<void> {
    const sessionId = typeof session === 'string' ? session : session.sessionId;
    const ended = this.store.end(sessionId);
    this.background(ended);
    try {
      await ended;
    } finally {
      this.closeLocal(sessionId, code, reason);
    }
  }

  /** Settles every open stream and waits for background writes (before the database closes). */
  async settleAll(): Promise<void> {
    await Promise.allSettled([...this.openStreams].map((settle) => settle()));
    await Promise.allSettled([...this.pending]);
  }

  /**
   * Ends sessions whose token expired unused while no connection was open, and sessions whose
   * connection dropped and were not reconnected within the idle time; renews this replica's
   * open connections and closes those whose session ended or moved on elsewhere.
   */
  async sweep(): Promise<void> {
    const now = this.now();
    const held = [...this.open.values()].map((s) => [s.sessionId, s.tokenHash] as const);
    if (held.length > 0) {
      const current = await this.store.renew(held, now + WATCH_MS * 10);
      for (const [sessionId] of held) {
        if (!current.has(sessionId))
          this.closeLocal(sessionId, 4000, 'the session moved to another connection');
      }
    }
    await this.store.sweep({ now, tokenTtlMs: TOKEN_TTL_MS, idleMs: this.idleMs });
  }

  /** How often {@link sweep} should run. */
  static readonly WATCH_MS = WATCH_MS;

  // An outdated token ends its session, but only when the session's own key (or, on the
  // stream, the token itself) presents it: another key learns nothing and ends nothing.
  private async lookup(token: string, keyId?: string): Promise<StoredVoiceSession> {
    const found = await this.store.lookup(hashSecret(token));
    if (found && (keyId === undefined || found.session.keyId === keyId)) {
      if (found.current) return found.session;
      await this.end(found.session.sessionId, 4001, 'an outdated token was used');
      throw new HttpError(400, 'This token is outdated; the session has ended', {
        rule: 'outdated-token',
      });
    }
    throw notFound('No voice session has this token');
  }

  /** Takes a token to open a connection; a second use ends the session. */
  async connect(token: string): Promise<VoiceSession> {
    const stored = await this.lookup(token);
    const reused = () => {
      void this.end(stored.sessionId, 4002, 'the token was used a second time').catch(
        () => undefined,
      );
      return new HttpError(403, 'This token was already used; the session has ended', {
        rule: 'token-reused',
      });
    };
    if (stored.tokenUsed) throw reused();
    if (this.now() - stored.tokenIssuedAt > TOKEN_TTL_MS) {
      await this.end(stored.sessionId, 4003, 'the token expired');
      throw new HttpError(403, 'This token has expired; the session has ended', {
        rule: 'token-expired',
      });
    }
    // Taken once, whichever replica asks first.
    if (!(await this.store.takeToken(stored.tokenHash, this.now() + WATCH_MS * 10))) throw reused();
    const session = this.view(stored);
    this.open.set(session.sessionId, session);
    return session;
  }

  /** Rotates the token for a reconnection, closing an open connection (the session's key only). */
  async reconnect(token: string, keyId: string): Promise<{ session: VoiceSession; token: string }> {
    const stored = await this.lookup(token, keyId);
    const fresh = randomBytes(24).toString('base64url');
    const hash = hashSecret(fresh);
    if (!(await this.store.rotate(stored.sessionId, stored.tokenHash, hash, this.now()))) {
      // Another request rotated it first: this token is outdated now.
      await this.end(stored.sessionId, 4001, 'an outdated token was used');
      throw new HttpError(400, 'This token is outdated; the session has ended', {
        rule: 'outdated-token',
      });
    }
    this.closeLocal(stored.sessionId, 4000, 'reconnection requested');
    return { session: this.view({ ...stored, tokenHash: hash }), token: fresh };
  }
}
