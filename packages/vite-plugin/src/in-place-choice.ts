import { join } from 'node:path';
import type { DevEnvironment } from 'vite';
import type { CatalogUpdates } from './plugin-options.js';

/** The client helper, as apps import it. */
export const CLIENT_ID = '@transloom/vite-plugin/client';

/** Which hot updates of catalog modules are taken in place, and which go Vite's own way. */
export interface InPlaceChoice {
  /**
   * Whether an update of a catalog module in `environment` is taken in place now: with
   * `catalogUpdates: 'in-place'`, or while a module of the app imports the client helper (it
   * shows the new text from its own event, so a reload would only lose the page's state).
   */
  decide(environment: DevEnvironment): Promise<boolean>;
  /** Records the choice for a module's next version (its code depends on it). */
  record(id: string, inPlace: boolean): void;
  /** The choice recorded for a module (the option's default before its first update). */
  of(id: string): boolean;
  /** Whether the module was served with the hot code (only those can take an update in place). */
  has(id: string): boolean;
}

/** The choice for the plugin's `catalogUpdates` option, for an app served from `root`. */
export function createInPlaceChoice(option: CatalogUpdates, root: () => string): InPlaceChoice {
  // The helper's resolved id in each environment (an alias may point it elsewhere).
  const helperIds = new WeakMap<DevEnvironment, Promise<string | undefined>>();
  const recorded = new Map<string, boolean>();
  const helperId = (environment: DevEnvironment) => {
    let id = helperIds.get(environment);
    if (!id) {
      id = environment.pluginContainer
        .resolveId(CLIENT_ID, join(root(), 'index.html'))
        .then((found) => found?.id)
        .catch(() => undefined);
      helperIds.set(environment, id);
    }
    return id;
  };
  return {
    async decide(environment) {
      if (option === 'in-place') return true;
      const id = await helperId(environment);
      const helper = id === undefined ? undefined : environment.moduleGraph.getModuleById(id);
      return helper !== undefined && helper.importers.size > 0;
    },
    record(id, inPlace) {
      recorded.set(id, inPlace);
    },
    of: (id) => recorded.get(id) ?? option === 'in-place',
    has: (id) => recorded.has(id),
  };
}
