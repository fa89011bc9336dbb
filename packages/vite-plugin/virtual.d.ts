// Types of the plugin's virtual modules: `/// <reference types="@transloom/vite-plugin/virtual" />`.
declare module 'virtual:transloom/resources' {
  /** Every locale's JSON catalogs by namespace: `{ de: { common: {...} } }`, hot-updated in place. */
  const resources: Record<string, Record<string, Record<string, unknown>>>;
  export default resources;
}

declare module 'virtual:transloom/resources/*' {
  /** One locale's JSON catalogs by namespace: `{ common: {...} }`, hot-updated in place. */
  const resources: Record<string, Record<string, unknown>>;
  export default resources;
}

declare module 'virtual:transloom/loaders' {
  /** Every locale of the project (source, targets, pseudo-locale). */
  export const locales: readonly string[];
  /** Per locale, a function that loads its catalogs (a chunk of its own in a build). */
  const loaders: Record<string, () => Promise<Record<string, Record<string, unknown>>>>;
  export default loaders;
}
