import { ConfigError } from './errors.js';
import { fetchExchange, type HttpExchange } from './http/http-exchange.js';
import type { TransportSettings } from './http/transport.js';
import type { WebSocketFactory } from './voice/web-socket.js';

/** Options of {@link createClient}. Public options are camelCase; the wire stays snake_case. */
export interface ClientOptions {
  /** The key; read it from the environment or a secret store, never from a committed file. */
  apiKey: string;
  /** Base URL of the service, e.g. `http://127.0.0.1:8787`. */
  serverUrl: string;
  /** Retries after the first attempt (default 5). */
  maxRetries?: number;
  /**
   * Retries after failed connections (refused, reset, unknown host) before the service is
   * judged unreachable (default 3; never more than `maxRetries`).
   */
  connectionRetries?: number;
  /** Time in ms from a call's first failed connection to its last resend (default 20 000). */
  connectionWindowMs?: number;
  /**
   * Time in ms an attempt may go without an answer (default 30 000). A call whose attempt ran
   * out of it is not sent again: the service is judged unreachable.
   */
  timeoutMs?: number;
  /**
   * Time in ms during which every call fails at once, without sending, after one judged the
   * service unreachable (default 10 000).
   */
  unreachableCooldownMs?: number;
  /** Time all attempts of one call may take together, waits included (default 120 000). */
  deadlineMs?: number;
  /**
   * The fetch to send requests with. By default the Node entry sends with `node:http` and
   * `node:https` (keep-alive agents), the main entry elsewhere with the global fetch.
   */
  fetch?: typeof globalThis.fetch;
  /** Text of the User-Agent header (where the platform lets it be set). */
  userAgent?: string;
  /** Receives one line per retry; lines never contain the key. */
  log?: (line: string) => void;
  /** Told of every request as it is sent, retries included (to count them). */
  onRequest?: (request: { method: string; path: string }) => void;
  /** WebSocket constructor for voice streams (default: the global one; the Node entry passes `ws`). */
  webSocket?: WebSocketFactory;
  /** Random numbers for backoff jitter (tests pass a fixed one). */
  random?: () => number;
}

/** The client's version, sent in the User-Agent. */
export const CLIENT_VERSION = '0.1.0';

/**
 * Checks options and fills in defaults; `exchange` is the platform's way to send requests
 * when no `fetch` is given (the Node entry's), else the global fetch is used.
 */
export function resolveClientOptions(
  options: ClientOptions,
  exchange?: HttpExchange,
): TransportSettings & { webSocket: WebSocketFactory | undefined } {
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') {
    throw new ConfigError(
      'createClient: apiKey is required (read it from an environment variable)',
    );
  }
  let url: URL;
  try {
    url = new URL(options.serverUrl);
  } catch {
    throw new ConfigError(
      `createClient: serverUrl must be an absolute http(s) URL, got '${options.serverUrl}'`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`createClient: serverUrl must use http or https, got '${url.protocol}'`);
  }
  const count = (name: string, value: number | undefined, fallback: number, min: number) => {
    if (value === undefined) return fallback;
    if (!Number.isFinite(value) || value < min)
      throw new ConfigError(`createClient: ${name} must be a number >= ${min}`);
    return value;
  };
  // A fetch named in the options wins over the platform's exchange.
  const platform = options.fetch === undefined ? exchange : undefined;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (!platform && typeof fetchImpl !== 'function')
    throw new ConfigError('createClient: no fetch available; pass options.fetch');
  return {
    apiKey: options.apiKey.trim(),
    serverUrl: url.href.replace(/\/+$/, ''),
    maxRetries: Math.floor(count('maxRetries', options.maxRetries, 5, 0)),
    connectionRetries: Math.floor(count('connectionRetries', options.connectionRetries, 3, 0)),
    connectionWindowMs: count('connectionWindowMs', options.connectionWindowMs, 20_000, 0),
    unreachableCooldownMs: count('unreachableCooldownMs', options.unreachableCooldownMs, 10_000, 0),
    timeoutMs: count('timeoutMs', options.timeoutMs, 30_000, 1),
    deadlineMs: count('deadlineMs', options.deadlineMs, 120_000, 1),
    exchange: platform ?? fetchExchange(fetchImpl.bind(globalThis)),
    userAgent: options.userAgent ?? `transloom-client/${CLIENT_VERSION}`,
    log: options.log,
    onRequest: options.onRequest,
    random: options.random ?? Math.random,
    webSocket: options.webSocket,
  };
}
