import { TransloomError } from './transloom-error.js';

/**
 * A defect of Transloom itself (the engine, a host or the service): an invariant the code
 * keeps did not hold. No input should cause one, so the message says so and asks for a report.
 */
export class InternalError extends TransloomError {
  override readonly name = 'InternalError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(
      'TRANSLOOM_INTERNAL',
      `internal error: ${message}. This is a defect of Transloom; please report it with the command, call or request that led to it.`,
      { ...options, kind: 'internal' },
    );
  }
}
