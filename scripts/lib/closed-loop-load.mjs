// The load the server benches put on a service: requests per second and p50/p99 latencies.
import { Agent, request } from 'node:http';

/**
 * A closed-loop load: `connections` workers send requests back to back over keep-alive
 * sockets until `durationMs` has passed (or `amount` requests were sent) and record each
 * request's latency with sub-millisecond resolution. Any answer of 300 or more fails the load.
 * `keyOf(connection)` gives each connection a key of its own (a service that bills a key up to
 * a limit, as deepl-mock does, then never meets it); `scheme` is the authorization scheme.
 */
export async function closedLoopLoad(
  url,
  {
    key,
    keyOf = () => key,
    scheme = 'Service-Auth-Key',
    body,
    connections,
    durationMs = 0,
    amount = Infinity,
  },
) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const payload = Buffer.from(body);
  const latencies = [];
  let failures = 0;
  let sent = 0;
  const deadline = durationMs > 0 ? performance.now() + durationMs : Infinity;
  const once = (connectionKey) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: {
            authorization: `${scheme} ${connectionKey}`,
            'user-agent': 'transloom-bench',
            'content-type': 'application/json',
            'content-length': payload.length,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode >= 300) failures++;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const began = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      while (performance.now() < deadline && sent < amount) {
        sent++;
        await once(keyOf(connection));
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  if (failures > 0) throw new Error(`${url}: ${failures} failed requests`);
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) };
}
