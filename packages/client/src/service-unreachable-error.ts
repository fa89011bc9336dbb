import { TransloomError } from './transloom-error.js';

/** Why the service was judged unreachable: its connections failed, or it sent no answer in time. */
export type UnreachableReason = 'connection' | 'timeout';

/** What a {@link ServiceUnreachableError} knows. */
export interface ServiceUnreachableDetails {
  reason: UnreachableReason;
  /** The service's address: origin and path, never credentials or a query. */
  url: string;
  /** The request that found it out. */
  method: string;
  path: string;
  /** Attempts the request made. */
  attempts: number;
  /** Time the request spent on them, waits included, in ms. */
  elapsedMs: number;
  /** The system error code of the last failed connection (`ECONNREFUSED`, ...). */
  systemCode?: string | undefined;
  /** The timeout that ran out, for reason `timeout`. */
  timeoutMs?: number | undefined;
}

// System codes in words, so the one line a user sees says what happened.
const SYSTEM_CODE_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  UND_ERR_SOCKET: 'connection closed by the other side',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

/** A duration for a message: `300 ms`, `1.5 s`, `60 s`. */
function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function messageOf(details: ServiceUnreachableDetails): string {
  if (details.reason === 'timeout') {
    return `the service at ${details.url} sent no answer to ${details.method} ${details.path} within ${duration(details.timeoutMs ?? details.elapsedMs)}`;
  }
  const code = details.systemCode;
  const what = code
    ? `${SYSTEM_CODE_WORDS[code] ?? 'connection failed'} (${code})`
    : 'connection failed';
  const tries = details.attempts === 1 ? '1 attempt' : `${details.attempts} attempts`;
  return `the service at ${details.url} cannot be reached: ${what}, ${tries} in ${duration(details.elapsedMs)}`;
}

/**
 * The service cannot be reached: every connection a request tried failed (refused, reset,
 * unknown host) until its connection retries ran out, or a request got no answer within its
 * timeout. The client that throws it sends nothing more for a while (its other requests fail
 * with this same error), so a run that meets a dead or hanging service stops at once instead
 * of retrying every request on its own. The message names the address, never the key.
 */
export class ServiceUnreachableError extends TransloomError {
  override name = 'ServiceUnreachableError';
  readonly reason: UnreachableReason;
  readonly url: string;
  readonly method: string;
  readonly path: string;
  readonly attempts: number;
  readonly elapsedMs: number;
  readonly systemCode: string | undefined;
  readonly timeoutMs: number | undefined;

  constructor(details: ServiceUnreachableDetails, cause?: unknown) {
    super('TRANSLOOM_SERVICE_UNREACHABLE', messageOf(details), { cause, kind: 'service' });
    this.reason = details.reason;
    this.url = details.url;
    this.method = details.method;
    this.path = details.path;
    this.attempts = details.attempts;
    this.elapsedMs = details.elapsedMs;
    this.systemCode = details.systemCode;
    this.timeoutMs = details.timeoutMs;
  }
}

/** An address as errors may show it: origin and path, without credentials, query or fragment. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '(an invalid address)';
  }
}
