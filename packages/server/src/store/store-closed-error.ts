import { TransloomError } from '@transloom/client/errors';

/** The service's data was read after the service closed it (a request outliving shutdown). */
export class StoreClosedError extends TransloomError {
  override readonly name = 'StoreClosedError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_STORE_CLOSED', message, { ...options, kind: 'service' });
  }
}
