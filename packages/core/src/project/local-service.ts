import { join } from 'node:path';
import { diskWriteError } from '../errors/disk-write-error.js';
import type { LocalServiceStarter } from './project-types.js';

/**
 * The starter every host that can carry the built-in local service passes to the project,
 * over the server module the host loads itself (`() => import('@transloom/server')`): core
 * never imports the server, and a run with nothing to send never loads it.
 */
export function localServiceFrom(
  load: () => Promise<{ startLocalService: LocalServiceStarter }>,
): LocalServiceStarter {
  return async (options) => {
    try {
      return await (await load()).startLocalService(options);
    } catch (error) {
      // Its database cannot grow on a full disk: the user's to fix, named as that file.
      throw diskWriteError(error, join(options.stateDir, 'local-service.sqlite')) ?? error;
    }
  };
}

/** What a host tells people when a project runs on the built-in local service. */
export function localServiceNotice(url: string | undefined): string {
  return `using the built-in local service${url ? ` at ${url}` : ''} (pseudo-localization); set TRANSLOOM_API_KEY and TRANSLOOM_API_URL to translate with a real one`;
}
