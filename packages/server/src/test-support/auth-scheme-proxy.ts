import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_SCHEME } from '../http/auth.js';

/** A loopback proxy in front of the service, and what went through it. */
export interface AuthSchemeProxy {
  url: string;
  /** `METHOD /path` and the request's content type, of every request forwarded. */
  readonly requests: Array<{ method: string; path: string; contentType: string | undefined }>;
  close(): Promise<void>;
}

/**
 * Starts a loopback HTTP proxy that forwards every request to `target` as it is, except that
 * the `Authorization` scheme word `from` becomes this service's own: the official clients of
 * the service family send theirs, and nothing else differs on the wire. Bodies stream through
 * untouched both ways. Written on node:http because it rewrites one header and needs nothing
 * a proxy library adds.
 */
export async function startAuthSchemeProxy(target: string, from: string): Promise<AuthSchemeProxy> {
  const upstream = new URL(target);
  const requests: AuthSchemeProxy['requests'] = [];
  const prefix = `${from} `;
  const server = createServer((incoming, outgoing) => {
    const headers = { ...incoming.headers, host: upstream.host };
    const auth = headers.authorization;
    if (auth?.startsWith(prefix))
      headers.authorization = `${AUTH_SCHEME} ${auth.slice(prefix.length)}`;
    requests.push({
      method: incoming.method ?? 'GET',
      path: incoming.url ?? '/',
      contentType: incoming.headers['content-type'],
    });
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
