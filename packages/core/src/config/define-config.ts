import type { TransloomConfig } from '../settings/config-schema.js';

/**
 * A typed identity for `transloom.config.ts`: `export default defineConfig({ ... })`. Kept
 * apart from the schema, so importing it loads no validator.
 */
export function defineConfig(config: TransloomConfig): TransloomConfig {
  return config;
}
