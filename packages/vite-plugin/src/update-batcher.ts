// Also imported by the browser helper (`./client`): nothing here may import a Node module.

/** The custom HMR event the plugin sends when catalogs change on disk. */
export const UPDATE_EVENT = 'transloom:update';

/** The custom event that tells the client helper the plugin's problem is gone. */
export const RESOLVED_EVENT = 'transloom:resolved';

/** The data of a `transloom:update` event: one locale's changed catalogs. */
export interface TransloomUpdate {
  locale: string;
  /** The changed files, relative to Vite's root, with `/`. */
  files: string[];
  /** The new content of the changed JSON catalogs, by namespace (a removed catalog is absent). */
  resources: Record<string, unknown>;
}

/** Collects changed catalogs and sends one event per locale. */
export interface UpdateBatcher {
  add(change: { locale: string; file: string; namespace?: string; content?: unknown }): void;
  /** Sends what is collected now. */
  flush(): void;
}

/**
 * Gathers the catalogs that change within `delayMs` (the targets of one source are written
 * one after another) into one `transloom:update` per locale.
 */
export function createUpdateBatcher(
  send: (update: TransloomUpdate) => void,
  delayMs = 15,
): UpdateBatcher {
  let pending = new Map<string, TransloomUpdate>();
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
