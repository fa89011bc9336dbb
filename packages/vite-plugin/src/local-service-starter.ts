import type { LocalServiceStarter, StartedService } from '@transloom/core';

/** Starts the built-in local service for the engine, and can start it before the engine asks. */
export interface WarmStarter {
  /** What the engine calls when a run first has something to send. */
  start: LocalServiceStarter;
  /**
   * Starts the service for `stateDir` now, in the background, and sends it two small requests
   * (its work threads start), so the first save does not wait for any of it: the engine's next
   * call for the same directory takes this service.
   */
  warm(stateDir: string): void;
  /** Closes a service that was warmed and never taken (a taken one is the engine's to close). */
  close(): Promise<void>;
}

// Two small requests at once: the service starts its two work threads and loads its translate
// path, and this process its client, before the first save needs them. (What they cost on the
// built-in service is a dozen characters of its local usage count.)
async function firstRequests(service: StartedService): Promise<void> {
  const { createClient } = await import('@transloom/client');
  const client = createClient({ apiKey: service.apiKey, serverUrl: service.url, maxRetries: 0 });
  await Promise.all(
    ['Ready', 'Set'].map((text) =>
      client.translate({ text, targetLang: 'DE', tagHandling: 'xml' }),
    ),
  );
}

/**
 * The built-in local service (pseudo-localization) in this process, as the CLI starts it when
 * no key is set. The server is loaded only when it starts: runs with nothing to send and no
 * warming never load it. `stateDir` overrides the directory the engine hands over.
 */
export function createWarmStarter(stateDir?: string): WarmStarter {
  const launch = async (dir: string): Promise<StartedService> =>
    (await import('@transloom/server')).startLocalService({ stateDir: stateDir ?? dir });
  let warmed: { dir: string; service: Promise<StartedService> } | undefined;
  // Once the engine started its service, it keeps it: warming again would start a second one.
  let taken = false;
  return {
    start(options) {
      taken = true;
      const ready = warmed;
      warmed = undefined;
      if (ready && ready.dir === options.stateDir) return ready.service;
      void ready?.service.then((s) => s.close()).catch(() => {});
      return launch(options.stateDir);
    },
    warm(dir) {
      if (warmed || taken) return;
      const service = launch(dir);
      // Handed over as soon as it listens; the first requests go on beside whatever comes.
      void service.then(firstRequests).catch(() => {});
      // A failed warm start is no one's problem yet: the engine's own start reports it.
      service.catch(() => {
        if (warmed?.service === service) warmed = undefined;
      });
      warmed = { dir, service };
    },
    async close() {
      const ready = warmed;
      warmed = undefined;
      await ready?.service.then((s) => s.close()).catch(() => {});
    },
  };
}
