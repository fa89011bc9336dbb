import { TransloomError } from '@transloom/core';

/** Stable codes of the errors the Action itself raises. */
export type ActionErrorCode =
  | 'TRANSLOOM_ACTION_INPUT'
  | 'TRANSLOOM_ACTION_EVENT'
  | 'TRANSLOOM_ACTION_FORK'
  | 'TRANSLOOM_ACTION_GIT'
  | 'TRANSLOOM_ACTION_CONFLICT'
  | 'TRANSLOOM_ACTION_REPORT'
  | 'TRANSLOOM_ACTION_PATH'
  | 'TRANSLOOM_ACTION_UNTRUSTED'
  | 'TRANSLOOM_ACTION_GITHUB';

/** An error of the Action: an input, the event, git, GitHub or an untrusted report file. */
export class ActionError extends TransloomError {
  override name = 'ActionError';

  constructor(
    code: ActionErrorCode,
    message: string,
    options?: { cause?: unknown; kind?: 'user' | 'service' | 'internal' },
  ) {
    super(code, message, { kind: options?.kind ?? 'user', cause: options?.cause });
  }
}
