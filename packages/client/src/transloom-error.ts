/** Stable codes of the errors of `@transloom/client/errors` (other packages add their own). */
export type TransloomErrorCode =
  | 'TRANSLOOM_BAD_REQUEST'
  | 'TRANSLOOM_AUTHORIZATION'
  | 'TRANSLOOM_NOT_FOUND'
  | 'TRANSLOOM_PAYLOAD_TOO_LARGE'
  | 'TRANSLOOM_TOO_MANY_REQUESTS'
  | 'TRANSLOOM_QUOTA_EXCEEDED'
  | 'TRANSLOOM_SERVICE'
  | 'TRANSLOOM_HTTP'
  | 'TRANSLOOM_CONNECTION'
  | 'TRANSLOOM_SERVICE_UNREACHABLE'
  | 'TRANSLOOM_TIMEOUT'
  | 'TRANSLOOM_LIMIT'
  | 'TRANSLOOM_GLOSSARY_ENTRIES'
  | 'TRANSLOOM_LINK_EXPIRED'
  | 'TRANSLOOM_VOICE_STREAM'
  | 'TRANSLOOM_CONFIG'
  | 'TRANSLOOM_USAGE'
  | 'TRANSLOOM_INTERNAL';

/**
 * Who can fix an error: `user` (an argument, a configuration, a file, a key), `service` (the
 * service failed, refused or could not be reached), `internal` (a defect of the program).
 */
export type TransloomErrorKind = 'user' | 'service' | 'internal';

/** Where in a file an error is (a configuration key's file, a parse error's line). */
export interface ErrorPosition {
  file: string;
  /** 1-based, when known. */
  line?: number | undefined;
  /** 1-based, when known. */
  column?: number | undefined;
}

// Codes a user fixes; every other client code is the service's.
const USER_CODES: ReadonlySet<string> = new Set([
  'TRANSLOOM_BAD_REQUEST',
  'TRANSLOOM_AUTHORIZATION',
  'TRANSLOOM_LIMIT',
  'TRANSLOOM_GLOSSARY_ENTRIES',
  'TRANSLOOM_CONFIG',
]);

// The brand every copy of the class sets: `Symbol.for` names one symbol across bundles.
const TRANSLOOM_ERROR = Symbol.for('transloom.error');

/**
 * The root of every error Transloom throws, in every package: a stable `code` and a `kind`,
 * so a host's error boundary is one `instanceof` check.
 */
export class TransloomError extends Error {
  /**
   * `error instanceof TransloomError` holds for an error made by any copy of this class: a
   * bundled host (the CLI, the Action) carries its own copy, while the service it starts
   * throws with the installed one. Subclasses keep the ordinary check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class asked about: a subclass keeps the ordinary check.
    if (this !== TransloomError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[TRANSLOOM_ERROR] === true
    );
  }

  override name = 'TransloomError';
  /** A stable identifier, `TRANSLOOM_*`. */
  readonly code: TransloomErrorCode | (string & {});
  /** Who can fix it. */
  readonly kind: TransloomErrorKind;
  /** The file (and line and column) the error is about, when it is about one. */
  readonly position: ErrorPosition | undefined;

  constructor(
    code: TransloomErrorCode | (string & {}),
    message: string,
    options?: { cause?: unknown; kind?: TransloomErrorKind; position?: ErrorPosition | undefined },
  ) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined);
    this.code = code;
    this.kind = options?.kind ?? (USER_CODES.has(code) ? 'user' : 'service');
    this.position = options?.position;
    Object.defineProperty(this, TRANSLOOM_ERROR, { value: true });
  }
}
