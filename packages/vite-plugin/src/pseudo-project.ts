import { join } from 'node:path';
import type { LocalServiceStarter, Project, RunEvent } from '@transloom/core';
import { createWarmStarter } from './local-service-starter.js';
import { PluginOptionsError } from './plugin-options.js';

/** Where the pseudo-locale's lock and local service live, inside the project's state directory. */
export const PSEUDO_STATE = '.transloom/pseudo';

/**
 * A second project over the same files for the pseudo-locale: the same sources, one target
 * (`en-XA`), its own lock under `.transloom/pseudo` (the project's `transloom.lock` never
 * mentions it) and no translation memory. It always talks to the built-in service with the
 * pseudo engine, started in this process, so no text leaves the machine even when a key is set.
 */
export async function openPseudoProject(
  main: Project,
  locale: string,
  onEvent?: (event: RunEvent) => void,
  /** Starts its service; it keeps its data under the pseudo folder, whatever it is handed. */
  localService: LocalServiceStarter = createWarmStarter(join(main.root, PSEUDO_STATE)).start,
): Promise<Project> {
  const config = main.config;
  const taken = [config.sourceLocale, ...config.targetLocales].map((l) => l.toLowerCase());
  if (taken.includes(locale.toLowerCase()))
    throw new PluginOptionsError(
      `transloom(): pseudoLocale '${locale}' is already a locale of the project; choose an unused code such as en-XA`,
    );
  const { createProject } = await import('@transloom/core');
  return createProject({
    cwd: main.root,
    config: {
      sourceLocale: config.sourceLocale,
      targetLocales: [locale],
      // Every file gets the pseudo-locale, whichever real locales its entry is limited to.
      files: config.files.map(({ locales: _only, ...entry }) => entry),
      lockFile: `${PSEUDO_STATE}/transloom.lock`,
      translationMemory: false,
    },
    // No key is read, so the engine always chooses the built-in service.
    env: {},
    localService,
    // The service event is left out: the log's note on the built-in service is about the
    // project's own service, which may be a real one.
    ...(onEvent
      ? {
          onEvent: (event) => {
            if (event.type !== 'service') onEvent(event);
          },
        }
      : {}),
  });
}
