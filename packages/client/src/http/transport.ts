import { ConnectionError, errorForStatus, type RequestInfo, TimeoutError } from '../errors.js';
import {
  displayUrl,
  type ServiceUnreachableDetails,
  ServiceUnreachableError,
} from '../service-unreachable-error.js';
import type { LimiterSlot } from './adaptive-limiter.js';
import { delay } from './delay.js';
import type { HttpAnswer, HttpExchange, HttpRequest } from './http-exchange.js';
import {
  backoffDelay,
  givesUpConnection,
  isRetryableStatus,
  NOT_SENT_CODES,
  parseRetryAfter,
  REFUSAL_STATUSES,
} from './retry-policy.js';
import { ServiceCircuit } from './service-circuit.js';

/** HTTP methods the contract uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Settings of a {@link Transport}. */
export interface TransportSettings {
  apiKey: string;
  serverUrl: string;
  maxRetries: number;
  /** Retries after failed connections before the service is judged unreachable. */
  connectionRetries: number;
  /** Time from a call's first failed connection to its last resend. */
  connectionWindowMs: number;
  /** How long every call fails at once after one judged the service unreachable. */
  unreachableCooldownMs: number;
  timeoutMs: number;
  deadlineMs: number;
  /** Sends each attempt: fetch, or `node:http` in the Node entry. */
  exchange: HttpExchange;
  userAgent: string;
  log: ((line: string) => void) | undefined;
  /** Told of every attempt as it is sent. */
  onRequest: ((request: { method: string; path: string }) => void) | undefined;
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

// What a call found out when it judged the service unreachable.
type UnreachableFinding = Pick<
  ServiceUnreachableDetails,
  'reason' | 'attempts' | 'systemCode' | 'timeoutMs'
>;

// How one attempt ended.
type AttemptOutcome =
  | { kind: 'answer'; response: HttpAnswer; data: unknown }
  | { kind: 'timeout'; error: TimeoutError }
  | { kind: 'connection'; error: ConnectionError };

// What every attempt of a call sends.
type Outgoing = Omit<HttpRequest, 'url' | 'signal'>;

// One call across its attempts.
interface CallState {
  spec: CallSpec;
  info: RequestInfo;
  idempotent: boolean;
  url: string;
  init: Outgoing;
  started: number;
  deadline: number;
  // Set by a failed attempt: what the call throws when it stops retrying.
  failure: Error | undefined;
  // Waits the service did not set: only these grow the backoff, a `Retry-After` does not.
  backoffs: number;
  // Failed connections of this call, and when the first of them was tried.
  connectionFailures: number;
  firstFailedConnection: number;
  // Set while this call retries a failed connection: new calls wait for it.
  suspicion: (() => void) | undefined;
  waits: ReturnType<ServiceCircuit['watch']>;
}

/** A successful response: its status and parsed body (JSON, text, or undefined for 204). */
export interface CallResult<T> {
  status: number;
  data: T;
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

function readBody(response: HttpAnswer): unknown {
  const text = response.body;
  if (response.status === 204 || text === '') return undefined;
  if ((response.header('content-type') ?? '').includes('json')) {
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
 * 5xx, failed connections) honoring `Retry-After`, and otherwise backs off exponentially with
 * jitter. `maxRetries` counts retries, not attempts; all attempts together have a deadline. A
 * create that was reset is not sent again, because the service may already have made it (the
 * call ends as if the service were unreachable).
 * `Retry-After` delays only the request it answers: slowing the whole run down is the job of
 * the limiter its slot belongs to.
 *
 * A dead or hanging service ends a call fast instead: failed connections get only a few
 * retries (`connectionRetries`, within `connectionWindowMs`), and an attempt with no answer
 * within `timeoutMs` is not sent again; either way the call throws a ServiceUnreachableError
 * and the client's circuit opens, so its other calls stop too (see {@link ServiceCircuit}).
 */
export class Transport {
  private readonly circuit: ServiceCircuit;

  constructor(private readonly settings: TransportSettings) {
    this.circuit = new ServiceCircuit(settings.unreachableCooldownMs);
  }

  /** The base URL requests go to. */
  get serverUrl(): string {
    return this.settings.serverUrl;
  }

  /** Sends one call, resending it while the contract and the settings allow (see the class). */
  async call<T>(spec: CallSpec): Promise<CallResult<T>> {
    const { settings, circuit } = this;
    const call = this.startCall(spec);
    try {
      // While other calls retry failed connections, this one waits for what they find out.
      if (circuit.suspected) await circuit.admit(call.waits.signal);
      for (let retry = 0; ; retry++) {
        spec.signal?.throwIfAborted();
        if (retry > 0) await this.beforeResend(call);
        const timeoutMs = Math.max(1, Math.min(settings.timeoutMs, call.deadline - Date.now()));
        const attemptStarted = Date.now();
        const outcome = await this.attempt(call.url, call.init, timeoutMs, spec.signal, call.info);
        if (outcome.kind === 'answer') {
          // An answer, even an error, says the service is there.
          call.suspicion?.();
          call.suspicion = undefined;
          const { response, data } = outcome;
          if (response.status >= 200 && response.status < 300) {
            spec.slot?.succeeded();
            return { status: response.status, data: data as T };
          }
        }
        const waitMs = this.judgeFailure(call, outcome, { retry, timeoutMs, attemptStarted });
        await this.waitToResend(call, outcome, retry, waitMs);
      }
    } finally {
      call.suspicion?.();
      call.waits.release();
    }
  }

  // A call's state across its attempts; a service judged unreachable a moment ago gets nothing:
  // the call fails without sending.
  private startCall(spec: CallSpec): CallState {
    const url = spec.url ?? this.url(spec);
    const init = this.requestInit(spec);
    this.circuit.check();
    const started = Date.now();
    return {
      spec,
      info: { method: spec.method, path: spec.path },
      idempotent: spec.idempotent ?? true,
      url,
      init,
      started,
      deadline: started + this.settings.deadlineMs,
      failure: undefined,
      backoffs: 0,
      connectionFailures: 0,
      firstFailedConnection: 0,
      suspicion: undefined,
      // Waits end when the caller gives up or when another call finds the service unreachable.
      waits: this.circuit.watch(spec.signal),
    };
  }

  // Before a resend: the circuit may have opened, and the slot is taken again.
  private async beforeResend(call: CallState): Promise<void> {
    this.circuit.check();
    if (!call.spec.slot) return;
    await call.spec.slot.resume(call.waits.signal);
    // The wait for a place in the window may have used up the call's time.
    if (Date.now() >= call.deadline) throw call.failure;
  }

  // A failed attempt: throws when the call ends here, else records the failure and returns
  // the wait the service asked for (`Retry-After`), if any.
  private judgeFailure(
    call: CallState,
    outcome: AttemptOutcome,
    at: { retry: number; timeoutMs: number; attemptStarted: number },
  ): number | undefined {
    const { retry, timeoutMs } = at;
    if (outcome.kind === 'timeout') {
      // Cut short by the call's deadline: the call ran out of time, not the service.
      if (timeoutMs < this.settings.timeoutMs) throw outcome.error;
      // No answer in the whole timeout: sending it again would only wait as long again.
      throw this.unreachable(
        call,
        { reason: 'timeout', attempts: retry + 1, timeoutMs },
        outcome.error,
      );
    }
    if (outcome.kind === 'connection') {
      call.failure = outcome.error;
      const code = outcome.error.systemCode;
      // A create that may have reached the service is not sent again: the call ends here.
      if (!call.idempotent && !(code && NOT_SENT_CODES.has(code)))
        throw this.unreachable(
          call,
          { reason: 'connection', attempts: retry + 1, systemCode: code },
          outcome.error,
        );
      if (call.connectionFailures++ === 0) call.firstFailedConnection = at.attemptStarted;
      call.suspicion ??= this.circuit.suspect();
      return undefined;
    }
    const { response, data } = outcome;
    if (REFUSAL_STATUSES.has(response.status)) call.spec.slot?.refused();
    const error = this.errorFrom(response, data, call.info);
    if (!isRetryableStatus(response.status, call.idempotent)) throw error;
    call.failure = error;
    return error.retryAfterMs;
  }

  // Waits before the next attempt, or throws when the call may not resend (retries, deadline,
  // or failed connections used up).
  private async waitToResend(
    call: CallState,
    outcome: AttemptOutcome,
    retry: number,
    waitMs: number | undefined,
  ): Promise<void> {
    const { settings } = this;
    const failure = call.failure!;
    const wait = waitMs ?? backoffDelay(call.backoffs, settings.random);
    const resendAt = Date.now() + wait;
    if (outcome.kind === 'connection') {
      const tried = {
        failures: call.connectionFailures,
        firstFailedAt: call.firstFailedConnection,
      };
      if (givesUpConnection(tried, { retry, resendAt, deadline: call.deadline }, settings)) {
        const { systemCode } = outcome.error;
        throw this.unreachable(
          call,
          { reason: 'connection', attempts: retry + 1, systemCode },
          failure,
        );
      }
    } else if (retry >= settings.maxRetries || resendAt >= call.deadline) {
      throw failure;
    }
    if (waitMs === undefined) call.backoffs++;
    const [n, of] =
      outcome.kind === 'connection'
        ? [call.connectionFailures, settings.connectionRetries]
        : [retry + 1, settings.maxRetries];
    settings.log?.(
      `${call.info.method} ${call.info.path}: ${failure.message}; retry ${n} of ${of} in ${(wait / 1000).toFixed(1)} s${waitMs !== undefined ? ' (Retry-After)' : ''}`,
    );
    // A request waiting to be resent is not in flight: its place goes to another one;
    // except after a failed connection, when new calls wait for this one at the gate
    // anyway: keeping the place bounds them to the window and lets this one resend at once.
    if (outcome.kind !== 'connection') call.spec.slot?.pause();
    await delay(wait, call.waits.signal);
  }

  // The service as found dead or hanging: the circuit opens, so the client's other calls stop too.
  private unreachable(
    call: CallState,
    details: UnreachableFinding,
    cause: Error,
  ): ServiceUnreachableError {
    const { spec, started } = call;
    const error = new ServiceUnreachableError(
      {
        ...details,
        method: spec.method,
        path: spec.path,
        url: this.address(spec),
        elapsedMs: Date.now() - started,
      },
      cause,
    );
    this.circuit.open(error);
    return error;
  }

  // One attempt: an answer (any status), no answer within `timeoutMs`, or a failed connection.
  private async attempt(
    url: string,
    init: Outgoing,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    info: RequestInfo,
  ): Promise<AttemptOutcome> {
    const attempt = new AbortController();
    const timer = setTimeout(() => attempt.abort(), timeoutMs);
    const onAbort = () => attempt.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      this.settings.onRequest?.(info);
      const response = await this.settings.exchange({ url, ...init, signal: attempt.signal });
      return { kind: 'answer', response, data: readBody(response) };
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (attempt.signal.aborted) {
        const message = `${info.method} ${info.path}: no response within ${timeoutMs} ms`;
        return { kind: 'timeout', error: new TimeoutError(message, { ...info, timeoutMs }) };
      }
      const code = systemCode(error);
      const message = `${info.method} ${info.path}: connection failed${code ? ` (${code})` : ''}`;
      return {
        kind: 'connection',
        error: new ConnectionError(message, { ...info, systemCode: code }, error),
      };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  // Method, headers and body of every attempt of a call.
  private requestInit(spec: CallSpec): Outgoing {
    const headers: Record<string, string> = {
      'user-agent': this.settings.userAgent,
      accept: 'application/json',
    };
    if (spec.auth !== false) headers.authorization = `Service-Auth-Key ${this.settings.apiKey}`;
    let body: string | FormData | undefined;
    if (spec.json !== undefined) {
      body = JSON.stringify(spec.json);
      headers['content-type'] = 'application/json';
    } else if (spec.form) {
      body = spec.form;
    }
    return { method: spec.method, headers, body };
  }

  // The service's address for messages (of a presigned link only its origin: the rest grants access).
  private address(spec: CallSpec): string {
    return displayUrl(spec.url ? new URL(spec.url).origin : this.settings.serverUrl);
  }

  private url(spec: CallSpec): string {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) query.set(name, String(value));
    }
    const search = query.toString();
    return `${this.settings.serverUrl}${spec.path}${search ? `?${search}` : ''}`;
  }

  private errorFrom(response: HttpAnswer, data: unknown, info: RequestInfo) {
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
      retryAfterMs: parseRetryAfter(response.header('retry-after')),
    });
  }
}
