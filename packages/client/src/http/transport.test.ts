import { createServer } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AuthorizationError,
  BadRequestError,
  ConfigError,
  ConnectionError,
  NotFoundError,
  PayloadTooLargeError,
  QuotaExceededError,
  ServiceError,
  ServiceUnreachableError,
  TimeoutError,
  TooManyRequestsError,
  TransloomError,
} from '../errors.js';
import { createClient } from '../node.js';
import { KEYS, startLocalServer } from '../test-support/local-server.js';

const server = await startLocalServer();
const lines: string[] = [];
// No jitter, so waits are exactly 1 s, 1.6 s, ...
const client = server.client({ random: () => 0.5, log: (line) => lines.push(line) });
const translate = (c = client) =>
  c.translate({ text: 'Hello', targetLang: 'DE', sourceLang: 'EN' });
const translations = async () =>
  (await server.requests()).filter((r) => r.path === '/v2/translate');

beforeEach(async () => {
  lines.length = 0;
  await server.clearFaults();
  await server.clearRequests();
});

// A port nothing listens on: a server is started on a free one and closed again.
function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function failure(promise: Promise<unknown>): Promise<TransloomError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TransloomError);
  return error as TransloomError;
}

describe('errors: one class per status, with status, code, message, detail', () => {
  it('maps 400 to BadRequestError with the service message', async () => {
    const error = await failure(client.translate({ text: 'x', targetLang: 'XX' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'TRANSLOOM_BAD_REQUEST',
      method: 'POST',
      path: '/v2/translate',
    });
    expect(error.message).toContain("'target_lang'");
  });

  it('maps glossary rule violations with their rule', async () => {
    // The client validates entries itself; raw text with a rule only the service checks:
    const error = await failure(
      client.glossaries.create({
        name: 'x',
        dictionaries: [{ sourceLang: 'en', targetLang: 'xx', entries: { a: 'b' } }],
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
  });

  it('maps 401 and 403 to AuthorizationError', async () => {
    const malformed = await failure(translate(server.client({ apiKey: 'has space' })));
    expect(malformed).toBeInstanceOf(AuthorizationError);
    expect(malformed).toMatchObject({ status: 401 });
    const unknown = await failure(translate(server.client({ apiKey: 'unknown-key' })));
    expect(unknown).toMatchObject({ status: 403, code: 'TRANSLOOM_AUTHORIZATION' });
  });

  it('maps 404 to NotFoundError', async () => {
    expect(await failure(client.glossaries.get('missing'))).toBeInstanceOf(NotFoundError);
  });

  it('maps 413 to PayloadTooLargeError', async () => {
    await server.fault('413');
    expect(await failure(translate())).toBeInstanceOf(PayloadTooLargeError);
  });

  it('maps 456 to QuotaExceededError and never retries it', async () => {
    await server.fault('456', { count: 3 });
    const error = await failure(translate());
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toMatchObject({ status: 456 });
    expect(await translations()).toHaveLength(1);
  });

  it('maps 429 and 529 to TooManyRequestsError with retryAfterMs once retries run out', async () => {
    const once = server.client({ maxRetries: 0 });
    await server.fault('429', { retryAfter: 7 });
    const error = await failure(translate(once));
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 7000 });
    await server.fault('529');
    expect(await failure(translate(once))).toMatchObject({
      status: 529,
      code: 'TRANSLOOM_TOO_MANY_REQUESTS',
    });
  });

  it('maps 5xx to ServiceError', async () => {
    await server.fault('500');
    expect(await failure(translate(server.client({ maxRetries: 0 })))).toBeInstanceOf(ServiceError);
  });

  it('reports a reset connection, once its retries run out, as ServiceUnreachableError', async () => {
    await server.fault('reset');
    const error = await failure(translate(server.client({ maxRetries: 0 })));
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    expect(error).toMatchObject({ code: 'TRANSLOOM_SERVICE_UNREACHABLE', kind: 'service' });
    expect(error.cause).toBeInstanceOf(ConnectionError);
    expect((error as ServiceUnreachableError).systemCode).toBeDefined();
  });

  it('reports a closed port as ServiceUnreachableError naming the address', async () => {
    const port = await freePort();
    const closed = createClient({
      apiKey: KEYS.paid,
      serverUrl: `http://127.0.0.1:${port}`,
      maxRetries: 0,
    });
    const error = await failure(translate(closed));
    expect(error).toMatchObject({
      code: 'TRANSLOOM_SERVICE_UNREACHABLE',
      reason: 'connection',
      systemCode: 'ECONNREFUSED',
      url: `http://127.0.0.1:${port}`,
    });
    expect(error.message).toMatch(
      new RegExp(
        `^the service at http://127\\.0\\.0\\.1:${port} cannot be reached: connection refused \\(ECONNREFUSED\\), 1 attempt in \\d+ ms$`,
      ),
    );
  });

  it('reports a hanging request as ServiceUnreachableError with the timeout', async () => {
    await server.fault('hang');
    const error = await failure(translate(server.client({ timeoutMs: 200, maxRetries: 0 })));
    expect(error).toBeInstanceOf(ServiceUnreachableError);
    expect(error).toMatchObject({ reason: 'timeout', timeoutMs: 200, url: server.url });
    expect(error.message).toBe(
      `the service at ${server.url} sent no answer to POST /v2/translate within 200 ms`,
    );
    expect(error.cause).toBeInstanceOf(TimeoutError);
  });

  it('reports an attempt the deadline cut short as TimeoutError', async () => {
    await server.fault('hang');
    const error = await failure(translate(server.client({ timeoutMs: 5000, deadlineMs: 200 })));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'TRANSLOOM_TIMEOUT', timeoutMs: 200 });
  });

  it('refuses unusable options', () => {
    expect(() => createClient({ apiKey: '', serverUrl: server.url })).toThrow(ConfigError);
    expect(() => createClient({ apiKey: 'k', serverUrl: '/v2' })).toThrow(/absolute/);
    expect(() => createClient({ apiKey: 'k', serverUrl: 'ftp://x' })).toThrow(/http/);
    expect(() => createClient({ apiKey: 'k', serverUrl: server.url, maxRetries: -1 })).toThrow(
      /maxRetries/,
    );
  });
});

