import type { Heading, Root } from 'mdast';
import type { AdapterUnit } from '../format-adapter.js';
import type { ContainerTitle } from './container-title.js';
import type { AttributeDelimiters, HeadingAnchor } from './heading-anchors.js';
import type { Range } from './markdown-inline.js';
import type { PreparedMarkdown } from './prepare-markdown.js';

/** A unit of a Markdown document; it knows how to write its translation. */
export interface MarkdownUnit extends AdapterUnit {
  span: Range;
  write(translation: string, copy: (start: number, end: number) => string): string;
  /** A heading's source anchor, and where a marker that keeps it goes. */
  heading?: { anchor: HeadingAnchor; end: number };
  /** Text of a block (a paragraph, heading, cell): it reads on its own as Markdown. */
  phrasing?: boolean;
  /** Markup whose target text is worked out from the source (see {@link Unit.derived}). */
  derived?: boolean;
}

/** Settings of one document's extraction. */
export interface MarkdownSettings {
  mdx: boolean;
  frontMatterKeys: readonly string[];
  attributes: ReadonlySet<string>;
  /** Parses more Markdown (a dedented admonition body) the same way. */
  parse: (text: string) => Root;
  /** The site's own heading id delimiters (`%{#id}%`): such ids are markup, never text. */
  headingIds?: AttributeDelimiters;
  /** Source anchors of the headings, when translated headings must keep them. */
  anchors?: ReadonlyMap<Heading, HeadingAnchor>;
  /** Container titles found while preparing the text. */
  titles?: readonly ContainerTitle[];
  /** Container fence and tab lines with nothing to translate (see {@link PreparedMarkdown}). */
  markup?: readonly Range[];
  /** Bodies of mkdocs admonitions and tabs, parsed on their own (see {@link PreparedMarkdown}). */
  bodies?: readonly ParsedBody[];
}

/** A block body parsed on its own, and where its offsets are in the file. */
export interface ParsedBody {
  root: Root;
  map: (offset: number) => number;
}
