import type { Logger } from 'vite';

/** A Vite logger that keeps every line (for asserting what the plugin logged). */
export interface CaptureLogger extends Logger {
  lines: string[];
}

/** A Vite logger that records lines instead of printing them. */
export function captureLogger(): CaptureLogger {
  const lines: string[] = [];
  const warned = new Set<string>();
  let errors = false;
  return {
    lines,
    info: (msg) => void lines.push(msg),
    warn: (msg) => void lines.push(msg),
    warnOnce(msg) {
      if (!warned.has(msg)) lines.push(msg);
      warned.add(msg);
    },
    error(msg) {
      errors = true;
      lines.push(msg);
    },
    clearScreen: () => {},
    hasErrorLogged: () => errors,
    hasWarned: false,
  };
}

/** Resolves once `check` holds, polling every 25 ms; fails after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Waits long enough for the file watcher to report a second write of the same file: chokidar
 * drops a change that follows another one of the same path within 50 ms (people do not save
 * that fast; tests do).
 */
export function nextSave(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 120));
}
