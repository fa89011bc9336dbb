// The Node entry: the same API, sending with `node:http` (see http/node-exchange.ts) and
// with `ws` as the WebSocket of voice streams. The main entry imports neither, so it stays
// usable in browsers and in Vite's dev server.
import { createRequire } from 'node:module';
import type { ClientOptions } from './client-options.js';
import { createClientOn, type TransloomClient } from './create-client.js';
import { nodeExchange } from './http/node-exchange.js';
import type { WebSocketFactory, WebSocketLike } from './voice/web-socket.js';

export * from './index.js';

const require = createRequire(import.meta.url);
let ws: WebSocketFactory | undefined;

// `ws` is loaded when the first voice stream opens: a process that only translates text
// (most of them) never pays for it.
const LazyWebSocket = function (this: unknown, url: string): WebSocketLike {
  ws ??= (require('ws') as { WebSocket: WebSocketFactory }).WebSocket;
  return new ws(url);
} as unknown as WebSocketFactory;

/**
 * Creates a client that sends with `node:http`/`node:https` (unless `options.fetch` is given)
 * and whose voice streams use `ws`.
 */
export function createClient(options: ClientOptions): TransloomClient {
  return createClientOn({ webSocket: LazyWebSocket, ...options }, nodeExchange());
}
