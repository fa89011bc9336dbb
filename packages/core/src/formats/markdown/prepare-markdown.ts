import type { Range } from './markdown-inline.js';

/** The title of a container fence (`::: details Click me`, `:::tip[Read this]`). */
export interface ContainerTitle extends Range {
  value: string;
  /** Written between `[` and `]`, where a `]` must be escaped. */
  bracket: boolean;
}

/** Text to parse, with the constructs the parsers misread blanked out, and what was blanked. */
export interface PreparedMarkdown {
  text: string;
  titles: ContainerTitle[];
}

const FENCE = /^([ \t]*(?:>[ \t]?)*)(`{3,}|~{3,})/;
// `::: tip Title`, `:::tip[Title]{#id}`, `::::: code-group`, and the closing `:::`.
const CONTAINER = /^([ \t]*(?:>[ \t]?)*)(:{3,})[ \t]*([A-Za-z][\w-]*)?(.*)$/;
const MDX_HEADING_ID = /^([ \t]*#{1,6}[ \t].*?)([ \t]*\{#[\w-]+\})[ \t]*$/;

function blank(text: string): string {
  return text.replace(/[^\r\n]/g, ' ');
}

function titleOf(rest: string, offset: number): ContainerTitle | undefined {
  const bracket = /^\[((?:\\.|[^\]\\])*)\]/.exec(rest);
  if (bracket) {
    const value = bracket[1]!;
    if (value.trim() === '') return undefined;
    return { start: offset + 1, end: offset + 1 + value.length, value, bracket: true };
  }
  const plain = /^[ \t]*([^{\s][^{]*?)[ \t]*(?:\{[^}]*\})?[ \t]*$/.exec(rest);
  if (!plain?.[1]) return undefined;
  const start = offset + rest.indexOf(plain[1]);
  return { start, end: start + plain[1].length, value: plain[1], bracket: false };
}

function blankComments(line: string, open: boolean): { line: string; open: boolean } {
  let out = '';
  let rest = line;
  let inside = open;
  while (rest !== '') {
    const at = inside ? rest.indexOf('-->') : rest.indexOf('<!--');
    if (at === -1) {
      out += inside ? blank(rest) : rest;
      rest = '';
    } else {
      const end = inside ? at + 3 : at;
      out += inside ? blank(rest.slice(0, end)) : rest.slice(0, end);
      rest = rest.slice(end);
      inside = !inside;
    }
  }
  return { line: out, open: inside };
}

/**
 * Container fences (Docusaurus admonitions, VitePress containers) and, in MDX, heading ids
 * (`{#id}`, which MDX would read as a JavaScript expression) and HTML comments are blanked with spaces before
 * parsing, offsets unchanged: remark-directive reads only `:::name[label]` fences and would
 * take `::: tip Title` for prose, joining it with the lines below. Titles become units of their
 * own; fences inside code blocks are left alone.
 */
export function prepareMarkdown(text: string, mdx: boolean): PreparedMarkdown {
  const titles: ContainerTitle[] = [];
  const lines: string[] = [];
  let fence: string | undefined;
  let comment = false;
  let offset = 0;
  for (const line of text.split('\n')) {
    const content = line.endsWith('\r') ? line.slice(0, -1) : line;
    let written = line;
    const opener = FENCE.exec(content);
    if (mdx && (comment || (fence === undefined && content.includes('<!--')))) {
      // HTML comments (Docusaurus reads them in MDX too, `<!-- truncate -->`): blanked, even
      // across lines.
      ({ line: written, open: comment } = blankComments(line, comment));
    } else if (fence !== undefined) {
      if (opener && opener[2]!.startsWith(fence) && content.trim() === opener[2]) fence = undefined;
    } else if (opener) {
      fence = opener[2]!;
    } else {
      const container = CONTAINER.exec(content);
      const heading = mdx ? MDX_HEADING_ID.exec(content) : null;
      if (container) {
        const prefix = container[1]!.length;
        const rest = container[4]!;
        if (container[3]) {
          const title = titleOf(rest, offset + content.length - rest.length);
          if (title) titles.push(title);
        }
        written =
          content.slice(0, prefix) + blank(content.slice(prefix)) + line.slice(content.length);
      } else if (heading) {
        written =
          heading[1]! + blank(content.slice(heading[1]!.length)) + line.slice(content.length);
      }
    }
    lines.push(written);
    offset += line.length + 1;
  }
  return { text: lines.join('\n'), titles };
}
