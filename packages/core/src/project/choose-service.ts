import { UsageError } from '@transloom/client/errors';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../settings/request-timeout.js';
import type { LocalServiceStarter, ServiceConnection, ServiceOption } from './project-types.js';

// The client is loaded when a call first needs the service: runs with nothing to send skip it.
async function connect(
  apiKey: string,
  serverUrl: string,
  timeoutMs: number,
  onClose?: () => Promise<void>,
): Promise<ServiceConnection> {
  const { connectService } = await import('../pipeline/connect-service.js');
  return connectService({ apiKey, serverUrl, timeoutMs }, onClose);
}

/** Which service a project uses, and how to open it. */
export interface ServiceChoice {
  /** `remote`: a URL and key from the environment; `local`: the built-in service; `host`: the host's own. */
  kind: 'remote' | 'local' | 'host';
  /** The service's address, when known before it is opened. */
  url: string | undefined;
  /** Opens the connection (for the local service: starts it). */
  connect(): Promise<ServiceConnection>;
}

/** Options of {@link chooseService}. */
export interface ChooseServiceOptions {
  env: Readonly<Record<string, string | undefined>>;
  service?: ServiceOption | undefined;
  localService?: LocalServiceStarter | undefined;
  /** The project's state directory, handed to the local service. */
  stateDir: string;
  /**
   * Milliseconds a request may go without an answer before the service is judged unreachable
   * (default 60 000; not for a host's own `connect()`).
   */
  requestTimeout?: number | undefined;
}

/**
 * The service of a project: the host's when it passes one; else the one at
 * `TRANSLOOM_API_URL` with `TRANSLOOM_API_KEY` when both are set; else the built-in local
 * service (pseudo-localization) when the host can start it. Only one of the two variables
 * set is a usage error rather than a silent guess, and so is no service at all.
 */
export function chooseService(options: ChooseServiceOptions): ServiceChoice {
  const { service } = options;
  const timeout = options.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT_MS;
  if (service && 'connect' in service)
    return { kind: 'host', url: undefined, connect: () => service.connect() };
  if (service) {
    return {
      kind: 'host',
      url: service.url,
      connect: () => connect(service.apiKey, service.url, timeout),
    };
  }
  const key = options.env.TRANSLOOM_API_KEY?.trim();
  const url = options.env.TRANSLOOM_API_URL?.trim();
  if (key && url)
    return {
      kind: 'remote',
      url,
      connect: () => connect(key, url, timeout),
    };
  if (key)
    throw new UsageError(
      'TRANSLOOM_API_KEY is set but TRANSLOOM_API_URL is not: set the address of the service too (or unset both to use the built-in local service)',
    );
  if (url)
    throw new UsageError(
      'TRANSLOOM_API_URL is set but TRANSLOOM_API_KEY is not: set the key too (or unset both to use the built-in local service)',
    );
  const start = options.localService;
  if (!start)
    throw new UsageError(
      'no translation service: set TRANSLOOM_API_KEY and TRANSLOOM_API_URL (this host cannot start the built-in local service)',
    );
  return {
    kind: 'local',
    url: undefined,
    async connect() {
      const started = await start({ stateDir: options.stateDir });
      return connect(started.apiKey, started.url, timeout, () => started.close());
    },
  };
}
