import type { Nodes, Root } from 'mdast';
import type { SourceFile } from '../../document/source-file.js';
import { pushContainerTitleUnits } from './container-title-units.js';
import { pushDerivedUnit } from './derived-unit.js';
import {
  createMarkdownExtraction,
  type MarkdownExtraction,
  type NodeHandler,
  type Place,
} from './markdown-extraction.js';
import { markdownHandlers } from './markdown-handlers.js';
import { rangeOf } from './markdown-inline.js';
import type { MarkdownSettings, MarkdownUnit, ParsedBody } from './markdown-unit.js';

export type { MarkdownSettings, MarkdownUnit } from './markdown-unit.js';

// Reads a node with the handler of its kind, then its children unless the handler says no.
function walk(x: MarkdownExtraction, node: Nodes, place: Place): void {
  // TOML front matter (`+++`) is configuration, not prose.
  if ((node.type as string) === 'toml') return;
  const range = rangeOf(node, place);
  if (
    range &&
    node.type !== 'root' &&
    x.excluded.some((e) => range.start < e.end && range.end > e.start)
  )
    return;
  const handler = markdownHandlers[node.type] as NodeHandler | undefined;
  if (handler && !handler(x, node, place, range)) return;
  if (!('children' in node)) return;
  const children = node.children as Nodes[];
  for (const [i, child] of children.entries())
    walk(x, child, {
      path: `${place.path}/${child.type}[${i}]`,
      map: place.map,
      siblings: children,
      index: i,
    });
}

// A body's units keep its indentation on every line a translation adds (lines copied from the
// source have theirs): a line indented less would end the block for Python-Markdown.
function walkBody(x: MarkdownExtraction, body: ParsedBody, path: string): void {
  const from = x.units.length;
  walk(x, body.root, { path, map: body.map });
  for (const unit of x.units.slice(from)) {
    const lineStart = x.text.lastIndexOf('\n', unit.span.start - 1) + 1;
    const indent = /^[ \t]*/.exec(x.text.slice(lineStart, unit.span.start))![0];
    const unindented = new RegExp(`\n(?!${indent})`, 'g');
    const write = unit.write;
    unit.write = (translation, copy) => write(translation, copy).replace(unindented, `\n${indent}`);
  }
}

/** Reads the units of a Markdown or MDX document in document order. */
export function extractMarkdownUnits(
  file: SourceFile,
  root: Root,
  settings: MarkdownSettings,
): MarkdownUnit[] {
  const x = createMarkdownExtraction(file, settings, walk);
  pushContainerTitleUnits(x);
  for (const line of settings.markup ?? []) pushDerivedUnit(x, line, 'fence');
  walk(x, root, { path: '', map: (o) => o });
  for (const [i, body] of (settings.bodies ?? []).entries()) walkBody(x, body, `/mkdocs[${i}]`);
  return x.units.sort((a, b) => a.span.start - b.span.start);
}
