/** Ceiling of the first delay when the service gives no `Retry-After`. */
export const BASE_BACKOFF_MS = 1000;
/** Growth of the ceiling per retry. */
export const BACKOFF_MULTIPLIER = 1.6;
/** Largest ceiling of a delay between two attempts. */
export const MAX_BACKOFF_MS = 30_000;

/**
 * Delay before the `retry`-th backoff (0 for the first) when the service gave no `Retry-After`:
 * "full jitter", a uniformly random time up to a ceiling of 1 s times 1.6 per retry, capped at
 * 30 s. Spreading retries over the whole range keeps clients that failed together from
 * retrying together, and waits half as long on average as a fixed delay would.
 */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * BACKOFF_MULTIPLIER ** retry);
  return Math.round(ceiling * random());
}

/**
 * Reads `Retry-After`: delay-seconds (decimals accepted) or an HTTP date. Returns
 * milliseconds from `now`, or undefined when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null,
  now: number = Date.now(),
): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * The statuses by which the service says "not now": the request was not processed, so it is
 * always retried, and the adaptive limiter's window shrinks.
 */
export const REFUSAL_STATUSES: ReadonlySet<number> = new Set([429, 503, 529]);

/** Statuses the service uses for "not processed, try again". */
export function isRetryableStatus(status: number, idempotent: boolean): boolean {
  if (REFUSAL_STATUSES.has(status)) return true;
  // Other server errors may have done the work: only requests that are safe to repeat retry.
  return idempotent && status >= 500 && status !== 501;
}

/**
 * Connection failures after which the request surely never reached the service, so even a
 * create can be sent again.
 */
export const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether a call stops retrying after a failed connection, so the service is judged
 * unreachable: after `connectionRetries` failed connections (never more retries than
 * `maxRetries`), or when the resend would come past the call's deadline or more than
 * `connectionWindowMs` after its first failed connection was tried. A glitch gets a few
 * retries; a service that refuses or drops every connection is down, and waiting longer for
 * it only delays the error.
 */
export function givesUpConnection(
  tried: { failures: number; firstFailedAt: number },
  next: { retry: number; resendAt: number; deadline: number },
  limits: { connectionRetries: number; maxRetries: number; connectionWindowMs: number },
): boolean {
  return (
    tried.failures > limits.connectionRetries ||
    next.retry >= limits.maxRetries ||
    next.resendAt >= next.deadline ||
    next.resendAt - tried.firstFailedAt > limits.connectionWindowMs
  );
}
