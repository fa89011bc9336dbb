import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { LocalServiceStarter } from '@transloom/core';

/** The key of the built-in local service: it only listens on loopback, so it is no secret. */
const LOCAL_KEY = 'transloom-local';

/**
 * Starts the built-in local service (pseudo-localization) in this process on a free loopback
 * port, with its state (glossaries, usage) in the project's `.transloom/`. The server is
 * loaded only here: runs with nothing to send never load it.
 */
export const startLocalService: LocalServiceStarter = async ({ stateDir }) => {
  await mkdir(stateDir, { recursive: true });
  const { startServer } = await import('@transloom/server');
  const server = await startServer({
    apiKeys: [LOCAL_KEY],
    db: join(stateDir, 'local-service.sqlite'),
    engine: 'pseudo',
    host: '127.0.0.1',
    port: 0,
  });
  return { url: server.url, apiKey: LOCAL_KEY, close: () => server.close() };
};
