import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../errors.js';
import { createAdaptiveLimiter } from '../http/adaptive-limiter.js';
import { recordingEngine, startLocalServer } from '../test-support/local-server.js';

// A little time per request, so that requests overlap and concurrency can be seen.
const engine = recordingEngine(15);
const server = await startLocalServer({ engine });
const translations = async () =>
  (await server.requests()).filter((r) => r.path === '/v2/translate');

// The first request loads the service's translate path: timings are measured after it.
beforeAll(async () => {
  await server.client().translateMany(['warm up'], { targetLang: 'DE' });
});

beforeEach(async () => {
  await server.clearFaults();
  await server.clearRequests();
  server.traffic().reset();
  engine.maxInFlight = 0;
});

describe('translateMany against a service that refuses requests', () => {
  it('with 30% of requests refused (429/503, Retry-After 1) returns every text right, never over the concurrency', async () => {
    const texts = Array.from({ length: 1500 }, (_, i) => `Saved file number ${i}`);
    const locales = ['DE', 'FR'];
    const run = async () => {
      const cuts: number[] = [];
      const limiter = createAdaptiveLimiter({
        concurrency: 3,
        onWindowChange: (window, reason) => {
          if (reason === 'refused') cuts.push(window);
        },
      });
      const client = server.client({ maxRetries: 10 });
      const out = await Promise.all(
        locales.map((targetLang) =>
          client.translateMany(
            texts,
            { targetLang, sourceLang: 'EN' },
            { schedule: limiter.schedule },
          ),
        ),
      );
      return { out: out.map((list) => list.map((t) => t.text)), limiter, cuts };
    };
    const clean = await run();
    expect(server.traffic().peak).toBe(3);

    server.traffic().reset();
    await server.clearRequests();
    await server.randomFaults({ rate: 0.3, kinds: ['429', '503'], seed: 11, retryAfter: 1 });
    const faulty = await run();
    expect(faulty.out).toEqual(clean.out);
    expect(faulty.out[0]![7]).toMatch(/^\[Š.* 7.*\]$/);
    const log = await translations();
    const refused = log.filter((r) => r.status !== 200);
    expect(refused.length).toBeGreaterThan(10);
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([429, 503]));
    expect(log.filter((r) => r.status === 200)).toHaveLength(60);
    // Counted by the server, refused requests included.
    expect(server.traffic().peak).toBeLessThanOrEqual(3);
    expect(faulty.limiter.peakActive).toBeLessThanOrEqual(3);
    // The refusals shrank the window at least once.
    expect(faulty.cuts.length).toBeGreaterThan(0);
  });

  it('sends the other batches while one waits out its Retry-After', async () => {
    await server.fault('429', { retryAfter: 2, path: '/v2/translate' });
    const texts = Array.from({ length: 300 }, (_, i) => `Line ${i}`);
    const started = Date.now();
    const out = await server
      .client()
      .translateMany(texts, { targetLang: 'DE' }, { schedule: createAdaptiveLimiter().schedule });
    expect(out.every((t, i) => t.text.includes(String(i)))).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1950);
    const log = await translations();
    expect(log.map((r) => r.status)).toEqual([429, 200, 200, 200, 200, 200, 200]);
    const at = log.map((r) => Date.parse(r.receivedAt));
    // Every other batch was answered within the two seconds the refused one had to wait.
    for (const time of at.slice(1, -1)) expect(time - at[0]!).toBeLessThan(1500);
    expect(at.at(-1)! - at[0]!).toBeGreaterThanOrEqual(1950);
  });

  it('shrinks the window while the service keeps refusing and grows it back after', async () => {
    const changes: Array<[number, string]> = [];
    const limiter = createAdaptiveLimiter({
      concurrency: 4,
      onWindowChange: (window, reason) => changes.push([window, reason]),
    });
    await server.fault('429', { retryAfter: 0, count: 8, path: '/v2/translate' });
    const texts = Array.from({ length: 2000 }, (_, i) => `Entry ${i}`);
    const out = await server
      .client({ maxRetries: 10 })
      .translateMany(texts, { targetLang: 'DE' }, { schedule: limiter.schedule });
    expect(out).toHaveLength(2000);
    const windows = changes.map(([window]) => window);
    expect(windows.slice(0, 2)).toEqual([2, 1]);
    expect(changes.slice(-3)).toEqual([
      [2, 'recovered'],
      [3, 'recovered'],
      [4, 'recovered'],
    ]);
    expect(limiter.window).toBe(4);
    expect(server.traffic().peak).toBeLessThanOrEqual(4);
    // Once grown back, the requests overlap again.
    expect(engine.maxInFlight).toBeGreaterThan(1);
  });

  it('does not flood a service that refuses every request: no new batch starts until one gets through', async () => {
    await server.fault('503', { count: 1000, path: '/v2/translate' });
    const texts = Array.from({ length: 1000 }, (_, i) => `Row ${i}`);
    const controller = new AbortController();
    const error = await server
      .client({ maxRetries: 2, random: () => 0.05 })
      .translateMany(texts, { targetLang: 'DE' }, { concurrency: 4, signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort();
    expect(error).toBeInstanceOf(ServiceError);
    const log = await translations();
    // 20 batches; without holding back, each would have been sent 3 times (60 requests).
    // The window goes 4 -> 2 -> 1 (three refusals of a round of four, then two of two): the
    // batches started until then, nine, retry, and no other starts.
    expect(log.length).toBeLessThanOrEqual(9 * 3);
    expect(log.every((r) => r.status === 503)).toBe(true);
  });
});
