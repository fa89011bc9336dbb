import { TransloomError } from '@transloom/client/errors';

/** An engine answered with something other than one text per text asked for. */
export class EngineOutputError extends TransloomError {
  override readonly name = 'EngineOutputError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_ENGINE_OUTPUT', message, { ...options, kind: 'service' });
  }
}
