import { createServer, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { afterAll } from 'vitest';

/** One translate request as the proxy saw it. */
export interface SeenRequest {
  /** The label the proxy had when the request arrived (the run that sent it). */
  run: number;
  targetLang: string;
  texts: string[];
  /** When its body had arrived (performance.now() of the test's process). */
  sentAt: number;
  /** When the last byte of its answer was handed to the client's connection; absent if never. */
  answeredAt?: number;
  status?: number;
}

/** A loopback proxy in front of the service that records every translate request. */
export interface RecordingProxy {
  url: string;
  readonly requests: SeenRequest[];
  /** Labels the requests that arrive from now on. */
  label(run: number): void;
  /** Calls `listener` with each translate request as it arrives; returns how to stop. */
  onRequest(listener: (request: SeenRequest) => void): () => void;
}

/** The identity of a text sent for translation: its target language and its text. */
export const textKey = (targetLang: string, text: string) => `${targetLang}\u0000${text}`;

/**
 * Starts a proxy to `target` that forwards every request as it is and records each
 * `/v2/translate` request's texts, when it arrived and when its whole answer was written back,
 * so a test can tell which texts were answered before a moment (a kill) and which a later run
 * sends again. Closed after the file's tests.
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const requests: SeenRequest[] = [];
  let run = 0;
  const listeners = new Set<(request: SeenRequest) => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let seen: SeenRequest | undefined;
      if (req.url?.startsWith('/v2/translate')) {
        const json = JSON.parse(body.toString('utf8')) as { text: string[]; target_lang: string };
        seen = { run, targetLang: json.target_lang, texts: json.text, sentAt: performance.now() };
        requests.push(seen);
        for (const listener of listeners) listener(seen);
      }
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          if (seen) seen.status = answer.statusCode ?? 0;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      res.on('finish', () => {
        if (seen) seen.answeredAt = performance.now();
      });
      // A client killed mid-request: the service's answer has nowhere to go.
      res.on('close', () => forward.destroy());
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    label: (next) => {
      run = next;
    },
    onRequest: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
