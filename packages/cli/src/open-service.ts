import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { connectService, type ServiceConnection } from '@transloom/core';
import { UsageError } from './cli-io.js';

/** The key of the built-in local service: it only listens on loopback, so it is no secret. */
const LOCAL_KEY = 'transloom-local';

/** Which service a run uses, and how to reach it. */
export interface ServiceChoice {
  kind: 'remote' | 'local';
  /** Opens the connection (for the local service: starts it). */
  connect(): Promise<ServiceConnection>;
}

/** Options of {@link chooseService}. */
export interface ChooseServiceOptions {
  env: NodeJS.ProcessEnv;
  /** Project root: the local service keeps its state (glossaries, usage) under `.transloom/`. */
  root: string;
  /** Told once, when the local service starts. */
  notice(line: string): void;
}

/**
 * The service of a run: the one at TRANSLOOM_API_URL with TRANSLOOM_API_KEY when both are
 * set; the built-in local service (pseudo-localization, in this process, on a free loopback
 * port) when neither is; a usage error when only one is, rather than a silent guess.
 */
export function chooseService(options: ChooseServiceOptions): ServiceChoice {
  const key = options.env.TRANSLOOM_API_KEY?.trim();
  const url = options.env.TRANSLOOM_API_URL?.trim();
  if (key && url) {
    return { kind: 'remote', connect: async () => connectService({ apiKey: key, serverUrl: url }) };
  }
  if (key)
    throw new UsageError(
      'TRANSLOOM_API_KEY is set but TRANSLOOM_API_URL is not: set the address of the service too (or unset both to use the built-in local service)',
    );
  if (url)
    throw new UsageError(
      'TRANSLOOM_API_URL is set but TRANSLOOM_API_KEY is not: set the key too (or unset both to use the built-in local service)',
    );
  return {
    kind: 'local',
    async connect() {
      const state = join(options.root, '.transloom');
      await mkdir(state, { recursive: true });
      // Loaded only when needed: runs with nothing to send start faster without it.
      const { startServer } = await import('@transloom/server');
      const server = await startServer({
        apiKeys: [LOCAL_KEY],
        db: join(state, 'local-service.sqlite'),
        engine: 'pseudo',
        host: '127.0.0.1',
        port: 0,
      });
      options.notice(
        `using the built-in local service at ${server.url} (pseudo-localization); set TRANSLOOM_API_KEY and TRANSLOOM_API_URL to translate with a real one`,
      );
      return connectService({ apiKey: LOCAL_KEY, serverUrl: server.url }, () => server.close());
    },
  };
}
