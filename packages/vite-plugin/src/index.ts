// `@transloom/vite-plugin`: the plugin and the names apps and other plugins meet it by.
// Nothing here loads the engine: it is loaded once the dev server listens, or when a build starts.
import { transloom } from './transloom-plugin.js';

export {
  type BuildMode,
  type CatalogUpdates,
  defaultNamespace,
  PluginOptionsError,
  type TransloomPluginOptions,
  type TypesOptions,
} from './plugin-options.js';
export { RESOLVED_RESOURCES_ID, RESOURCES_ID } from './resources-module.js';
export { transloom } from './transloom-plugin.js';
export { RESOLVED_EVENT, type TransloomUpdate, UPDATE_EVENT } from './update-events.js';

/** The plugin, as `import transloom from '@transloom/vite-plugin'`. */
export default transloom;
