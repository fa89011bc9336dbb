// `@transloom/vite-plugin/client`: runs in the browser, served by Vite's dev server.
// Its types are written out here (no DOM or Vite client types) so the package builds for Node.
import { RESOLVED_EVENT, type TransloomUpdate, UPDATE_EVENT } from './update-events.js';

export type { TransloomUpdate };

/** The part of Vite's `import.meta.hot` the helper uses. */
export interface HotChannel {
  on(event: string, listener: (data: never) => void): void;
  off?(event: string, listener: (data: never) => void): void;
}

/** The part of an i18next instance the helper uses. */
export interface I18nextLike {
  language?: string;
  languages?: readonly string[];
  addResourceBundle(
    lng: string,
    ns: string,
    resources: Record<string, unknown>,
    deep?: boolean,
    overwrite?: boolean,
  ): unknown;
  removeResourceBundle?(lng: string, ns: string): unknown;
  changeLanguage(lng?: string): unknown;
}

interface OverlayElement {
  shadowRoot?: { textContent?: string | null } | null;
  close?(): void;
  remove(): void;
}

function ownHot(): HotChannel | undefined {
  return (import.meta as unknown as { hot?: HotChannel }).hot;
}

// Closes the overlays that show a problem of the plugin (never another plugin's error).
function closeOwnOverlays(): void {
  const doc = (
    globalThis as unknown as {
      document?: { querySelectorAll(selector: string): ArrayLike<OverlayElement> };
    }
  ).document;
  if (!doc) return;
  for (const overlay of Array.from(doc.querySelectorAll('vite-error-overlay'))) {
    if (!overlay.shadowRoot?.textContent?.includes('plugin:transloom')) continue;
    if (overlay.close) overlay.close();
    else overlay.remove();
  }
}

/**
 * Calls `listener` with every `transloom:update` (a locale's catalogs changed on disk), and
 * closes the plugin's overlay once its problem is solved. Returns a function that stops it.
 */
export function onTransloomUpdate(
  listener: (update: TransloomUpdate) => void,
  hot: HotChannel | undefined = ownHot(),
): () => void {
  if (!hot) return () => {};
  hot.on(UPDATE_EVENT, listener);
  hot.on(RESOLVED_EVENT, closeOwnOverlays);
  return () => {
    hot.off?.(UPDATE_EVENT, listener);
    hot.off?.(RESOLVED_EVENT, closeOwnOverlays);
  };
}

/**
 * Keeps an i18next instance in step with the catalogs on disk while `vite dev` runs: each
 * changed catalog replaces its resource bundle, and when the locale is on screen the
 * language is set again so bound components (react-i18next, i18next-vue) render the new
 * text. No reload; nothing happens in a production build.
 *
 * ```ts
 * hotReloadI18next(i18next);
 * ```
 */
export function hotReloadI18next(
  i18n: I18nextLike,
  hot: HotChannel | undefined = ownHot(),
): () => void {
  return onTransloomUpdate((update) => {
    const namespaces = Object.entries(update.resources);
    if (namespaces.length === 0) return;
    for (const [ns, resources] of namespaces) {
      // Replaced, not merged: a key removed from the catalog disappears from the page too.
      i18n.removeResourceBundle?.(update.locale, ns);
      i18n.addResourceBundle(update.locale, ns, resources as Record<string, unknown>, true, true);
    }
    const shown = i18n.languages ?? (i18n.language ? [i18n.language] : []);
    if (shown.includes(update.locale)) void i18n.changeLanguage(i18n.language);
  }, hot);
}
