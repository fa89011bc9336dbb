// `@transloom/core/config`: finding and checking configuration files (cosmiconfig, and jiti
// for TypeScript configs). Hosts that pass their configuration never load it.
export { ConfigError, type ConfigIssue } from './config/config-error.js';
export { configPathIssues, isInside } from './config/config-paths.js';
export { type ConfigSchemaOutput, configSchema } from './config/config-schema.js';
export {
  ALL_CONFIG_FORMATS,
  CONFIG_SEARCH_PLACES,
  type ConfigFormat,
  configFormatOf,
  type FoundConfigFile,
  findConfigFile,
  type LoadConfigOptions,
  loadConfig,
} from './config/load-config.js';
export {
  closest,
  type ResolvedConfig,
  type ResolvedLocaleSettings,
  resolveConfig,
} from './config/resolve-config.js';
export { targetLangOf, targetLocaleProblem } from './config/target-language.js';
