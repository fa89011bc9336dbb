import { ActionError } from './action-error.js';

/** How long one request to GitHub may take, answer included. */
export const GITHUB_TIMEOUT_MS = 30_000;
/** Attempts of one request at most (the first and its retries). */
export const GITHUB_ATTEMPTS = 3;
/** The longest `Retry-After` (or rate-limit reset) the Action waits for; a longer one fails. */
export const GITHUB_MAX_WAIT_MS = 60_000;

/** Why a request stopped waiting for GitHub. */
class GitHubTimeout extends ActionError {
  override name = 'GitHubTimeout';
  constructor() {
    super('TRANSLOOM_ACTION_GITHUB', 'GitHub did not answer in time', { kind: 'service' });
  }
}

// System codes in words, for "could not reach GitHub: connection refused".
const SYSTEM_CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed by GitHub',
};

interface RequestShape {
  method?: string;
  url?: string;
  request?: Record<string, unknown>;
}

interface HttpError {
  status?: number;
  message?: string;
  response?: { headers?: Record<string, string | undefined>; data?: unknown };
}

/** Each error in a cause chain, the error first. */
function* causes(error: unknown): Generator<unknown> {
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 8; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

/** What a failed attempt was: no answer in time, no connection, or an HTTP status. */
export type Failure =
  | { kind: 'timeout' }
  | { kind: 'network'; code: string | undefined }
  | {
      kind: 'status';
      status: number;
      message: string;
      headers: Record<string, string | undefined>;
    };

/** Classifies an error Octokit threw (it reports a failed connection as a status 500). */
export function classifyFailure(error: unknown): Failure {
  const chain = [...causes(error)];
  if (chain.some((e) => e instanceof GitHubTimeout)) return { kind: 'timeout' };
  const code = chain
    .map((e) => (e as { code?: unknown }).code)
    .find((c): c is string => typeof c === 'string' && c !== 'ERR_NON_2XX_3XX_RESPONSE');
  const http = error as HttpError;
  if (http.response && typeof http.status === 'number')
    return {
      kind: 'status',
      status: http.status,
      message: typeof http.message === 'string' ? http.message : '',
      headers: http.response.headers ?? {},
    };
  return { kind: 'network', code };
}

/** How long GitHub asks to wait before a retry (ms), from `Retry-After` or a rate-limit reset. */
function askedWait(failure: Failure, now: number): number | undefined {
  if (failure.kind !== 'status') return undefined;
  const retryAfter = failure.headers['retry-after'];
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  if (failure.headers['x-ratelimit-remaining'] === '0') {
    const reset = Number(failure.headers['x-ratelimit-reset']);
    if (Number.isFinite(reset)) return Math.max(0, reset * 1000 - now);
  }
  return undefined;
}

const isRateLimit = (f: Failure) =>
  f.kind === 'status' &&
  (f.status === 429 ||
    (f.status === 403 &&
      (/rate limit/i.test(f.message) || f.headers['x-ratelimit-remaining'] === '0')));

/**
 * Whether (and after how long) to try a request again. 5xx answers and failed connections are
 * retried with a short backoff (a POST only when nothing can have been done: no connection,
 * or 502/503/504 from a proxy); rate limits, secondary ones included, after the wait GitHub
 * asks for when it is at most {@link GITHUB_MAX_WAIT_MS}. A request that got no answer in
 * time is not sent again: a GitHub that hangs would hold the step for minutes otherwise.
 */
export function retryDelay(
  failure: Failure,
  method: string,
  attempt: number,
  now = Date.now(),
): number | undefined {
  if (attempt >= GITHUB_ATTEMPTS) return undefined;
  const backoff = 1000 * 2 ** (attempt - 1);
  const safe = method === 'GET' || method === 'HEAD';
  if (failure.kind === 'timeout') return undefined;
  if (failure.kind === 'network')
    return safe || failure.code === 'ECONNREFUSED' || failure.code === 'ENOTFOUND'
      ? backoff
      : undefined;
  if (isRateLimit(failure)) {
    const wait = askedWait(failure, now) ?? 60_000;
    return wait <= GITHUB_MAX_WAIT_MS ? wait + 250 : undefined;
  }
  if (failure.status >= 500) {
    if (!safe && ![502, 503, 504].includes(failure.status)) return undefined;
    const wait = askedWait(failure, now);
    if (wait !== undefined) return wait <= GITHUB_MAX_WAIT_MS ? wait : undefined;
    return backoff;
  }
  return undefined;
}

/** What went wrong with a request, in words: "could not reach GitHub: connection refused". */
export function describeFailure(failure: Failure, attempts: number, now = Date.now()): string {
  const tries = attempts > 1 ? ` (${attempts} attempts)` : '';
  if (failure.kind === 'timeout')
    return `GitHub did not answer within ${GITHUB_TIMEOUT_MS / 1000} s`;
  if (failure.kind === 'network')
    return `could not reach GitHub: ${(failure.code && SYSTEM_CODES[failure.code]) ?? 'connection failed'}${failure.code ? ` (${failure.code})` : ''}${tries}`;
  const wait = isRateLimit(failure) ? askedWait(failure, now) : undefined;
  const limit =
    wait !== undefined && wait > GITHUB_MAX_WAIT_MS
      ? `; GitHub asks to wait ${Math.ceil(wait / 1000)} s, longer than the Action waits`
      : '';
  return `GitHub answered ${failure.status}${failure.message ? `: ${failure.message}` : ''}${limit}${tries}`;
}

/** An error from a GitHub call, whose message says what happened. */
export class GitHubCallError extends ActionError {
  constructor(
    readonly failure: Failure,
    message: string,
    cause: unknown,
  ) {
    super('TRANSLOOM_ACTION_GITHUB', message, { cause, kind: 'service' });
  }

  /** The HTTP status GitHub answered, if it answered. */
  get status(): number | undefined {
    return this.failure.kind === 'status' ? this.failure.status : undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The request policy every GitHub call of the Action goes through, as an Octokit `request`
 * hook: each attempt is stopped after {@link GITHUB_TIMEOUT_MS}, and {@link retryDelay} says
 * what is tried again. Written here rather than taken from @octokit/plugin-retry and
 * plugin-throttling: retry ignores `Retry-After` and cannot tell a refused connection from a
 * 500, throttling queues every request through Bottleneck (a second between writes), and
 * neither stops a request that never gets an answer.
 */
export async function withRequestPolicy<T>(
  request: (options: RequestShape) => Promise<T>,
  options: RequestShape,
  timeoutMs = GITHUB_TIMEOUT_MS,
): Promise<T> {
  const method = (options.method ?? 'GET').toUpperCase();
  for (let attempt = 1; ; attempt++) {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The signal asks fetch to stop; the race makes sure the call ends even when the fetch
    // Octokit uses does not end on it (the undici that @actions/github brings keeps waiting for
    // an answer that never comes).
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const reason = new GitHubTimeout();
        controller.abort(reason);
        reject(reason);
      }, timeoutMs);
    });
    try {
      return await Promise.race([
        request({ ...options, request: { ...options.request, signal: controller.signal } }),
        timedOut,
      ]);
    } catch (error) {
      const failure = controller.signal.aborted
        ? ({ kind: 'timeout' } as const)
        : classifyFailure(error);
      const delay = retryDelay(failure, method, attempt);
      if (delay === undefined)
        throw new GitHubCallError(failure, describeFailure(failure, attempt), error);
      await sleep(delay);
    } finally {
      clearTimeout(timer);
    }
  }
}
