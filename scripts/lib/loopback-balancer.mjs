// A round-robin HTTP balancer on a loopback port, in its own process:
// `node loopback-balancer.mjs BACKEND_URL...` prints `listening on URL`. Each request goes to
// the next backend over keep-alive connections; bodies stream through unread.
import { Agent, createServer, request } from 'node:http';

const backends = process.argv.slice(2).map((url) => new URL(url));
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

const server = createServer((incoming, outgoing) => {
  const backend = backends[next++ % backends.length];
  const forward = request(
    {
      agent,
      host: backend.hostname,
      port: backend.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forward.on('error', () => {
    outgoing.statusCode = 502;
    outgoing.end();
  });
  incoming.pipe(forward);
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
