import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../create-client.js';
import { TooManyRequestsError } from '../errors.js';
import { KEYS, startLocalServer } from '../test-support/local-server.js';

const server = await startLocalServer();

beforeEach(async () => {
  await server.clearFaults();
  await server.clearRequests();
});

// The main entry, as browsers and other runtimes get it: requests go through the global fetch.
describe('the main entry sends with the global fetch', () => {
  it('translates, honors Retry-After, and tells onRequest of every attempt', async () => {
    const sent: string[] = [];
    const client = createClient({
      apiKey: KEYS.paid,
      serverUrl: server.url,
      onRequest: ({ method, path }) => sent.push(`${method} ${path}`),
    });
    await server.fault('429', { retryAfter: 1, path: '/v2/translate' });
    const result = await client.translate({ text: 'Hello', targetLang: 'DE' });
    expect(result.translations[0]!.text).toBe('[Ĥéļļö]');
    expect(sent).toEqual(['POST /v2/translate', 'POST /v2/translate']);
    expect((await server.requests()).map((r) => r.status)).toEqual([429, 200]);
  });

  it('maps an error answer read through fetch to its class', async () => {
    const client = createClient({ apiKey: KEYS.paid, serverUrl: server.url, maxRetries: 0 });
    await server.fault('429', { retryAfter: 1, path: '/v2/translate' });
    const error = await client.translate({ text: 'x', targetLang: 'DE' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 1000 });
  });
});
