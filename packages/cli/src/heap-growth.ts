import { setFlagsFromString } from 'node:v8';
import { UsageError } from '@transloom/client/errors';

/** How far (in percent) the heap may grow past what the last full collection kept, by default. */
export const HEAP_GROWING_PERCENT = 50;

/** The environment variable that sets the percent (0 leaves V8's own growth). */
export const HEAP_GROWING_ENV = 'TRANSLOOM_HEAP_GROWING_PERCENT';

/**
 * The V8 flag the command runs with, or undefined to leave V8's heap growth alone: when the
 * environment variable says 0, or Node was started with its own `--heap-growing-percent`.
 * Throws a UsageError for a value that is not a whole number from 0 to 1000.
 */
export function heapGrowthFlag(
  env: Readonly<Record<string, string | undefined>>,
  execArgv: readonly string[],
): string | undefined {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return undefined;
  const raw = env[HEAP_GROWING_ENV]?.trim();
  const percent = raw === undefined || raw === '' ? HEAP_GROWING_PERCENT : Number(raw);
  if (!Number.isInteger(percent) || percent < 0 || percent > 1000)
    throw new UsageError(`${HEAP_GROWING_ENV} must be a whole number from 0 to 1000, got '${raw}'`);
  return percent === 0 ? undefined : `--heap-growing-percent=${percent}`;
}

// The flag chosen at start-up, set once a run has units to work on (see applyHeapGrowth).
let armed: string | undefined;

/**
 * Chooses this process's heap bound (see {@link heapGrowthFlag}) without setting it yet: a
 * run with nothing to do (a no-op rerun, `check` on an up-to-date project) keeps V8's own
 * growth, which on such a short run means fewer collections (about 30 ms less on 20 000 units
 * x 5 locales). Throws a UsageError for a bad environment value.
 */
export function armHeapGrowth(
  env: Readonly<Record<string, string | undefined>>,
  execArgv: readonly string[],
): void {
  armed = heapGrowthFlag(env, execArgv);
}

/**
 * Sets the armed bound, once; called when a run has work: sources to parse, or units to
 * translate. With a heap limit of gigabytes, V8 lets old space grow to about four times what
 * survived the last full collection before it collects again, and a run makes only a few: a
 * batch run's peak memory was four times its live data, most of it garbage nothing would read
 * again. With 50% a cold run collects a few more times and peaks at about 1.5 times its live
 * data. It sets no heap limit, so a big project never runs out of heap because of it. V8 reads
 * the flag whenever it computes the next limit, so setting it mid-run takes effect from the
 * next collection.
 */
export function applyHeapGrowth(): void {
  if (armed) setFlagsFromString(armed);
  armed = undefined;
}
