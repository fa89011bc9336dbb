import type { ConfigIssue } from '@transloom/client/errors';
import type { SharedMemoryConfig } from '../memory/shared-memory-settings.js';
import type { ConfigSchemaOutput } from '../settings/config-schema.js';

/**
 * The shared memory part of `translationMemory`, checked: the scope settings mean something
 * only with `redis`, so without it they are an issue rather than silently unused.
 */
export function sharedMemoryOf(
  memory: ConfigSchemaOutput['translationMemory'],
  issues: ConfigIssue[],
): SharedMemoryConfig | undefined {
  if (!memory) return undefined;
  const { redis, prefix, scope, readScopes } = memory;
  if (redis === undefined) {
    for (const [key, value] of Object.entries({ prefix, scope, readScopes }))
      if (value !== undefined)
        issues.push({
          path: `translationMemory.${key}`,
          message: "is a setting of the shared memory: set 'redis' too",
        });
    return undefined;
  }
  return { redis, prefix: prefix ?? 'transloom', scope, readScopes };
}
