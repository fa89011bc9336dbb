import type { DocsGenerator } from '../formats/markdown/docs-generators.js';
import type { AnchorSettings } from '../formats/markdown/heading-anchors.js';
import type { FrontMatterLinkKeys } from '../formats/markdown/link-targets.js';
import type { PresetExpansion } from '../settings/preset-expansion.js';

export type { PresetExpansion } from '../settings/preset-expansion.js';

/** A preset's name as written in the configuration. */
export type DocsPresetName = DocsGenerator;

/** Overrides of a preset's defaults (`presetOptions` in the configuration). */
export interface DocsPresetOptions {
  /** Front-matter keys to translate (dot paths, `*` for any key or index), replacing the preset's. */
  frontMatter?: readonly string[] | undefined;
  /** JSX and HTML attributes to translate, replacing the preset's. */
  attributes?: readonly string[] | undefined;
  /** Globs of pages to leave out. */
  exclude?: readonly string[] | undefined;
  /**
   * The site's folder in the project (`docs`), where its generator's config is; found from
   * that config when absent.
   */
  root?: string | undefined;
  /**
   * Containers whose labels are translated (a name for its title, `tabs` for
   * vitepress-plugin-tabs `== Label` lines, `code-group` for its code blocks' labels),
   * replacing the preset's.
   */
  labels?: readonly string[] | undefined;
}

/** What a preset reads to expand. */
export interface DocsPresetContext {
  /** The project root, where the site lives. */
  root: string;
  sourceLocale: string;
  targetLocales: readonly string[];
  options: DocsPresetOptions;
}

/** How a generator's pages are read and written. */
export interface DocsPolicy {
  /** Front-matter keys translated by default. */
  frontMatter: readonly string[];
  /** Front-matter keys that are links or asset paths (rewritten, never translated). */
  frontMatterLinks: FrontMatterLinkKeys;
  anchors: AnchorSettings;
  /** Containers whose labels are translated by default (see {@link DocsPresetOptions.labels}). */
  labels: readonly string[];
}

/** One docs generator's preset. */
export interface DocsPreset {
  readonly name: DocsPresetName;
  readonly policy: DocsPolicy;
  /** The file entries of the site at `context.root`, from its own structure. */
  expand(context: DocsPresetContext): PresetExpansion;
}

/** JSX props and HTML attributes translated in docs pages by default. */
export const DOCS_ATTRIBUTES = ['title', 'label', 'alt', 'caption', 'description', 'aria-label'];
