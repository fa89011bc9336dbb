// A loopback port nobody listens on now.
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (taken and let go at once: for a child process to listen on). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
