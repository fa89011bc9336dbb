// The load bench:server puts on a service, from autocannon: its clients write prebuilt request
// bytes on raw keep-alive sockets, so a request costs the bench a fraction of what node's
// `http` client costs. On a machine whose cores the bench shares with the servers it measures,
// that client cost would otherwise cap the fast server and compress every ratio.
import autocannon from 'autocannon';

/**
 * A closed-loop load: `connections` connections each send requests back to back (one in flight
 * per connection) until `durationMs` has passed or `amount` requests were answered, recording
 * each request's latency with sub-millisecond resolution. Any answer of 300 or more, error or
 * timeout fails the load. `keyOf(connection)` gives each connection a key of its own (a
 * service that bills a key up to a limit, as deepl-mock does, then never meets it); `scheme` is
 * the authorization scheme. Resolves with requests per second and p50/p99 in milliseconds.
 */
export function httpLoad(
  url,
  {
    key,
    keyOf = () => key,
    scheme = 'Service-Auth-Key',
    body,
    connections,
    durationMs = 0,
    amount = undefined,
  },
) {
  const headers = (connection) => ({
    authorization: `${scheme} ${keyOf(connection)}`,
    'user-agent': 'transloom-bench',
    'content-type': 'application/json',
  });
  let connection = 0;
  const latencies = [];
  let failures = 0;
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const instance = autocannon(
      {
        url,
        method: 'POST',
        body,
        connections,
        pipelining: 1,
        headers: headers(0),
        ...(amount === undefined ? { duration: durationMs / 1000 } : { amount }),
        // Called once per connection, before its first request.
        setupClient: (client) => client.setHeaders(headers(connection++)),
      },
      (error, result) => {
        const elapsed = (performance.now() - began) / 1000;
        if (error) return reject(error);
        const broken = failures + result.errors + result.timeouts;
        if (broken > 0) return reject(new Error(`${url}: ${broken} failed requests`));
        latencies.sort((a, b) => a - b);
        const at = (q) =>
          latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
        resolve({ rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 300) failures++;
      latencies.push(responseTime);
    });
  });
}
