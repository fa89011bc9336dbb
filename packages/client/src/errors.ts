import { type ErrorPosition, TransloomError, type TransloomErrorCode } from './transloom-error.js';

export { InternalError } from './internal-error.js';
export {
  type ServiceUnreachableDetails,
  ServiceUnreachableError,
  type UnreachableReason,
} from './service-unreachable-error.js';
export {
  type ErrorPosition,
  TransloomError,
  type TransloomErrorCode,
  type TransloomErrorKind,
} from './transloom-error.js';
export { UsageError } from './usage-error.js';

/** What the client knows about the request an error answers. */
export interface RequestInfo {
  method: string;
  /** Path and query, never the key. */
  path: string;
}

/** Details of an HTTP error response. */
export interface ApiErrorDetails extends RequestInfo {
  status: number;
  /** The body's `detail`, when given. */
  detail?: string | undefined;
  /** The body's `code`: the service's identifier of the violated rule, when given. */
  rule?: string | undefined;
  /** Milliseconds the service asked to wait (`Retry-After`), when given. */
  retryAfterMs?: number | undefined;
}

/** The service answered with an error status; `message` is the service's own message. */
export class ApiError extends TransloomError {
  override name = 'ApiError';
  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly detail: string | undefined;
  readonly rule: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(code: TransloomErrorCode, message: string, details: ApiErrorDetails) {
    super(code, message);
    this.status = details.status;
    this.method = details.method;
    this.path = details.path;
    this.detail = details.detail;
    this.rule = details.rule;
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** 400: a parameter breaks a rule of the contract. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
  constructor(message: string, details: ApiErrorDetails) {
    super('TRANSLOOM_BAD_REQUEST', message, details);
  }
}

/** 401 or 403: the key is missing, unknown, deactivated, or not allowed here. */
export class AuthorizationError extends ApiError {
  override name = 'AuthorizationError';
  constructor(message: string, details: ApiErrorDetails) {
    super('TRANSLOOM_AUTHORIZATION', message, details);
  }
}

/** 404: the resource does not exist. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
  constructor(message: string, details: ApiErrorDetails) {
    super('TRANSLOOM_NOT_FOUND', message, details);
  }
}

/** 413: the request body is over the service's limit. */
export class PayloadTooLargeError extends ApiError {
  override name = 'PayloadTooLargeError';
  constructor(message: string, details: ApiErrorDetails) {
    super('TRANSLOOM_PAYLOAD_TOO_LARGE', message, details);
  }
}

/** 429 or 529: too many requests; `retryAfterMs` says how long to wait when known. */
export class TooManyRequestsError extends ApiError {
  override name = 'TooManyRequestsError';
  constructor(message: string, details: ApiErrorDetails) {
    super('TRANSLOOM_TOO_MANY_REQUESTS', message, details);
  }
}

/** 456: the character quota of the key or the account is used up. Never retried. */
export class QuotaExceededError extends ApiError {
  override name = 'QuotaExceededError';
  constructor(message: string, details: ApiErrorDetails) {
    super('TRANSLOOM_QUOTA_EXCEEDED', message, details);
  }
}

/** 5xx: the service failed. */
export class ServiceError extends ApiError {
  override name = 'ServiceError';
  constructor(message: string, details: ApiErrorDetails) {
    super('TRANSLOOM_SERVICE', message, details);
  }
}

/** The connection failed or was reset before a response arrived. */
export class ConnectionError extends TransloomError {
  override name = 'ConnectionError';
  readonly method: string;
  readonly path: string;
  /** The system error code, e.g. `ECONNRESET`, when known. */
  readonly systemCode: string | undefined;

  constructor(
    message: string,
    info: RequestInfo & { systemCode?: string | undefined },
    cause?: unknown,
  ) {
    super('TRANSLOOM_CONNECTION', message, { cause });
    this.method = info.method;
    this.path = info.path;
    this.systemCode = info.systemCode;
  }
}

/** No response within the per-attempt timeout, or the overall deadline passed. */
export class TimeoutError extends TransloomError {
  override name = 'TimeoutError';
  readonly method: string;
  readonly path: string;
  readonly timeoutMs: number;

