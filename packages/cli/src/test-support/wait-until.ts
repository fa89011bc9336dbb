import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves once `condition` holds, looking every `everyMs`: for what can be seen only by
 * looking (a file's content, its age). It has no time bound of its own: a condition that
 * never comes is the test's timeout.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  everyMs = 10,
): Promise<void> {
  while (!(await condition())) await sleep(everyMs);
}
