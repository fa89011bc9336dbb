import { createHash } from 'node:crypto';
import type { Nodes } from 'mdast';
import type { SourceFile } from '../../document/source-file.js';
import type { Original } from '../../segments/segment-markup.js';
import type { Range } from './markdown-inline.js';
import type { MarkdownSettings, MarkdownUnit } from './markdown-unit.js';

/** Maps an offset of the parsed text to an offset of the file (identity but in re-parsed blocks). */
export type OffsetMap = (offset: number) => number;

/** Where a node sits while the tree is walked. */
export interface Place {
  path: string;
  map: OffsetMap;
  siblings?: readonly Nodes[];
  index?: number;
}

/** What every node handler of one document's extraction shares. */
export interface MarkdownExtraction {
  file: SourceFile;
  text: string;
  settings: MarkdownSettings;
  /** The units found so far, in the order found. */
  units: MarkdownUnit[];
  /** Ranges no unit comes from (Hugo shortcodes and their content). */
  excluded: readonly Range[];
  /** Ids of HTML units, shared by every HTML block of the page. */
  htmlSeen: Map<string, number>;
  /** How many derived units of each kind were made. */
  kinds: Map<string, number>;
  /** A unit id from a base: the base, then `base#2`, `base#3` for later uses. */
  id(base: string): string;
  /** Walks a node and its children (a handler calls it for a block it parses again). */
  walk(node: Nodes, place: Place): void;
}

const SHORTCODE_OPEN = /^\{\{<\s*([\w-]+)[^>]*>\}\}[ \t]*$/gm;

/** The first eight hex digits of a text's SHA-1: ids that stay put while the text does. */
export function shortHash(text: string): string {
  return createHash('sha1').update(text).digest('hex').slice(0, 8);
}

/** Writes an original piece of markup back: its source bytes, or the text it was given. */
export function copyOriginal(copy: (start: number, end: number) => string) {
  return (o: Original): string => (typeof o === 'string' ? o : copy(o.start, o.end));
}

// Hugo's {{< name >}} .. {{< /name >}} hands its content to a template untouched (often
// TOML or YAML): nothing between them is prose.
function shortcodeRanges(text: string): Range[] {
  const ranges: Range[] = [];
  for (const match of text.matchAll(SHORTCODE_OPEN)) {
    const close = new RegExp(`\\{\\{<\\s*/\\s*${match[1]}\\s*>\\}\\}`).exec(
      text.slice(match.index),
    );
    if (close)
      ranges.push({ start: match.index, end: match.index + close.index + close[0].length });
  }
  return ranges;
}

/** The shared state of one document's extraction, walking with `walk`. */
export function createMarkdownExtraction(
  file: SourceFile,
  settings: MarkdownSettings,
  walk: (x: MarkdownExtraction, node: Nodes, place: Place) => void,
): MarkdownExtraction {
  const seen = new Map<string, number>();
  const extraction: MarkdownExtraction = {
    file,
    text: file.text,
    settings,
    units: [],
    excluded: shortcodeRanges(file.text),
    htmlSeen: new Map(),
    kinds: new Map(),
    id(base) {
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      return count === 1 ? base : `${base}#${count}`;
    },
    walk: (node, place) => walk(extraction, node, place),
  };
  return extraction;
}

/** Reads one kind of node; true when its children are to be walked as well. */
export type NodeHandler<N extends Nodes = Nodes> = (
  x: MarkdownExtraction,
  node: N,
  place: Place,
  range: Range | undefined,
) => boolean;
