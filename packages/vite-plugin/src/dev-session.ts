import { createDevSession, type DevSession, type IndexedFile } from '@transloom/core';
import type { ViteDevServer } from 'vite';
import { createDevOverlay } from './dev-overlay.js';
import { engineOptions } from './engine-options.js';
import type { ResolvedPluginOptions } from './plugin-options.js';
import { UPDATE_EVENT } from './update-events.js';

/**
 * The engine's dev session (see `createDevSession` in `@transloom/core`) on Vite's dev
 * server: Vite's watcher reports the changes, the session's log lines go to Vite's logger,
 * its standing problem to the error overlay, its hot updates to the pages as
 * `transloom:update` events, and files outside Vite's root join the watcher.
 */
export async function startDevSession(
  server: ViteDevServer,
  options: ResolvedPluginOptions,
  /** Told of the project's files each time the configuration is read (the resources module's list). */
  onFiles?: (files: readonly IndexedFile[]) => Promise<void>,
): Promise<DevSession> {
  const logger = server.config.logger;
  const overlay = createDevOverlay(server);
  const session = await createDevSession({
    ...engineOptions(server.config.root, options),
    ...(onFiles ? { onFiles } : {}),
    onEvent(event) {
      if (event.type === 'log') logger[event.level](event.message, { timestamp: true });
      else if (event.type === 'problem')
        event.problem ? overlay.show(event.problem) : overlay.clear();
      else if (event.type === 'update')
        server.ws.send({ type: 'custom', event: UPDATE_EVENT, data: event.update });
      else server.watcher.add(event.paths);
    },
  });
  for (const change of ['add', 'change', 'unlink'] as const)
    server.watcher.on(change, (path: string) => session.changed(path, change));
  return session;
}
