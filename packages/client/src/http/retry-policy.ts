/** Delay before the first retry when the service gives no `Retry-After`. */
export const BASE_BACKOFF_MS = 1000;
/** Growth of the delay per retry. */
export const BACKOFF_MULTIPLIER = 1.6;
/** Largest delay between two attempts. */
export const MAX_BACKOFF_MS = 30_000;
/** Spread of the jitter around the delay (plus or minus). */
export const BACKOFF_JITTER = 0.23;

/**
 * Delay before retry number `retry` (0 for the first): about 1 s, times 1.6 per retry,
 * capped at 30 s, spread by plus or minus 23% so that clients do not retry in lockstep.
 */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * BACKOFF_MULTIPLIER ** retry);
  return Math.round(base * (1 + (random() * 2 - 1) * BACKOFF_JITTER));
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

/** Statuses the service uses for "not processed, try again". */
export function isRetryableStatus(status: number, idempotent: boolean): boolean {
  if (status === 429 || status === 529 || status === 503) return true;
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
