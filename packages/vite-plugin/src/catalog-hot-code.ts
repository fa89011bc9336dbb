import { HELPER_FLAG } from './update-batcher.js';

const DEFAULT_EXPORT = /^export default /gm;

// Runs in the browser. Each new version of a catalog module either fills the object the first
// version exported (in place: the option, or a page whose app runs the client helper, which
// re-renders from its own event) or exports the file as written and hands the update back to
// Vite (`invalidate`), which then does what it does without the plugin: an importer's
// `import.meta.hot.accept`, a framework boundary, or a full reload.
const hotSuffix = (inPlace: boolean) => `;
let __transloom_current__ = __transloom_catalog__;
if (import.meta.hot) {
  const hot = import.meta.hot;
  const data = hot.data;
  const own = data.catalog;
  const inPlace = ${inPlace} || globalThis[Symbol.for(${JSON.stringify(HELPER_FLAG)})] > 0;
  if (inPlace && own && typeof own === 'object' && !Array.isArray(own) && __transloom_catalog__ && typeof __transloom_catalog__ === 'object' && !Array.isArray(__transloom_catalog__) && own !== __transloom_catalog__) {
    for (const key of Object.keys(own)) if (!Object.hasOwn(__transloom_catalog__, key)) delete own[key];
    Object.assign(own, __transloom_catalog__);
    __transloom_current__ = own;
    data.filled = true;
  } else {
    data.catalog = __transloom_catalog__;
    data.filled = false;
  }
  hot.accept(() => {
    if (!hot.data.filled) hot.invalidate();
  });
}
export default __transloom_current__;
`;

/** Where the module is served, and how its updates are applied. */
export interface CatalogHotOptions {
  /** Vite's client, e.g. `/@vite/client` (with the base). */
  client: string;
  /** The module's URL as the module graph names it, e.g. `/locales/de/common.json`. */
  url: string;
  /** Always fill the first exported object, even on a page without the client helper. */
  inPlace: boolean;
}

/**
 * Gives a catalog's JSON module (as Vite's JSON plugin compiled it) an HMR context that takes
 * its updates first: on a page that runs the client helper (or with `inPlace`), a new version
 * fills the object the first one exported, so nothing reloads and the helper re-renders;
 * anywhere else it exports the written file and hands the update on to Vite's own propagation
 * (`import.meta.hot.invalidate()`), exactly as if the plugin were absent. Vite's import
 * analysis skips JSON modules, so the context is made here the way that analysis makes one
 * for a script (the caller marks the module self-accepting in the graph). Returns undefined
 * when the code is not the one-default-export shape the JSON plugin emits.
 */
export function catalogHotCode(code: string, options: CatalogHotOptions): string | undefined {
  const found = [...code.matchAll(DEFAULT_EXPORT)];
  // A catalog key may name a binding of the module (named exports): never shadow one.
  if (found.length !== 1 || code.includes('__transloom_')) return undefined;
  const at = found[0]!.index;
  const hot = `import { createHotContext as __transloom_hot__ } from ${JSON.stringify(options.client)};import.meta.hot = __transloom_hot__(${JSON.stringify(options.url)});\n`;
  return `${hot}${code.slice(0, at)}const __transloom_catalog__ = ${code.slice(at + 'export default '.length)}${hotSuffix(options.inPlace)}`;
}
