import { openRedisTranslationStore } from './redis-translation-store.js';
import { resolveSharedMemory, type SharedMemoryConfig } from './shared-memory-settings.js';
import { createSharedTranslationStore } from './shared-translation-store.js';
import type { TranslationStore } from './translation-memory.js';

/**
 * The store a project's configuration asks for: its local store alone, or with the shared
 * memory behind it. A shared memory that cannot be set up (`redis: true` and no URL in the
 * environment) leaves the local store alone, saying why through `unavailable`.
 */
export function createConfiguredStore(
  local: TranslationStore,
  shared: SharedMemoryConfig | undefined,
  env: Readonly<Record<string, string | undefined>>,
): TranslationStore {
  if (!shared) return local;
  const resolved = resolveSharedMemory(shared, env);
  if ('problem' in resolved) return { ...local, unavailable: () => resolved.problem };
  const { settings } = resolved;
  return createSharedTranslationStore({
    local,
    open: () =>
      openRedisTranslationStore({
        url: settings.url,
        prefix: settings.prefix,
        scope: settings.scope,
        readScopes: settings.readScopes,
      }),
  });
}
