// A loopback HTTP proxy in front of a service that counts requests in flight, from the first
// byte received to the last byte of the answer: what a service sees of a client's concurrency.
import { createServer, request } from 'node:http';

/** Starts a proxy to `target`; resolves with `{ url, peak(), close() }`. */
export async function countingProxy(target) {
  const upstream = new URL(target);
  let inFlight = 0;
  let peak = 0;
  const server = createServer((req, res) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        inFlight--;
      }
    };
    res.on('close', finish);
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    peak: () => peak,
    reset: () => {
      peak = inFlight;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
