import type { Root } from 'mdast';
import type { ParsedFile } from '../format-adapter.js';
import type { AnchorSettings } from './heading-anchors.js';
import type { LinkTarget } from './link-targets.js';
import type { MarkdownSettings } from './markdown-unit.js';
import type { SiteLinks } from './site-links.js';

/** A parsed Markdown document. */
export interface MarkdownParsed extends ParsedFile {
  root: Root;
  settings: MarkdownSettings;
  /** How translated headings keep their source anchors (`anchors` option). */
  anchors: AnchorSettings | undefined;
  /** The site layout links are rewritten for (`site` option). */
  site: SiteLinks | undefined;
  /** The page's URLs, read on first use. */
  links?: LinkTarget[];
  /** Containers whose labels are translated (`labels` option). */
  labels: ReadonlySet<string>;
  /** Whether the source reads as MDX with its container fences left to the parser. */
  fencesParse?: boolean;
}
