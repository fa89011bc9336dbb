import {
  ApiError,
  AuthorizationError,
  BadRequestError,
  PayloadTooLargeError,
  QuotaExceededError,
  TooManyRequestsError,
} from '@transloom/client';
import { HttpError } from '../../http/http-error.js';

// Seconds to wait, as Retry-After says it (at least 1).
function retryAfter(error: ApiError | undefined, fallback: number): Record<string, string> {
  const ms = error?.retryAfterMs;
  const seconds = ms === undefined ? fallback : Math.max(1, Math.ceil(ms / 1000));
  return { 'retry-after': String(seconds) };
}

/**
 * What the gateway answers when its upstream service fails: the contract's own statuses,
 * passed on so that the caller's client backs off as it would against the upstream itself
 * (429 and 503 with Retry-After, 456 when the upstream account's quota is spent); a refused
 * upstream key is the gateway's problem, never the caller's, and is named without the key.
 */
export function upstreamFailure(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof TooManyRequestsError) {
    return new HttpError(429, `Too many requests upstream: ${error.message}`, {
      headers: retryAfter(error, 1),
      cause: error,
    });
  }
  if (error instanceof QuotaExceededError)
    return new HttpError(456, `Quota exceeded upstream: ${error.message}`, { cause: error });
  if (error instanceof AuthorizationError) {
    return new HttpError(
      503,
      'The gateway cannot use its upstream service: the upstream key was refused',
      { headers: retryAfter(undefined, 60), cause: error },
    );
  }
  if (error instanceof BadRequestError)
    return new HttpError(400, `The upstream service refused the request: ${error.message}`, {
      cause: error,
    });
  if (error instanceof PayloadTooLargeError)
    return new HttpError(413, `The upstream service refused the request: ${error.message}`, {
      cause: error,
    });
  const api = error instanceof ApiError ? error : undefined;
  return new HttpError(
    503,
    `The upstream service is unavailable: ${error instanceof Error ? error.message : String(error)}`,
    { headers: retryAfter(api, 1), cause: error },
  );
}
