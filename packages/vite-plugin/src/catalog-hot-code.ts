const DEFAULT_EXPORT = /^export default /gm;

// Runs in the browser. A version served for an update in place fills the object the first
// version exported (whatever holds it, an i18next store, sees the new text); any other
// version exports the file as written, a new object, as Vite's JSON module would.
const hotSuffix = (inPlace: boolean) => `;
let __transloom_current__ = __transloom_catalog__;
if (import.meta.hot) {
  const data = import.meta.hot.data;
  const own = data.catalog;
  if (${inPlace} && own && typeof own === 'object' && !Array.isArray(own) && __transloom_catalog__ && typeof __transloom_catalog__ === 'object' && !Array.isArray(__transloom_catalog__) && own !== __transloom_catalog__) {
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

/** Where the module is served, and how its updates are applied. */
export interface CatalogHotOptions {
  /** Vite's client, e.g. `/@vite/client` (with the base). */
  client: string;
  /** The module's URL as the module graph names it, e.g. `/locales/de/common.json`. */
  url: string;
  /** This version is served for an update in place: it fills the first version's object. */
  inPlace: boolean;
}

/**
 * Gives a catalog's JSON module (as Vite's JSON plugin compiled it) an HMR context that can
 * take an update in place: the module accepts itself in the browser, and a version served with
 * `inPlace` fills the object the first one exported, so nothing reloads. Whether an update is
 * taken in place is the server's choice, per update, through the module's `isSelfAccepting` in
 * the graph (the caller sets it): when it is not, Vite propagates the update as it would
 * without the plugin, and the version it fetches exports the written file. Vite's import
 * analysis skips JSON modules, so the context is made here the way that analysis makes one for
 * a script. Returns undefined when the code is not the one-default-export shape the JSON
 * plugin emits.
 */
export function catalogHotCode(code: string, options: CatalogHotOptions): string | undefined {
  const found = [...code.matchAll(DEFAULT_EXPORT)];
  // A catalog key may name a binding of the module (named exports): never shadow one.
  if (found.length !== 1 || code.includes('__transloom_')) return undefined;
  const at = found[0]!.index;
  const hot = `import { createHotContext as __transloom_hot__ } from ${JSON.stringify(options.client)};import.meta.hot = __transloom_hot__(${JSON.stringify(options.url)});\n`;
  return `${hot}${code.slice(0, at)}const __transloom_catalog__ = ${code.slice(at + 'export default '.length)}${hotSuffix(options.inPlace)}`;
}
