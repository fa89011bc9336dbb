import type { Nodes, RootContent } from 'mdast';
import type { PageBlock } from '../format-adapter.js';
import type { MarkdownParsed } from './markdown-parsed.js';

// A container's fence or tab line, which the parser never sees (it is blanked before parsing):
// `::: tip Title`, `:::`, `!!! note "Title"`, `=== "Tab"`.
const FENCE_LINE = /^[ \t>]*(:{3,}|!{3}|\?{3}\+?|={2,3})[ \t]*([A-Za-z][\w-]*)?/;
const NUMBER = /\d+(?:[.,]\d+)*/g;

/**
 * A Markdown page's top-level blocks (see {@link PageBlock}): the root's children, and each
 * line outside them that holds text (a container's fence, which the parser does not read).
 */
export function markdownBlocks(parsed: MarkdownParsed): PageBlock[] {
  const text = parsed.file.text;
  const blocks: PageBlock[] = [];
  let at = 0;
  for (const node of parsed.root.children) {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    pushLines(blocks, text, at, start);
    blocks.push({ start, end, shape: shapeOf(node), anchors: anchorsOf(node), size: end - start });
    at = end;
  }
  pushLines(blocks, text, at, text.length);
  return blocks;
}

// Every line of `text[from, to)` with text on it, as a block of its own.
function pushLines(blocks: PageBlock[], text: string, from: number, to: number): void {
  let start = from;
  while (start < to) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 || newline > to ? to : newline;
    const line = text.slice(start, end);
    const lead = line.length - line.trimStart().length;
    const trimmed = line.trim();
    if (trimmed !== '') {
      const fence = FENCE_LINE.exec(line);
      blocks.push({
        start: start + lead,
        end: start + lead + trimmed.length,
        shape: fence ? `fence:${fence[1]![0]}${fence[2] ?? ''}` : 'line',
        anchors: [],
        size: trimmed.length,
      });
    }
    start = end + 1;
  }
}

function shapeOf(node: RootContent): string {
  switch (node.type) {
    case 'heading':
      return `heading${node.depth}`;
    case 'code':
      return `code:${node.lang ?? ''}`;
    case 'list':
      return `list:${node.ordered ? 'ordered' : 'bullet'}:${node.children.length}`;
    case 'table':
      return `table:${node.children.length}x${node.children[0]?.children.length ?? 0}`;
    case 'mdxJsxFlowElement':
      return `jsx:${node.name ?? ''}`;
    case 'containerDirective':
    case 'leafDirective':
      return `${node.type}:${node.name}`;
    default:
      return node.type;
  }
}

// What a translation of a block keeps as it is: URLs, inline code, numbers, a code block's
// length in lines, raw HTML.
function anchorsOf(node: RootContent): string[] {
  const out: string[] = [];
  const visit = (n: Nodes) => {
    switch (n.type) {
      case 'link':
      case 'image':
      case 'definition':
        out.push(`url:${n.url}`);
        break;
      case 'inlineCode':
        out.push(`code:${n.value}`);
        break;
      case 'code':
        out.push(`lines:${n.value.split('\n').length}`);
        break;
      case 'html':
        if (!n.value.startsWith('<!--')) out.push(`html:${n.value}`);
        break;
      case 'text':
        for (const number of n.value.match(NUMBER) ?? []) out.push(`number:${number}`);
        break;
    }
    if ('children' in n) for (const child of n.children as Nodes[]) visit(child);
  };
  visit(node);
  return out;
}
