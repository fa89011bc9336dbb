import { TransloomError } from '@transloom/client/errors';

/** A task was interrupted too often (each time taking its replica down) and is not run again. */
export class TaskAbandonedError extends TransloomError {
  override readonly name = 'TaskAbandonedError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_TASK_ABANDONED', message, { ...options, kind: 'service' });
  }
}
