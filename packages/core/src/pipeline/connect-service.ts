import { type ClientOptions, createClient } from '@transloom/client';
import type { ServiceConnection } from './service-connection.js';

/**
 * A connection through a client that counts its HTTP requests (retries included), for the
 * run's report. `onClose` runs when the run is done with it (to stop an in-process service).
 */
export function connectService(
  options: ClientOptions,
  onClose?: () => Promise<void>,
): ServiceConnection {
  let requests = 0;
  const client = createClient({
    // A big run meets a few requests refused many times in a row; each waits only for itself.
    maxRetries: 10,
    ...options,
    onRequest: (request) => {
      requests++;
      options.onRequest?.(request);
    },
  });
  return {
    client,
    url: options.serverUrl,
    requests: () => requests,
    close: async () => {
      await onClose?.();
    },
  };
}
