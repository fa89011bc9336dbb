// The Node entry's transport: `node:http` and `node:https` with keep-alive agents, instead of
// the global fetch. Node's fetch is undici, which parses HTTP with a WebAssembly build of
// llhttp; in a process that sends many requests V8 compiles that module again with its
// optimizing compiler, about 30 MB of memory outside the heap, on top of undici's own modules
// in the heap. `node:http` parses with the llhttp built into Node. Node's modules are loaded
// when the first request is sent, so importing the client costs nothing.
import type { Agent, IncomingMessage } from 'node:http';
import {
  fetchExchange,
  type HttpAnswer,
  type HttpExchange,
  type HttpRequest,
} from './http-exchange.js';

/** Options of {@link nodeExchange}. */
export interface NodeExchangeOptions {
  /**
   * Most sockets open at once per origin (default 64); further requests wait in the agent
   * for one. The adaptive limiter keeps a run's requests far below it; the bound stops a
   * caller that starts thousands of calls at once from opening thousands of sockets.
   */
  maxSockets?: number;
}

// The codings the exchange asks for and decodes, as fetch does.
const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * An exchange over `node:http`/`node:https`: one keep-alive agent per protocol (idle sockets
 * do not keep the process alive), bodies sent with their length, compressed answers decoded.
 * A multipart form (agent triggers only) goes through the global fetch, which encodes it.
 */
export function nodeExchange(options: NodeExchangeOptions = {}): HttpExchange {
  const maxSockets = options.maxSockets ?? 64;
  const protocols = new Map<boolean, Protocol>();
  const protocolFor = (secure: boolean): Protocol => {
    let protocol = protocols.get(secure);
    if (!protocol) {
      const module = secure
        ? process.getBuiltinModule('node:https')
        : process.getBuiltinModule('node:http');
      protocol = {
        agent: new module.Agent({ keepAlive: true, maxSockets }),
        open: module.request as Protocol['open'],
      };
      protocols.set(secure, protocol);
    }
    return protocol;
  };
  let viaFetch: HttpExchange | undefined;
  return (request) => {
    if (request.body !== undefined && typeof request.body !== 'string') {
      viaFetch ??= fetchExchange(globalThis.fetch);
      return viaFetch(request);
    }
    return send(request, protocolFor(request.url.startsWith('https:')));
  };
}

// A scheme's keep-alive agent and the function that opens a request with it.
interface Protocol {
  agent: Agent;
  open: typeof import('node:http').request;
}

function send(request: HttpRequest, { agent, open }: Protocol): Promise<HttpAnswer> {
  const { url, method, signal } = request;
  const body = request.body as string | undefined;
  const headers: Record<string, string> = {
    'accept-encoding': ACCEPT_ENCODING,
    ...request.headers,
  };
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise<HttpAnswer>((resolve, reject) => {
    // `signal` destroys the request, and with it the answer being read, with an AbortError.
    const outgoing = open(url, { method, headers, agent, signal }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A connection that breaks while the answer is read: Node destroys the answer with its
      // own ECONNRESET error ('aborted').
      response.on('error', reject);
      response.on('end', () => {
        decode(response, Buffer.concat(chunks)).then(
          (text) => resolve(answer(response, text)),
          reject,
        );
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function answer(response: IncomingMessage, body: string): HttpAnswer {
  const { headers } = response;
  return {
    status: response.statusCode ?? 0,
    statusText: response.statusMessage ?? '',
    header: (name) => {
      const value = headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
    body,
  };
}

// The body as text: undone from its content coding (one the exchange does not know is left
// as it came, as fetch does), decoded as UTF-8 with a byte-order mark dropped, as fetch's
// `text()` does.
async function decode(response: IncomingMessage, bytes: Buffer): Promise<string> {
  const coding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const zlib =
    bytes.length > 0 && Object.hasOwn(DECODERS, coding)
      ? process.getBuiltinModule('node:zlib')
      : undefined;
  const undo = zlib?.[DECODERS[coding as keyof typeof DECODERS]];
  const plain = undo
    ? await new Promise<Buffer>((resolve, reject) =>
        undo(bytes, (error, result) => (error ? reject(error) : resolve(result))),
      )
    : bytes;
  return new TextDecoder().decode(plain);
}

// Content codings and the zlib function that undoes each.
const DECODERS = {
  gzip: 'gunzip',
  'x-gzip': 'gunzip',
  deflate: 'inflate',
  br: 'brotliDecompress',
} as const;
