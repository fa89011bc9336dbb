// Types of the plugin's virtual module: `/// <reference types="@transloom/vite-plugin/virtual" />`.
declare module 'virtual:transloom/resources' {
  /** Every locale's JSON catalogs by namespace: `{ de: { common: {...} } }`, hot-updated in place. */
  const resources: Record<string, Record<string, Record<string, unknown>>>;
  export default resources;
}
