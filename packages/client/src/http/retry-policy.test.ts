import { describe, expect, it } from 'vitest';
import { backoffDelay, isRetryableStatus, parseRetryAfter } from './retry-policy.js';

describe('retry policy', () => {
  it('backs off a random time up to 1 s times 1.6 per retry, capped at 30 s (full jitter)', () => {
    expect([0, 1, 2, 3].map((r) => backoffDelay(r, () => 1))).toEqual([1000, 1600, 2560, 4096]);
    expect([0, 1, 2, 3].map((r) => backoffDelay(r, () => 0.5))).toEqual([500, 800, 1280, 2048]);
    expect(backoffDelay(30, () => 1)).toBe(30_000);
    expect(backoffDelay(3, () => 0)).toBe(0);
    // Spread over the whole range, so that clients that failed together do not retry together.
    const delays = Array.from({ length: 2000 }, () => backoffDelay(2));
    expect(Math.min(...delays)).toBeLessThan(260);
    expect(Math.max(...delays)).toBeGreaterThan(2300);
    expect(Math.max(...delays)).toBeLessThanOrEqual(2560);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('retries 429, 529 and 503 always, other 5xx only when safe to repeat, never 456', () => {
    expect([429, 529, 503].every((s) => isRetryableStatus(s, false))).toBe(true);
    expect(isRetryableStatus(500, false)).toBe(false);
    expect(isRetryableStatus(500, true)).toBe(true);
    expect(isRetryableStatus(456, true)).toBe(false);
    expect(isRetryableStatus(400, true)).toBe(false);
  });
});
