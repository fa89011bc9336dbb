import type { Range } from './markdown-inline.js';

/**
 * A block of Python-Markdown extensions that mkdocs-material sites use: an admonition
 * (`!!! note "Title"`, `??? tip`, `???+ warning "Title"`) or a content tab (`=== "Label"`),
 * with the body indented by four spaces below it.
 */
export interface MkdocsBlock {
  kind: 'admonition' | 'tab';
  /** The marker line, without its line ending. */
  marker: Range;
  /** The quoted title or label (without its quotes); absent or empty when there is none. */
  title?: Range & { value: string };
  /** From the first body line's start to the end of its last non-blank line. */
  body?: Range;
}

// pymdownx.details/admonition: `!!!` or `???` (`???+` open), a type, modifiers (`inline end`),
// then an optional quoted title, which may hold quotes of its own up to the last one.
const ADMONITION = /^(?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+[\w-]+)*(?:[ \t]+"(.*)")?[ \t]*$/;
// pymdownx.tabbed: `===`, `===+` (selected), `===!` (a new group), then the quoted label.
const TAB = /^===[!+]{0,3}[ \t]+"(.*)"[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const INDENTED = /^(?: {4}|\t)/;

interface Line {
  start: number;
  /** The line without its `\r`. */
  content: string;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    lines.push({ start, content: line.endsWith('\r') ? line.slice(0, -1) : line });
    start += line.length + 1;
  }
  return lines;
}

// The marker a line holds, if any: its kind and the title's place on the line.
function markerOf(line: Line): Omit<MkdocsBlock, 'body'> | undefined {
  const admonition = ADMONITION.exec(line.content);
  const tab = admonition ? null : TAB.exec(line.content);
  const match = admonition ?? tab;
  if (!match) return undefined;
  const marker = { start: line.start, end: line.start + line.content.length };
  const value = match[1];
  if (value === undefined || value.trim() === '')
    return { kind: admonition ? 'admonition' : 'tab', marker };
  const at = line.start + line.content.indexOf('"') + 1;
  return {
    kind: admonition ? 'admonition' : 'tab',
    marker,
    title: { start: at, end: at + value.length, value },
  };
}

// The body below a marker: blank lines and lines indented by four spaces or a tab, up to the
// first line indented less; blank lines at its end belong to what follows.
function bodyAfter(lines: readonly Line[], from: number): { body?: Range; next: number } {
  let last = -1;
  let i = from;
  for (; i < lines.length; i++) {
    const content = lines[i]!.content;
    if (content.trim() === '') continue;
    if (!INDENTED.test(content)) break;
    last = i;
  }
  if (last === -1) return { next: from };
  const end = lines[last]!.start + lines[last]!.content.length;
  return { body: { start: lines[from]!.start, end }, next: last + 1 };
}

/**
 * The admonitions and content tabs at the top level of a text (not inside a fenced code
 * block), each with its indented body. Written by hand: the remark extensions for this syntax
 * on npm (remark-tabbed, remark-details) target micromark 1 and unified 10, not the micromark 4
 * and unified 11 this adapter parses with, and none reads both tabs and admonitions. A line
 * scan keeps every offset, which is what writing translations back by position needs.
 */
export function findMkdocsBlocks(text: string): MkdocsBlock[] {
  const lines = linesOf(text);
  const blocks: MkdocsBlock[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const content = lines[i]!.content;
    const opener = FENCE.exec(content);
    if (fence !== undefined) {
      if (opener && opener[1]!.startsWith(fence) && content.trim() === opener[1]) fence = undefined;
      continue;
    }
    if (opener) {
      fence = opener[1]!;
      continue;
    }
    const marker = markerOf(lines[i]!);
    if (!marker) continue;
    const { body, next } = bodyAfter(lines, i + 1);
    blocks.push(body ? { ...marker, body } : marker);
    i = next - 1;
  }
  return blocks;
}
