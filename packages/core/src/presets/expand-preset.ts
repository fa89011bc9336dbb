import type {
  DocsPreset,
  DocsPresetContext,
  DocsPresetName,
  PresetExpansion,
} from './docs-preset.js';
import { docusaurusPreset } from './docusaurus-preset.js';
import { starlightPreset } from './starlight-preset.js';
import { vitepressPreset } from './vitepress-preset.js';

/** Every docs preset by name (a plain object: adding one is adding a line). */
export const docsPresets: Readonly<Record<DocsPresetName, DocsPreset>> = {
  docusaurus: docusaurusPreset,
  vitepress: vitepressPreset,
  starlight: starlightPreset,
};

/** The names `preset` accepts. */
export const DOCS_PRESET_NAMES = Object.keys(docsPresets) as DocsPresetName[];

/** A preset's file entries for the site at `context.root`, read from its folders. */
export function expandPreset(name: DocsPresetName, context: DocsPresetContext): PresetExpansion {
  return docsPresets[name].expand(context);
}
