import { join } from 'node:path';
import { STATE_DIRECTORY } from '../../settings/state-directory.js';
import { chooseService } from '../choose-service.js';
import type { LocalServiceStarter, Project, StartedService } from '../project-types.js';
import { PSEUDO_STATE } from '../pseudo-locale.js';

/** Starts the built-in local service for a project, and can start it before the project asks. */
export interface WarmStarter {
  /** What the project calls when a run first has something to send. */
  start: LocalServiceStarter;
  /**
   * Starts the service for `stateDir` now, in the background, and sends it two small requests
   * (its work threads start), so the first save does not wait for any of it: the project's next
   * call for the same directory takes this service.
   */
  warm(stateDir: string): void;
  /** Closes the services that were warmed and never taken (a taken one is the project's to close). */
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
 * The host's starter of the built-in local service, with warming: one service per state
 * directory (the project's, and the pseudo-locale's), each started at most once.
 */
export function createWarmStarter(launch: LocalServiceStarter): WarmStarter {
  const warmed = new Map<string, Promise<StartedService>>();
  // Once the project started a directory's service, it keeps it: warming again would start a second one.
  const taken = new Set<string>();
  return {
    start(options) {
      taken.add(options.stateDir);
      const ready = warmed.get(options.stateDir);
      warmed.delete(options.stateDir);
      return ready ?? launch(options);
    },
    warm(stateDir) {
      if (warmed.has(stateDir) || taken.has(stateDir)) return;
      const service = launch({ stateDir });
      // Handed over as soon as it listens; the first requests go on beside whatever comes.
      void service.then(firstRequests).catch(() => {});
      // A failed warm start is no one's problem yet: the project's own start reports it.
      service.catch(() => {
        if (warmed.get(stateDir) === service) warmed.delete(stateDir);
      });
      warmed.set(stateDir, service);
    },
    async close() {
      const ready = [...warmed.values()];
      warmed.clear();
      await Promise.all(ready.map((service) => service.then((s) => s.close()).catch(() => {})));
    },
  };
}

// Whether a project will use the built-in service (neither a key nor an address is set).
function usesLocalService(
  env: Readonly<Record<string, string | undefined>>,
  starter: WarmStarter | undefined,
  stateDir: string,
): boolean {
  try {
    return chooseService({ env, localService: starter?.start, stateDir }).kind === 'local';
  } catch {
    return false; // the run reports why no service can be used
  }
}

/**
 * What a dev session runs once its first run is done: the built-in services the project will
 * use start (its own with no key set, the pseudo-locale's; a run that sent something started
 * its own already) and the engine reads one source and its targets as a save will (nothing is
 * sent or written), so the first save waits for neither.
 */
export function warmUpLater(options: {
  project: Project;
  starter: WarmStarter | undefined;
  env: Readonly<Record<string, string | undefined>>;
  firstSource: () => string | undefined;
}): () => void {
  const { project, starter } = options;
  const dirs: string[] = [];
  const main = join(project.root, STATE_DIRECTORY);
  if (usesLocalService(options.env, starter, main)) dirs.push(main);
  if (project.pseudoLocale) dirs.push(join(project.root, PSEUDO_STATE));
  return () => {
    for (const dir of dirs) starter?.warm(dir);
    const first = options.firstSource();
    if (first) void project.status({ files: [first] }).catch(() => {});
  };
}
