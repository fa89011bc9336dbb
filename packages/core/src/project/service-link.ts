import type { ServiceChoice } from './choose-service.js';
import type { RunOptions, ServiceConnection } from './project-types.js';

/** A project's connection to one service, opened when a call first has something to send. */
export interface ServiceLink {
  connect(onEvent: RunOptions['onEvent']): Promise<ServiceConnection>;
  /** Closes the connection if one is open (a local service stops with it). */
  close(): Promise<void>;
}

/** Options of {@link createServiceLink}. */
export interface ServiceLinkOptions {
  /** Which service, settled when the link first connects. */
  choose: () => ServiceChoice;
  /** Runs before the built-in local service starts (its state directory made and checked). */
  prepareLocal: () => Promise<void>;
  /** Told which service was opened (left out for a link the host need not hear of). */
  announce?: (
    onEvent: RunOptions['onEvent'],
    choice: ServiceChoice,
    url: string | undefined,
  ) => void;
}

/** A service link: one connection for every call, a failed start tried again by the next. */
export function createServiceLink(options: ServiceLinkOptions): ServiceLink {
  let connection: Promise<ServiceConnection> | undefined;
  return {
    connect(onEvent) {
      if (!connection) {
        const choice = options.choose();
        connection = (async () => {
          if (choice.kind === 'local') await options.prepareLocal();
          const opened = await choice.connect();
          options.announce?.(onEvent, choice, opened.url ?? choice.url);
          return opened;
        })();
        connection.catch(() => {
          connection = undefined;
        });
      }
      return connection;
    },
    async close() {
      const open = connection;
      connection = undefined;
      if (open) await (await open.catch(() => undefined))?.close();
    },
  };
}
