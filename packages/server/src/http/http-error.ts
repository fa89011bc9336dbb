import { TransloomError } from '@transloom/client/errors';

/** Stable codes of the errors the local service answers with. */
export type HttpErrorCode =
  | 'TRANSLOOM_BAD_REQUEST'
  | 'TRANSLOOM_UNAUTHORIZED'
  | 'TRANSLOOM_FORBIDDEN'
  | 'TRANSLOOM_NOT_FOUND'
  | 'TRANSLOOM_PAYLOAD_TOO_LARGE'
  | 'TRANSLOOM_UNSUPPORTED_MEDIA_TYPE'
  | 'TRANSLOOM_TOO_MANY_REQUESTS'
  | 'TRANSLOOM_QUOTA_EXCEEDED'
  | 'TRANSLOOM_INTERNAL'
  | 'TRANSLOOM_UNAVAILABLE';

const CODES: Record<number, HttpErrorCode> = {
  400: 'TRANSLOOM_BAD_REQUEST',
  401: 'TRANSLOOM_UNAUTHORIZED',
  403: 'TRANSLOOM_FORBIDDEN',
  404: 'TRANSLOOM_NOT_FOUND',
  413: 'TRANSLOOM_PAYLOAD_TOO_LARGE',
  415: 'TRANSLOOM_UNSUPPORTED_MEDIA_TYPE',
  429: 'TRANSLOOM_TOO_MANY_REQUESTS',
  456: 'TRANSLOOM_QUOTA_EXCEEDED',
  503: 'TRANSLOOM_UNAVAILABLE',
};

/** Options of {@link HttpError}. */
export interface HttpErrorOptions {
  /** Extra explanation sent as the body's `detail`. */
  detail?: string;
  /** Identifier of the violated rule, sent as the body's `code`. */
  rule?: string;
  /** Response headers, e.g. `Retry-After`. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** An error that becomes an HTTP response with the contract's JSON body `{"message": ...}`. */
export class HttpError extends TransloomError {
  override readonly name = 'HttpError';
  /** The code of the status (`TRANSLOOM_INTERNAL` for one without its own). */
  declare readonly code: HttpErrorCode;
  readonly status: number;
  readonly detail: string | undefined;
  readonly rule: string | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, options: HttpErrorOptions = {}) {
    // A 4xx is the caller's to fix; a 5xx is the service's.
    super(CODES[status] ?? 'TRANSLOOM_INTERNAL', message, {
      kind: status < 500 ? 'user' : 'service',
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.status = status;
    this.detail = options.detail;
    this.rule = options.rule;
    this.headers = options.headers ?? {};
  }

  /** The response body. */
  toBody(): { message: string; detail?: string; code?: string } {
    const body: { message: string; detail?: string; code?: string } = { message: this.message };
    if (this.detail !== undefined) body.detail = this.detail;
    if (this.rule !== undefined) body.code = this.rule;
    return body;
  }
}

/** A 400 naming the parameter and the rule it breaks. */
export function badRequest(message: string, options?: HttpErrorOptions): HttpError {
  return new HttpError(400, message, options);
}

/** A 404 for an unknown resource. */
export function notFound(message: string): HttpError {
  return new HttpError(404, message);
}

/** A 403 for a key that may not use a route. */
export function forbidden(message: string): HttpError {
  return new HttpError(403, message);
}
