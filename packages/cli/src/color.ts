import { createColors } from 'picocolors';
import type { CliIo } from './cli-io.js';

/** Whether to color stderr: on a TTY, unless NO_COLOR is set (any value), or when FORCE_COLOR asks. */
export function colorEnabled(io: CliIo): boolean {
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== '0') return true;
  return Boolean(io.stderr.isTTY);
}

/** Color functions that are identity when color is off. */
export function colors(io: CliIo): ReturnType<typeof createColors> {
  return createColors(colorEnabled(io));
}
