import { TransloomError } from '@transloom/client/errors';

/** A task names a workflow (or a key) this replica does not have; the task fails with it. */
export class WorkflowUnavailableError extends TransloomError {
  override readonly name = 'WorkflowUnavailableError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_WORKFLOW_UNAVAILABLE', message, { ...options, kind: 'service' });
  }
}
