// The Node entry: the same API, with `ws` as the WebSocket of voice streams. The main entry
// never imports `ws`, so it stays usable in browsers and in Vite's dev server.
import { WebSocket } from 'ws';
import type { ClientOptions } from './client-options.js';
import { createClient as createBrowserClient, type TransloomClient } from './create-client.js';
import type { WebSocketFactory } from './voice/web-socket.js';

export * from './index.js';

/** Creates a client whose voice streams use `ws`. */
export function createClient(options: ClientOptions): TransloomClient {
  return createBrowserClient({ webSocket: WebSocket as unknown as WebSocketFactory, ...options });
}
