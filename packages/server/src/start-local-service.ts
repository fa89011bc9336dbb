import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startServer } from './create-server.js';

/** The key of the built-in local service: it listens on loopback only, so it is no secret. */
const LOCAL_KEY = 'transloom-local';

/** A local service a host started for a project. */
export interface LocalService {
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

/**
 * Starts the built-in local service for a project, in this process, on a free loopback port,
 * with the pseudo engine and its state (glossaries, usage) under `stateDir`. Hosts pass it to
 * the engine as `localService`, so a project with no key set still runs on a fresh machine.
 */
export async function startLocalService(options: { stateDir: string }): Promise<LocalService> {
  await mkdir(options.stateDir, { recursive: true });
  const server = await startServer({
    apiKeys: [LOCAL_KEY],
    db: join(options.stateDir, 'local-service.sqlite'),
    engine: 'pseudo',
    host: '127.0.0.1',
    port: 0,
  });
  return { url: server.url, apiKey: LOCAL_KEY, close: () => server.close() };
}
