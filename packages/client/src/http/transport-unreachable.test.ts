import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClientOptions } from '../client-options.js';
import { ServiceUnreachableError, TooManyRequestsError, TransloomError } from '../errors.js';
import { createClient } from '../node.js';
import { KEYS, startLocalServer } from '../test-support/local-server.js';

const server = await startLocalServer();
const translations = async () =>
  (await server.requests()).filter((r) => r.path === '/v2/translate');
const translate = (client: ReturnType<typeof createClient>, text = 'Hello') =>
  client.translate({ text, targetLang: 'DE', sourceLang: 'EN' });

beforeEach(async () => {
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

// A service that accepts connections and never answers; it counts the connections.
async function silentServer(): Promise<{ url: string; connections: () => number }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const silent: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
  const { port } = silent.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, connections: () => connections };
}

async function unreachable(promise: Promise<unknown>): Promise<ServiceUnreachableError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceUnreachableError);
  return error as ServiceUnreachableError;
}

const clientAt = async (options: Partial<ClientOptions> = {}) =>
  createClient({
    apiKey: KEYS.paid,
    serverUrl: `http://127.0.0.1:${await freePort()}`,
    ...options,
  });

describe('a dead service: failed connections get a few retries, then the call stops', () => {
  it('gives a closed port 3 retries with backoff by default, then names the address', async () => {
    const lines: string[] = [];
    const client = await clientAt({ random: () => 0.5, log: (l) => lines.push(l) });
    const started = performance.now();
    const error = await unreachable(translate(client));
    const elapsed = performance.now() - started;
    // Waits of 0.5, 0.8 and 1.28 s (half of each ceiling).
    expect(elapsed).toBeGreaterThanOrEqual(2500);
    expect(elapsed).toBeLessThan(6000);
    expect(error).toMatchObject({ reason: 'connection', attempts: 4, systemCode: 'ECONNREFUSED' });
    expect(error.message).toContain(`the service at ${client.serverUrl} cannot be reached`);
    expect(error.message).toMatch(/4 attempts in 2\.\d s$/);
    expect(lines.map((l) => /retry (\d of \d) in (\d\.\d) s/.exec(l)?.slice(1))).toEqual([
      ['1 of 3', '0.5'],
      ['2 of 3', '0.8'],
      ['3 of 3', '1.3'],
    ]);
  });

  it('retries failed connections no more often than maxRetries allows', async () => {
    const error = await unreachable(
      translate(await clientAt({ maxRetries: 1, connectionRetries: 5, random: () => 0 })),
    );
    expect(error.attempts).toBe(2);
  });

  it('stops retrying once connectionWindowMs has passed since the first failed connection', async () => {
    const client = await clientAt({
      connectionRetries: 10,
      connectionWindowMs: 1500,
      random: () => 1,
    });
    const started = performance.now();
    const error = await unreachable(translate(client));
    // The first resend (after 1 s) is inside the window; the second (1.6 s later) is not.
    expect(error.attempts).toBe(2);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('gives up on a service that resets every connection after connectionRetries', async () => {
    await server.fault('reset', { count: 10 });
    const error = await unreachable(
      translate(server.client({ connectionRetries: 2, random: () => 0 })),
    );
    expect(error).toMatchObject({ reason: 'connection', attempts: 3, url: server.url });
    expect((await translations()).map((r) => r.fault)).toEqual(['reset', 'reset', 'reset']);
  });
});

describe('the circuit: once a call judged the service unreachable, the client sends nothing', () => {
  it('fails the next calls at once without sending, until the cooldown ends', async () => {
    await server.fault('reset', { count: 4 });
    const client = server.client({ random: () => 0, unreachableCooldownMs: 400 });
    const first = await unreachable(translate(client));
    await server.clearFaults();
    await server.clearRequests();
    const started = performance.now();
    const second = await unreachable(translate(client, 'second'));
    expect(performance.now() - started).toBeLessThan(50);
    expect(second).toBe(first);
    expect(await translations()).toEqual([]);
    // Another client of the same service has its own circuit.
    expect((await translate(server.client())).translations).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await translate(client, 'third')).translations).toHaveLength(1);
  });

  it('ends the waits of calls under way: a call waiting out a Retry-After stops at once', async () => {
    const client = server.client({ random: () => 0 });
    await server.fault('429', { retryAfter: 5 });
    const started = performance.now();
    const waiting = translate(client, 'waiting').catch((e: unknown) => e);
    // The first call has its 429 before the second call's connections fail.
    while ((await translations()).length === 0)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await server.fault('reset', { count: 4 });
    const dead = await unreachable(translate(client, 'dead'));
    const stopped = await waiting;
    expect(performance.now() - started).toBeLessThan(2000);
    expect(stopped).toBe(dead);
    expect(stopped).not.toBeInstanceOf(TooManyRequestsError);
    // Nothing was sent after the circuit opened: one 429 and the four resets.
    expect((await translations()).map((r) => r.fault)).toEqual([
      '429',
      'reset',
      'reset',
      'reset',
      'reset',
    ]);
  });
});

