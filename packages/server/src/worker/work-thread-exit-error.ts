import { TransloomError } from '@transloom/client/errors';

/** A work thread exited while it ran a task; the task fails, the others go on in a new thread. */
export class WorkThreadExitError extends TransloomError {
  override readonly name = 'WorkThreadExitError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_WORK_THREAD_EXIT', message, { ...options, kind: 'service' });
  }
}
