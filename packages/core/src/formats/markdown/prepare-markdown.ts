import type { Range } from './markdown-inline.js';

/** A label of container markup: a fence's title, a tab's `== Label`, a code block's `[label]`. */
export interface ContainerTitle extends Range {
  value: string;
  /** Written between `[` and `]`, where a `]` must be escaped. */
  bracket: boolean;
}

/** Text to parse, with the constructs the parsers misread blanked out, and what was blanked. */
export interface PreparedMarkdown {
  text: string;
  titles: ContainerTitle[];
  /** Container fence and tab lines with no label to translate: markup a person may edit. */
  markup: Range[];
}

/** How {@link prepareMarkdown} reads container markup. */
export interface PrepareOptions {
  /**
   * Containers whose labels are text to translate: a container's name (`tip`, `details`) for
   * its title, `tabs` for the `== Label` lines of vitepress-plugin-tabs, `code-group` for the
   * `[label]` of its code blocks. Any other container's info string is kept as it is.
   */
  labels: ReadonlySet<string>;
  /** Blank container fences (for extraction); false leaves them for the parser (to check a page). */
  blankContainers?: boolean;
}

/** Containers whose labels are translated when nothing else is configured. */
export const DEFAULT_CONTAINER_LABELS: readonly string[] = [
  'note',
  'tip',
  'info',
  'warning',
  'danger',
  'caution',
  'important',
  'success',
  'secondary',
  'details',
  'tabs',
];

const FENCE = /^([ \t]*(?:>[ \t]?)*)(`{3,}|~{3,})/;
// `::: tip Title`, `:::tip[Title]{#id}`, `::::: code-group`, `:::: tabs key:pm`, and the closing `:::`.
const CONTAINER = /^([ \t]*(?:>[ \t]?)*)(:{3,})[ \t]*([A-Za-z][\w-]*)?(.*)$/;
// A tab of vitepress-plugin-tabs: `== Label`.
const TAB = /^([ \t]*(?:>[ \t]?)*)==[ \t]+(\S.*?)[ \t]*$/;
// A code block's label in a VitePress code group: ```` ```ts [config.ts] ````.
const CODE_LABEL = /^[^\s[]*[ \t]*\[([^\]\n]*[^\]\s][^\]\n]*)\]/;
const MDX_HEADING_ID = /^([ \t]*#{1,6}[ \t].*?)([ \t]*\{#[^\s{}]+\})[ \t]*$/;

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

interface OpenContainer {
  name: string;
  colons: number;
}

/**
 * Container fences (Docusaurus admonitions, VitePress containers, vitepress-plugin-tabs and
 * its `== Label` lines) and, in MDX, heading ids (`{#id}`, which MDX would read as a
 * JavaScript expression) and HTML comments are blanked with spaces before parsing, offsets
 * unchanged: remark-directive reads only `:::name[label]` fences and would take `::: tip Title`
 * for prose, joining it with the lines below. The labels of the containers named in
 * `options.labels` become units of their own; every other byte of the markup stays as written.
 * Fences inside code blocks are left alone.
 */
export function prepareMarkdown(
  text: string,
  mdx: boolean,
  options: PrepareOptions = { labels: new Set(DEFAULT_CONTAINER_LABELS) },
): PreparedMarkdown {
  const titles: ContainerTitle[] = [];
  const markup: Range[] = [];
  const lines: string[] = [];
  const open: OpenContainer[] = [];
  const blankFences = options.blankContainers !== false;
  let fence: string | undefined;
  let comment = false;
  let offset = 0;
  for (const line of text.split('\n')) {
    const content = line.endsWith('\r') ? line.slice(0, -1) : line;
    const keepEnd = line.slice(content.length);
    let written = line;
    const opener = FENCE.exec(content);
    const inside = open.at(-1)?.name;
    if (mdx && (comment || (fence === undefined && content.includes('<!--')))) {
      // HTML comments (Docusaurus reads them in MDX too, `<!-- truncate -->`): blanked, even
      // across lines.
      ({ line: written, open: comment } = blankComments(line, comment));
    } else if (fence !== undefined) {
      if (opener && opener[2]!.startsWith(fence) && content.trim() === opener[2]) fence = undefined;
    } else if (opener) {
      fence = opener[2]!;
      if (inside === 'code-group' && options.labels.has('code-group')) {
        const info = content.slice(opener[0].length);
        const label = CODE_LABEL.exec(info);
        if (label) {
          const start = offset + opener[0].length + label[0].length - 1 - label[1]!.length;
          titles.push({ start, end: start + label[1]!.length, value: label[1]!, bracket: true });
        }
      }
    } else {
      const container = CONTAINER.exec(content);
      const tab = inside === 'tabs' ? TAB.exec(content) : null;
      const heading = mdx ? MDX_HEADING_ID.exec(content) : null;
      if (container) {
        const prefix = container[1]!.length;
        const colons = container[2]!.length;
        const name = container[3];
        const rest = container[4]!;
        let title: ContainerTitle | undefined;
        if (name) {
          open.push({ name, colons });
          if (options.labels.has(name) && name !== 'tabs' && name !== 'code-group') {
            title = titleOf(rest, offset + content.length - rest.length);
            if (title) titles.push(title);
          }
        } else if (rest.trim() === '' && open.length > 0 && colons >= open.at(-1)!.colons) {
          open.pop();
        }
        // An opening fence with nothing to translate: markup (a closing `:::` says nothing more).
        if (name && !title) markup.push({ start: offset + prefix, end: offset + content.length });
        if (blankFences)
          written = content.slice(0, prefix) + blank(content.slice(prefix)) + keepEnd;
      } else if (tab) {
        if (options.labels.has('tabs')) {
          const start = offset + content.lastIndexOf(tab[2]!);
          titles.push({ start, end: start + tab[2]!.length, value: tab[2]!, bracket: false });
        } else {
          markup.push({ start: offset + tab[1]!.length, end: offset + content.length });
        }
        // Always blanked: a tab's label line is markup, and the text below it is the tab's own.
        const prefix = tab[1]!.length;
        written = content.slice(0, prefix) + blank(content.slice(prefix)) + keepEnd;
      } else if (heading) {
        written = heading[1]! + blank(content.slice(heading[1]!.length)) + keepEnd;
      }
    }
    lines.push(written);
    offset += line.length + 1;
  }
  return { text: lines.join('\n'), titles, markup };
}
