import {
  type EngineTranslateInput,
  pseudoEngine,
  type ServerOptions,
  startServer,
  type TranslationEngine,
} from '@transloom/server';
import { afterAll } from 'vitest';
import type { ClientOptions } from '../client-options.js';
import { createClient, type TransloomClient } from '../node.js';

/** Keys the local test server knows. */
export const KEYS = {
  paid: 'client-test-paid-key:7f3a9c',
  free: 'client-test-free-key:fx',
  admin: 'client-test-admin-key:91bd',
} as const;

/** A pseudo engine that records what the server handed it. */
export function recordingEngine(
  delayMs = 0,
): TranslationEngine & { inputs: EngineTranslateInput[]; inFlight: number; maxInFlight: number } {
  const engine = {
    name: 'recording',
    inputs: [] as EngineTranslateInput[],
    inFlight: 0,
    maxInFlight: 0,
    async translate(input: EngineTranslateInput) {
      engine.inputs.push(input);
      engine.inFlight++;
      engine.maxInFlight = Math.max(engine.maxInFlight, engine.inFlight);
      try {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return pseudoEngine.translate(input) as string[];
      } finally {
        engine.inFlight--;
      }
    },
    rephrase: pseudoEngine.rephrase!,
  };
  return engine;
}

/** A request as the server's fault-injection log records it. */
export interface LoggedRequest {
  receivedAt: string;
  method: string;
  path: string;
  status: number | null;
  fault: string | null;
  contentLength: number | null;
  texts?: number;
}

/** The real local service on a loopback port, with fault injection, and clients for it. */
export interface LocalServer {
  url: string;
  client(options?: Partial<ClientOptions>): TransloomClient;
  /** Arms faults for the next `count` requests to `path` (or any path). */
  fault(
    kind: string,
    options?: { count?: number; retryAfter?: number; path?: string },
  ): Promise<void>;
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  /** Drops armed and random faults. */
  clearFaults(): Promise<void>;
  /** Turns on random faults on `/v2/translate` (each request fails with probability `rate`). */
  randomFaults(options: {
    rate: number;
    kinds: string[];
    seed: number;
    retryAfter?: number;
  }): Promise<void>;
  /**
   * Requests of the contract's routes the server is handling now, counted by the server from
   * the request's arrival to the end of its answer, and the most at once since the last reset.
   */
  traffic(): { inFlight: number; peak: number; reset(): void };
}

/** Starts the service for a test file; closed after its tests. */
export async function startLocalServer(options: ServerOptions = {}): Promise<LocalServer> {
  const server = await startServer({
    apiKeys: [KEYS.paid],
    freeKeys: [KEYS.free],
    adminKeys: [KEYS.admin],
    faults: true,
    port: 0,
    ...options,
  });
  afterAll(() => server.close());
  // Counted on the HTTP server itself, so refused requests that never reach a route count too.
  let inFlight = 0;
  let peak = 0;
  server.app.server.on('request', (request, response) => {
    if (request.url?.startsWith('/__transloom/')) return;
    inFlight++;
    peak = Math.max(peak, inFlight);
    response.once('close', () => {
      inFlight--;
    });
  });
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}/__transloom/${path}`, {
      method,
      // Fault control is for admins.
      headers: {
        'content-type': 'application/json',
        authorization: `Service-Auth-Key ${KEYS.admin}`,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    url: server.url,
    client: (overrides = {}) =>
      createClient({ apiKey: KEYS.paid, serverUrl: server.url, ...overrides }),
    async fault(kind, { count = 1, retryAfter, path } = {}) {
      const res = await control('POST', 'faults', {
        kind,
        count,
        ...(retryAfter === undefined ? {} : { retry_after: retryAfter }),
        ...(path ? { path } : {}),
      });
      if (res.status !== 204) throw new Error(`arming ${kind} failed: ${res.status}`);
    },
    async requests() {
      return ((await (await control('GET', 'requests')).json()) as { requests: LoggedRequest[] })
        .requests;
    },
    async clearRequests() {
      await control('DELETE', 'requests');
    },
    async clearFaults() {
      await control('DELETE', 'faults');
    },
    async randomFaults({ rate, kinds, seed, retryAfter }) {
      const res = await control('PUT', 'faults', {
        rate,
        kinds,
        seed,
        paths: ['/v2/translate'],
        ...(retryAfter === undefined ? {} : { retry_after: retryAfter }),
      });
      if (res.status !== 204) throw new Error(`random faults failed: ${res.status}`);
    },
    traffic: () => ({
      inFlight,
      peak,
      reset() {
        peak = inFlight;
      },
    }),
  };
}
