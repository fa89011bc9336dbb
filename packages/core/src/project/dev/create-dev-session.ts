import type { DevSession, DevSessionOptions } from './dev-session-types.js';

/**
 * Opens a dev session (see {@link DevSession}) for a dev server host (the Vite plugin, a
 * webpack or rspack plugin): the host reports its watcher's changes with `changed()` and
 * renders the session's events (log lines, the standing problem, hot updates). Its modules
 * are loaded here, so the engine's entry stays light for hosts that never watch.
 */
export async function createDevSession(options: DevSessionOptions): Promise<DevSession> {
  const { openDevSession } = await import('./dev-session.js');
  return openDevSession(options);
}