describe('while a call retries a failed connection, new calls wait for what it finds out', () => {
  it('sends a new call only after the retry got an answer', async () => {
    const client = server.client({ random: () => 1 });
    await server.fault('reset');
    const first = translate(client, 'first');
    // The first call's connection was reset; it waits 1 s to send again.
    while ((await translations()).length === 0)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const second = translate(client, 'second');
    await Promise.all([first, second]);
    const log = await translations();
    expect(log.map((r) => [r.fault, r.status])).toEqual([
      ['reset', null],
      [null, 200],
      [null, 200],
    ]);
    // The second call went out with the first one's retry, a second later, not at once.
    expect(Date.parse(log[1]!.receivedAt) - Date.parse(log[0]!.receivedAt)).toBeGreaterThanOrEqual(
      950,
    );
  });

  it('sends no more than the calls in flight when the service resets every connection', async () => {
    await server.fault('reset', { count: 1000 });
    const client = server.client({ random: () => 0.5 });
    // 20 requests of 25 texts, 4 at a time.
    const texts = Array.from({ length: 500 }, (_, i) => `Text ${i}`.padEnd(5000, '.'));
    const started = performance.now();
    const error = await unreachable(
      client.translateMany(texts, { targetLang: 'DE', sourceLang: 'EN' }, { concurrency: 4 }),
    );
    expect(performance.now() - started).toBeLessThan(6000);
    expect(error.reason).toBe('connection');
    // The 4 requests in flight try 4 times each at most; the other 16 are never sent.
    expect((await translations()).length).toBeLessThanOrEqual(16);
  });
});

describe('a hanging service: an attempt without an answer in timeoutMs is not sent again', () => {
  it('stops after one timeout, naming the address and the timeout', async () => {
    const silent = await silentServer();
    const client = createClient({ apiKey: KEYS.paid, serverUrl: silent.url, timeoutMs: 400 });
    const started = performance.now();
    const error = await unreachable(translate(client));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(elapsed).toBeLessThan(1500);
    expect(error).toMatchObject({
      reason: 'timeout',
      timeoutMs: 400,
      attempts: 1,
      kind: 'service',
    });
    expect(error.message).toBe(
      `the service at ${silent.url} sent no answer to POST /v2/translate within 400 ms`,
    );
    expect(silent.connections()).toBe(1);
    // The circuit is open: the client's next call is not sent either.
    await unreachable(translate(client, 'again'));
    expect(silent.connections()).toBe(1);
  });

  it('never names the key, nor credentials in the address', async () => {
    const port = await freePort();
    const client = createClient({
      apiKey: 'sk-very-secret-key',
      serverUrl: `http://user:password@127.0.0.1:${port}/base`,
      maxRetries: 0,
    });
    const error = await unreachable(client.usage());
    expect(error.url).toBe(`http://127.0.0.1:${port}/base`);
    const text = `${error.message} ${JSON.stringify(error)} ${error.stack}`;
    for (const secret of ['sk-very-secret-key', 'password']) expect(text).not.toContain(secret);
    expect(error).toBeInstanceOf(TransloomError);
  });
});