describe('retries', () => {
  it('honors Retry-After on 429 and then succeeds', async () => {
    await server.fault('429', { retryAfter: 1 });
    const started = Date.now();
    const result = await translate();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.translations[0]!.text).toBe('[Ĥéļļö]');
    expect((await translations()).map((r) => r.status)).toEqual([429, 200]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('in 1.0 s (Retry-After)');
  });

  it('backs off up to 1 s, then up to 1.6 s, on 5xx without Retry-After', async () => {
    await server.fault('503', { count: 2 });
    const started = Date.now();
    // The top of the jitter's range: the ceilings themselves.
    await translate(server.client({ random: () => 1, log: (line) => lines.push(line) }));
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(2550);
    expect(elapsed).toBeLessThan(5000);
    expect(lines.map((l) => /in (\d\.\d) s/.exec(l)?.[1])).toEqual(['1.0', '1.6']);
  });

  it('grows the backoff only with waits the service did not set', async () => {
    await server.fault('429', { retryAfter: 0 });
    await server.fault('429', { retryAfter: 0 });
    await server.fault('503');
    await translate(server.client({ random: () => 0.5, log: (line) => lines.push(line) }));
    // Two Retry-After waits, then the first backoff: half of 1 s, not of 1 s x 1.6 x 1.6.
    expect(lines.map((l) => /in (\d\.\d) s/.exec(l)?.[1])).toEqual(['0.0', '0.0', '0.5']);
  });

  it('retries resets of requests that are safe to repeat', async () => {
    await server.fault('reset', { count: 3 });
    const result = await translate(server.client({ random: () => 0 }));
    expect(result.translations).toHaveLength(1);
    expect((await translations()).map((r) => r.fault)).toEqual(['reset', 'reset', 'reset', null]);
  });

  it('counts retries, not attempts', async () => {
    await server.fault('500', { count: 5 });
    const error = await failure(translate(server.client({ maxRetries: 2, random: () => 0 })));
    expect(error).toBeInstanceOf(ServiceError);
    expect(await translations()).toHaveLength(3);
  });

  it('does not blindly retry a create that timed out or was reset, but does retry a 503', async () => {
    const create = (c = server.client({ timeoutMs: 300, random: () => 0 })) =>
      c.glossaries.create({
        name: 'once',
        dictionaries: [{ sourceLang: 'en', targetLang: 'de', entries: [['a', 'b']] }],
      });
    await server.fault('hang', { path: '/v3/glossaries' });
    expect(await failure(create())).toMatchObject({ reason: 'timeout' });
    await server.fault('reset', { path: '/v3/glossaries' });
    const reset = await failure(create());
    expect(reset).toMatchObject({ reason: 'connection', attempts: 1 });
    expect(reset.cause).toBeInstanceOf(ConnectionError);
    await server.fault('503', { path: '/v3/glossaries' });
    expect((await create()).name).toBe('once');
    const posts = (await server.requests()).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.fault)).toEqual(['hang', 'reset', '503', null]);
  });

  it('holds back only the request a Retry-After answers, not the other requests of the client', async () => {
    const shared = server.client({ random: () => 0.5 });
    await server.fault('429', { retryAfter: 2 });
    const first = shared.translate({ text: 'first', targetLang: 'DE', sourceLang: 'EN' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const started = Date.now();
    const second = await shared.translate({ text: 'second', targetLang: 'DE', sourceLang: 'EN' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(second.translations[0]!.text).toBe('[šéçöñð]');
    await first;
    const log = (await server.requests()).filter((r) => r.path === '/v2/translate');
    expect(log.map((r) => r.status)).toEqual([429, 200, 200]);
    const at = log.map((r) => Date.parse(r.receivedAt));
    expect(at[1]! - at[0]!).toBeLessThan(1000);
    expect(at[2]! - at[0]!).toBeGreaterThanOrEqual(1950);
  });

  it('gives up when the wait would pass the deadline', async () => {
    await server.fault('429', { retryAfter: 30 });
    const started = Date.now();
    const error = await failure(translate(server.client({ deadlineMs: 2000 })));
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('stops waiting when aborted', async () => {
    await server.fault('429', { retryAfter: 30 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user gave up')), 200);
    const started = Date.now();
    await expect(
      client.translate({ text: 'x', targetLang: 'DE' }, { signal: controller.signal }),
    ).rejects.toThrow('user gave up');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('secrets', () => {
  it('never puts the API key in an error message, an error property or a log line', async () => {
    const secret = 'sk-live-0123456789abcdef-secret';
    const errors: unknown[] = [];
    const log: string[] = [];
    const leaky = createClient({
      apiKey: secret,
      serverUrl: server.url,
      log: (l) => log.push(l),
      random: () => 0,
      timeoutMs: 300,
      maxRetries: 1,
    });
    errors.push(await translate(leaky).catch((e: unknown) => e));
    const known = server.client({
      log: (l) => log.push(l),
      random: () => 0,
      timeoutMs: 300,
      maxRetries: 1,
      // Each kind of fault reaches the service, even after one judged it unreachable.
      unreachableCooldownMs: 0,
    });
    for (const kind of ['429', '500', 'reset', 'hang']) {
      await server.clearFaults();
      await server.fault(kind, { count: 2 });
      errors.push(await translate(known).catch((e: unknown) => e));
    }
    errors.push(await known.translate({ text: 'x', targetLang: 'XX' }).catch((e: unknown) => e));
    expect(errors.every((e) => e instanceof TransloomError)).toBe(true);
    // One line per retry: a hanging request is not retried.
    expect(log.length).toBeGreaterThanOrEqual(3);
    const seen = new Set<unknown>();
    const dump = (value: unknown): string => {
      if (value === null || typeof value !== 'object' || seen.has(value)) return String(value);
      seen.add(value);
      const own = Object.getOwnPropertyNames(value).map(
        (k) => `${k}=${dump((value as Record<string, unknown>)[k])}`,
      );
      return `${own.join(' ')} cause=${dump((value as { cause?: unknown }).cause)}`;
    };
    for (const error of errors) {
      const text = `${String(error)} ${(error as Error).stack} ${dump(error)} ${JSON.stringify(error)}`;
      expect(text).not.toContain(secret);
      expect(text).not.toContain(KEYS.paid);
    }
    for (const line of log) {
      expect(line).not.toContain(secret);
      expect(line).not.toContain(KEYS.paid);
    }
  });
});
