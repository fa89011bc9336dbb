import { ConnectionError, errorForStatus, type RequestInfo, TimeoutError } from '../errors.js';
import type { LimiterSlot } from './adaptive-limiter.js';
import {
  backoffDelay,
  isRetryableStatus,
  NOT_SENT_CODES,
  parseRetryAfter,
  REFUSAL_STATUSES,
} from './retry-policy.js';

/** HTTP methods the contract uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Settings of a {@link Transport}. */
export interface TransportSettings {
  apiKey: string;
  serverUrl: string;
  maxRetries: number;
  timeoutMs: number;
  deadlineMs: number;
  fetch: typeof globalThis.fetch;
  userAgent: string;
  log: ((line: string) => void) | undefined;
  random: () => number;
}

/** One call: what to send and how to treat failures. */
export interface CallSpec {
  method: HttpMethod;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  form?: FormData;
  /** Safe to send again after a timeout or a reset (default: true except for creates). */
  idempotent?: boolean;
  signal?: AbortSignal | undefined;
  /** A full URL to call instead of `serverUrl + path` (presigned links). */
  url?: string;
  /** Send the Authorization header (default true). */
  auth?: boolean;
  /**
   * The limiter slot the call runs in: told how each attempt ended, given back while the
   * call waits to resend, and taken again before the next attempt.
   */
  slot?: LimiterSlot | undefined;
}

/** A successful response: the parsed body (JSON, text, or undefined for 204) and headers. */
export interface CallResult<T> {
  status: number;
  data: T;
  headers: Headers;
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function systemCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Sends requests with the contract's auth header, retries what may be retried (429/529 and
 * 5xx, resets and timeouts) honoring `Retry-After`, and otherwise backs off exponentially with
 * jitter. `maxRetries` counts retries, not attempts. Each attempt has a timeout; all attempts
 * together have a deadline. A create that timed out or was reset is not sent again, because
 * the service may already have made it. `Retry-After` delays only the request it answers:
 * slowing the whole run down is the job of the limiter its slot belongs to.
 */
export class Transport {
  constructor(private readonly settings: TransportSettings) {}

  /** The base URL requests go to. */
  get serverUrl(): string {
    return this.settings.serverUrl;
  }

  async call<T>(spec: CallSpec): Promise<CallResult<T>> {
    const { settings } = this;
    const idempotent = spec.idempotent ?? true;
    const info: RequestInfo = { method: spec.method, path: spec.path };
    const url = spec.url ?? this.url(spec);
    const headers: Record<string, string> = {
      'user-agent': settings.userAgent,
      accept: 'application/json',
    };
    if (spec.auth !== false) headers.authorization = `Service-Auth-Key ${settings.apiKey}`;
    let body: string | FormData | undefined;
    if (spec.json !== undefined) {
      body = JSON.stringify(spec.json);
      headers['content-type'] = 'application/json';
    } else if (spec.form) {
      body = spec.form;
    }
    const deadline = Date.now() + settings.deadlineMs;
    const slot = spec.slot;
    // Set by the catch (no response) or by the error status below.
    let failure!: Error;
    // Waits the service did not set: only these grow the backoff, a `Retry-After` does not.
    let backoffs = 0;
    for (let retry = 0; ; retry++) {
      spec.signal?.throwIfAborted();
      if (retry > 0 && slot) {
        await slot.resume(spec.signal);
        // The wait for a place in the window may have used up the call's time.
        if (Date.now() >= deadline) throw failure;
      }
      const remaining = deadline - Date.now();
      const timeoutMs = Math.max(1, Math.min(settings.timeoutMs, remaining));
      const attempt = new AbortController();
      const timer = setTimeout(() => attempt.abort(), timeoutMs);
      const onAbort = () => attempt.abort();
      spec.signal?.addEventListener('abort', onAbort, { once: true });
      let response: Response | undefined;
      let data: unknown;
      let waitMs: number | undefined;
      try {
        response = await settings.fetch(url, {
          method: spec.method,
          headers,
          ...(body !== undefined ? { body } : {}),
          signal: attempt.signal,
        });
        data = await readBody(response);
      } catch (error) {
        if (spec.signal?.aborted) throw spec.signal.reason;
        response = undefined;
        if (attempt.signal.aborted) {
          failure = new TimeoutError(
            `${info.method} ${info.path}: no response within ${timeoutMs} ms`,
            {
              ...info,
              timeoutMs,
            },
          );
          if (!idempotent) throw failure;
        } else {
          const code = systemCode(error);
          failure = new ConnectionError(
            `${info.method} ${info.path}: connection failed${code ? ` (${code})` : ''}`,
            { ...info, systemCode: code },
            error,
          );
          if (!idempotent && !(code && NOT_SENT_CODES.has(code))) throw failure;
        }
      } finally {
        clearTimeout(timer);
        spec.signal?.removeEventListener('abort', onAbort);
      }
      if (response) {
        if (response.ok) {
          slot?.succeeded();
          return {
            status: response.status,
            data: data as T,
            headers: response.headers,
          };
        }
        if (REFUSAL_STATUSES.has(response.status)) slot?.refused();
        const error = this.errorFrom(response, data, info);
        if (!isRetryableStatus(response.status, idempotent)) throw error;
        failure = error;
        waitMs = error.retryAfterMs;
      }
      if (retry >= settings.maxRetries) throw failure;
      const wait = waitMs ?? backoffDelay(backoffs++, settings.random);
      if (Date.now() + wait >= deadline) throw failure;
      settings.log?.(
        `${info.method} ${info.path}: ${failure.message}; retry ${retry + 1} of ${settings.maxRetries} in ${(wait / 1000).toFixed(1)} s${waitMs !== undefined ? ' (Retry-After)' : ''}`,
      );
      // A request waiting to be resent is not in flight: its place goes to another one.
      slot?.pause();
      await delay(wait, spec.signal);
    }
  }

  private url(spec: CallSpec): string {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) query.set(name, String(value));
    }
    const search = query.toString();
    return `${this.settings.serverUrl}${spec.path}${search ? `?${search}` : ''}`;
  }

  private errorFrom(response: Response, data: unknown, info: RequestInfo) {
    const body = (typeof data === 'object' && data !== null ? data : {}) as {
      message?: unknown;
      detail?: unknown;
      code?: unknown;
    };
    const message =
      typeof body.message === 'string'
        ? body.message
        : typeof data === 'string' && data !== ''
          ? data.slice(0, 500)
          : `${info.method} ${info.path} answered ${response.status} ${response.statusText}`;
    return errorForStatus(response.status, message, {
      ...info,
      status: response.status,
      detail: typeof body.detail === 'string' ? body.detail : undefined,
      rule: typeof body.code === 'string' ? body.code : undefined,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
    });
  }
}
