const DEFAULT_EXPORT = /^export default /gm;

// Runs in the browser: each new version of the catalog module fills the object the first
// version exported, so an app that passed it to i18next (or holds it anywhere) sees the new text.
const HOT_SUFFIX = `;
let __transloom_current__ = __transloom_catalog__;
if (import.meta.hot) {
  const data = import.meta.hot.data;
  const own = data.catalog;
  if (own && typeof own === 'object' && __transloom_catalog__ && typeof __transloom_catalog__ === 'object' && own !== __transloom_catalog__) {
    for (const key of Object.keys(own)) if (!Object.hasOwn(__transloom_catalog__, key)) delete own[key];
    Object.assign(own, __transloom_catalog__);
    __transloom_current__ = own;
  } else {
    data.catalog = __transloom_catalog__;
  }
  import.meta.hot.accept();
}
export default __transloom_current__;
`;

/** Where the module is served: Vite's client and the module's own URL in the module graph. */
export interface HotModuleUrls {
  /** Vite's client, e.g. `/@vite/client` (with the base). */
  client: string;
  /** The module's URL as the module graph names it, e.g. `/locales/de/common.json`. */
  url: string;
}

/**
 * Makes a catalog's JSON module (as Vite's JSON plugin compiled it) accept its own updates and
 * apply them to the object it first exported: a changed catalog then goes through the module
 * graph without a full reload, even when the module importing it accepts nothing. Vite's
 * import analysis skips JSON modules, so the module gets its HMR context here, the way that
 * analysis gives one to a script (the caller marks the module self-accepting in the graph).
 * Returns undefined when the code is not the one-default-export shape the JSON plugin emits.
 */
export function acceptCatalogInPlace(code: string, urls: HotModuleUrls): string | undefined {
  const found = [...code.matchAll(DEFAULT_EXPORT)];
  // A catalog key may name a binding of the module (named exports): never shadow one.
  if (found.length !== 1 || code.includes('__transloom_')) return undefined;
  const at = found[0]!.index;
  const hot = `import { createHotContext as __transloom_hot__ } from ${JSON.stringify(urls.client)};import.meta.hot = __transloom_hot__(${JSON.stringify(urls.url)});\n`;
  return `${hot}${code.slice(0, at)}const __transloom_catalog__ = ${code.slice(at + 'export default '.length)}${HOT_SUFFIX}`;
}
