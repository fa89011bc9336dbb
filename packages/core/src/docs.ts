// `@transloom/core/docs`: docs-site presets and the link checker for a built site.

export { type DocsGenerator, rewriteLink, type SiteLinks } from './formats/markdown/site-links.js';
export { loadBabelParser } from './presets/babel-parser.js';
export {
  type BuiltLinksReport,
  type CheckBuiltLinksOptions,
  checkBuiltLinks,
} from './presets/check-built-links.js';
export type {
  DocsPreset,
  DocsPresetContext,
  DocsPresetName,
  DocsPresetOptions,
  PresetExpansion,
} from './presets/docs-preset.js';
export { DOCS_PRESET_NAMES, docsPresets, expandPreset } from './presets/expand-preset.js';
export { languageLabel, missingLocalesNote } from './presets/locale-notes.js';
export type { SiteConfig, StaticValue } from './presets/site-config.js';
export { findSiteRoot, SITE_CONFIG_FILES, type SiteRoot } from './presets/site-root.js';
