import type { TransloomClient } from '@transloom/client';

/** A connection to the translation service, opened only when a call has something to send. */
export interface ServiceConnection {
  client: TransloomClient;
  /** The service's base URL. */
  url?: string;
  /** HTTP requests made through `client` so far (retries included). */
  requests(): number;
  close(): Promise<void>;
}
