/** One attempt of a call as the transport sends it. */
export interface HttpRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | FormData | undefined;
  /** Aborts the attempt (its timeout, or the caller giving up). */
  signal: AbortSignal;
}

/** An answer as the transport reads it: its status, its headers and its whole body as text. */
export interface HttpAnswer {
  status: number;
  statusText: string;
  /** A header's value (names are case-insensitive), or null when absent. */
  header(name: string): string | null;
  body: string;
}

/**
 * Sends one request and reads its whole answer, whatever its status. Rejects when the
 * connection fails or the request is aborted, with the platform's error (its `code`, or its
 * cause's, names a failed connection).
 */
export type HttpExchange = (request: HttpRequest) => Promise<HttpAnswer>;

/** An exchange over a `fetch` function: the client's transport in browsers and other runtimes. */
export function fetchExchange(fetchImpl: typeof globalThis.fetch): HttpExchange {
  return async ({ url, method, headers, body, signal }) => {
    const response = await fetchImpl(url, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
      signal,
    });
    return {
      status: response.status,
      statusText: response.statusText,
      header: (name) => response.headers.get(name),
      body: response.status === 204 ? '' : await response.text(),
    };
  };
}
