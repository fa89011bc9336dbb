import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // The client is tested against the real local server. The server depends on the client's
  // wire module, so the tests reach the server's source through an alias rather than a
  // package dependency (which would make the workspace graph cyclic).
  resolve: {
    alias: {
      '@transloom/server': fileURLToPath(new URL('../server/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'client',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
