// `@transloom/core/config`: finding and checking configuration files (cosmiconfig, and jiti
// for TypeScript configs). Hosts that pass their configuration never load it.

export { ConfigError, type ConfigIssue } from '@transloom/client/errors';
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
export { configPathIssues, isInside } from './settings/config-paths.js';
export { type ConfigSchemaOutput, configSchema } from './settings/config-schema.js';
export { targetLangOf, targetLocaleProblem } from './settings/target-language.js';
