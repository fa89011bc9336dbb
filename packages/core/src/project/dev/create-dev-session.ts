import type { DevSession, DevSessionOptions } from './dev-session-types.js';

/**
 * Opens a dev session (see {@link DevSession}) for a dev server host (the Vite plugin, a
 * webpack or rspack plugin): the host reports its watcher's changes with `changed()` and
 * renders the session's events (log lines, the standing problem, hot updates). Its modules
 * are loaded here, so the engine's entry stays light for hosts that never watch.
 */
export async function createDevSession(options: DevSessionOptions): Promise<DevSession> {
  const { DevLoop } = await import('./dev-loop.js');
  const loop = new DevLoop(options);
  return {
    start: () => loop.start(),
    changed: (path, change) => loop.changed(path, change),
    ready: () => loop.readyPromise,
    file: (path) => loop.file(path),
    files: () => loop.files(),
    problem: () => loop.problem(),
    project: () => loop.current(),
    close: () => loop.close(),
  };
}
