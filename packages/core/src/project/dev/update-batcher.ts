/** One locale's catalogs that changed on disk, as a dev session tells its host. */
export interface DevUpdate {
  locale: string;
  /** The changed files, relative to the host's root, with `/`. */
  files: string[];
  /** The new content of the changed JSON catalogs, by namespace (a removed catalog is absent). */
  resources: Record<string, unknown>;
}

/** Collects changed catalogs and sends one update per locale. */
export interface UpdateBatcher {
  add(change: { locale: string; file: string; namespace?: string; content?: unknown }): void;
  /** Sends what is collected now. */
  flush(): void;
}

/**
 * Gathers the catalogs that change within `delayMs` (the targets of one source are written
 * one after another) into one update per locale.
 */
export function createUpdateBatcher(
  send: (update: DevUpdate) => void,
  delayMs = 15,
): UpdateBatcher {
  let pending = new Map<string, DevUpdate>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const updates = pending;
    pending = new Map();
    for (const update of updates.values()) send(update);
  };
  return {
    add({ locale, file, namespace, content }) {
      let update = pending.get(locale);
      if (!update) {
        update = { locale, files: [], resources: {} };
        pending.set(locale, update);
      }
      if (!update.files.includes(file)) update.files.push(file);
      if (namespace !== undefined && content !== undefined) update.resources[namespace] = content;
      timer ??= setTimeout(flush, delayMs);
    },
    flush,
  };
}
