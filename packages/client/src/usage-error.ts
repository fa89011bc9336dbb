import { TransloomError } from './transloom-error.js';

/** A call or command line that cannot be run as given (a flag, an option, a missing setting). */
export class UsageError extends TransloomError {
  override readonly name = 'UsageError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_USAGE', message, { ...options, kind: 'user' });
  }
}
