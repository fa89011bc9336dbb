import type { ContainerTitle } from './container-title.js';
import type { Range } from './markdown-inline.js';
import { type PreparedBody, prepareMkdocs } from './prepare-mkdocs.js';

export type { ContainerTitle } from './container-title.js';

/** Text to parse, with the constructs the parsers misread blanked out, and what was blanked. */
export interface PreparedMarkdown {
  text: string;
  titles: ContainerTitle[];
  /** Container fence and tab lines with no label to translate: markup a person may edit. */
  markup: Range[];
  /** Bodies of mkdocs admonitions and tabs, blanked in `text`: Markdown to parse on its own. */
  bodies: PreparedBody[];
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
  /** Reads mkdocs-material's admonitions and content tabs (the `syntax: 'mkdocs'` option). */
  mkdocs?: boolean;
}

/** The admonitions' names (`:::tip`, `!!! note`) that docs generators share. */
export const ADMONITION_LABELS: readonly string[] = [
  'note',
  'tip',
  'info',
  'warning',
  'danger',
  'caution',
  'important',
  'success',
  'secondary',
];

/** Containers whose labels are translated when nothing else is configured. */
export const DEFAULT_CONTAINER_LABELS: readonly string[] = [
  ...ADMONITION_LABELS,
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

// What the line scan of prepareMarkdown collects and where it is.
interface ScanState {
  titles: ContainerTitle[];
  markup: Range[];
  open: OpenContainer[];
  labels: ReadonlySet<string>;
  blankFences: boolean;
  /** The offset of the line being read. */
  offset: number;
}

// A `:::` fence line: its title a unit, or the line markup; the line as the parser is to see it.
function readContainer(
  state: ScanState,
  content: string,
  keepEnd: string,
  container: RegExpExecArray,
): string {
  const { open, offset } = state;
  const prefix = container[1]!.length;
  const colons = container[2]!.length;
  const name = container[3];
  const rest = container[4]!;
  let title: ContainerTitle | undefined;
  if (name) {
    open.push({ name, colons });
    if (state.labels.has(name) && name !== 'tabs' && name !== 'code-group') {
      title = titleOf(rest, offset + content.length - rest.length);
      if (title) state.titles.push(title);
    }
  } else if (rest.trim() === '' && open.length > 0 && colons >= open.at(-1)!.colons) {
    open.pop();
  }
  // An opening fence with nothing to translate: markup (a closing `:::` says nothing more).
  if (name && !title) state.markup.push({ start: offset + prefix, end: offset + content.length });
  return state.blankFences
    ? content.slice(0, prefix) + blank(content.slice(prefix)) + keepEnd
    : content + keepEnd;
}

// A `== Label` line of vitepress-plugin-tabs: its label a unit (or the line markup), blanked.
function readTab(state: ScanState, content: string, keepEnd: string, tab: RegExpExecArray): string {
  const { offset } = state;
  if (state.labels.has('tabs')) {
    const start = offset + content.lastIndexOf(tab[2]!);
    state.titles.push({ start, end: start + tab[2]!.length, value: tab[2]!, bracket: false });
  } else {
    state.markup.push({ start: offset + tab[1]!.length, end: offset + content.length });
  }
  // Always blanked: a tab's label line is markup, and the text below it is the tab's own.
  const prefix = tab[1]!.length;
  return content.slice(0, prefix) + blank(content.slice(prefix)) + keepEnd;
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
  const mkdocs = options.mkdocs
    ? prepareMkdocs(text, (body) => prepareMarkdown(body, mdx, options))
    : undefined;
  const state: ScanState = {
    titles: mkdocs?.titles ?? [],
    markup: mkdocs?.markup ?? [],
    open: [],
    labels: options.labels,
    blankFences: options.blankContainers !== false,
    offset: 0,
  };
  const { titles, markup, open } = state;
  const lines: string[] = [];
  let fence: string | undefined;
  let comment = false;
  for (const line of (mkdocs?.text ?? text).split('\n')) {
    const offset = state.offset;
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
      if (container) written = readContainer(state, content, keepEnd, container);
      else if (tab) written = readTab(state, content, keepEnd, tab);
      else if (heading) {
        written = heading[1]! + blank(content.slice(heading[1]!.length)) + keepEnd;
      }
    }
    lines.push(written);
    state.offset += line.length + 1;
  }
  const byStart = (a: Range, b: Range) => a.start - b.start;
  return {
    text: lines.join('\n'),
    titles: titles.sort(byStart),
    markup: markup.sort(byStart),
    bodies: mkdocs?.bodies ?? [],
  };
}
