import { TransloomError } from '@transloom/client/errors';

/**
 * A defect of the service itself: an invariant the code keeps did not hold. No request or
 * option should cause one, so the message says so and asks for a report.
 */
export class InternalError extends TransloomError {
  override readonly name = 'InternalError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(
      'TRANSLOOM_INTERNAL',
      `internal error: ${message}. This is a defect of the Transloom service; please report it with the request or command that led to it.`,
      { ...options, kind: 'internal' },
    );
  }
}
