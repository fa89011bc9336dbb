import * as deepl from 'deepl-node';
import { afterAll } from 'vitest';
import type { ServerOptions } from '../create-server.js';
import { startAuthSchemeProxy } from './auth-scheme-proxy.js';
import { KEYS, startTestServer, type TestServer } from './test-server.js';

/** The official Node client, pointed at a local service through the scheme-swapping proxy. */
export interface OfficialClient {
  client: deepl.DeepLClient;
  /** A client for another key (e.g. a free-tier or an unknown one). */
  clientFor(key: string): deepl.DeepLClient;
  t: TestServer;
  proxy: Awaited<ReturnType<typeof startAuthSchemeProxy>>;
}

/**
 * Starts the real service and a loopback proxy in front of it, and returns a `deepl-node`
 * client for the paid test key whose `serverUrl` is the proxy. Retries are off, so every
 * call the client makes is one request and a failure shows at once.
 */
export async function startOfficialClient(options: ServerOptions = {}): Promise<OfficialClient> {
  const t = await startTestServer(options);
  const proxy = await startAuthSchemeProxy(t.url, 'DeepL-Auth-Key');
  afterAll(() => proxy.close());
  const clientFor = (key: string) =>
    new deepl.DeepLClient(key, {
      serverUrl: proxy.url,
      maxRetries: 0,
      minTimeout: 30_000,
      sendPlatformInfo: false,
    });
  return { client: clientFor(KEYS.paid), clientFor, t, proxy };
}