  constructor(message: string, info: RequestInfo & { timeoutMs: number }) {
    super('TRANSLOOM_TIMEOUT', message);
    this.method = info.method;
    this.path = info.path;
    this.timeoutMs = info.timeoutMs;
  }
}

/** A documented limit of the contract would be broken; nothing was sent. */
export class LimitError extends TransloomError {
  override name = 'LimitError';
  /** The limit, e.g. `texts per request`. */
  readonly limit: string;
  readonly value: number;
  readonly maximum: number;

  constructor(limit: string, value: number, maximum: number, message?: string) {
    super('TRANSLOOM_LIMIT', message ?? `${limit}: ${value} exceeds the limit of ${maximum}`);
    this.limit = limit;
    this.value = value;
    this.maximum = maximum;
  }
}

/** A presigned content link was used after its five minutes. */
export class LinkExpiredError extends TransloomError {
  override name = 'LinkExpiredError';
  constructor(message: string) {
    super('TRANSLOOM_LINK_EXPIRED', message);
  }
}

/** The voice stream ended with an `error` message or closed before `end_of_stream`. */
export class VoiceStreamError extends TransloomError {
  override name = 'VoiceStreamError';
  readonly errorCode: number | undefined;
  readonly reasonCode: number | undefined;

  constructor(
    message: string,
    codes: { errorCode?: number; reasonCode?: number } = {},
    cause?: unknown,
  ) {
    super('TRANSLOOM_VOICE_STREAM', message, { cause });
    this.errorCode = codes.errorCode;
    this.reasonCode = codes.reasonCode;
  }
}

/** One problem of a configuration: where it is and what is wrong. */
export interface ConfigIssue {
  /** Key path, e.g. `files[1].target` (empty: the configuration as a whole). */
  path: string;
  message: string;
  /** 1-based line of the key in the configuration file, when its text is known. */
  line?: number | undefined;
  /** 1-based column of the key, with {@link line}. */
  column?: number | undefined;
}

// ` (line 4, column 7)` after an issue placed in its file, as a parser's positions are given.
const placeOf = (issue: ConfigIssue) =>
  issue.line === undefined ? '' : ` (line ${issue.line}, column ${issue.column ?? 1})`;

// The file, at the first issue placed in it.
function positionOf(file: string, issues: readonly ConfigIssue[]): ErrorPosition {
  const placed = issues.find((i) => i.line !== undefined);
  return placed ? { file, line: placed.line, column: placed.column } : { file };
}

/**
 * A configuration that cannot be used: the client's options, or a project's configuration
 * (then every issue names its key, and `file` the configuration file). One class for both,
 * so a host catches one.
 */
export class ConfigError extends TransloomError {
  override name = 'ConfigError';
  readonly issues: readonly ConfigIssue[];
  readonly file: string | undefined;

  constructor(problem: string | readonly ConfigIssue[], file?: string) {
    const issues = typeof problem === 'string' ? [{ path: '', message: problem }] : problem;
    super(
      'TRANSLOOM_CONFIG',
      typeof problem === 'string'
        ? problem
        : `${file ? `${file}: ` : ''}invalid configuration:\n${issues.map((i) => `  ${i.path || '(root)'}: ${i.message}${placeOf(i)}`).join('\n')}`,
      { kind: 'user', position: file ? positionOf(file, issues) : undefined },
    );
    this.issues = issues;
    this.file = file;
  }
}

/** The error class for an HTTP status. */
export function errorForStatus(
  status: number,
  message: string,
  details: ApiErrorDetails,
): ApiError {
  if (status === 400) return new BadRequestError(message, details);
  if (status === 401 || status === 403) return new AuthorizationError(message, details);
  if (status === 404) return new NotFoundError(message, details);
  if (status === 413) return new PayloadTooLargeError(message, details);
  if (status === 429 || status === 529) return new TooManyRequestsError(message, details);
  if (status === 456) return new QuotaExceededError(message, details);
  if (status >= 500) return new ServiceError(message, details);
  return new ApiError('TRANSLOOM_HTTP', message, details);
}

/** Glossary entries break a rule of the contract; nothing was sent. */
export class GlossaryEntriesError extends TransloomError {
  override name = 'GlossaryEntriesError';
  /** Every problem found, each with its line (or entry position) and rule. */
  readonly issues: readonly { line: number; rule: string; message: string }[];

  constructor(message: string, issues: readonly { line: number; rule: string; message: string }[]) {
    super('TRANSLOOM_GLOSSARY_ENTRIES', message);
    this.issues = issues;
  }
}
