import { htmlVoidElements } from 'html-void-elements';
import type { Nodes, PhrasingContent } from 'mdast';
import type { SegmentBuilder } from '../../segments/segment-markup.js';
import { CODE_ELEMENTS } from '../html/html-elements.js';
import { type AttributeDelimiters, siteIdPattern } from './heading-anchors.js';

/** A range of the file's text. */
export interface Range {
  start: number;
  end: number;
}

/** A unit inside another unit's markup: an image's alt text, a title, an attribute value. */
export interface NestedText {
  kind: 'alt' | 'title' | 'attribute';
  name: string;
  span: Range;
  value: string;
  /** The quote around a title or attribute ('' for alt text). */
  quote: string;
}

/** What inline handlers work with. */
export interface InlineContext {
  text: string;
  mdx: boolean;
  builder: SegmentBuilder;
  /** HTML and JSX attributes whose values are translated. */
  attributes: ReadonlySet<string>;
  nested: NestedText[];
  /** The site's own heading id delimiters (`%{#id}%`), kept as markup like `{#id}`. */
  headingIds?: AttributeDelimiters;
  /** Maps an offset of the parsed text to an offset of the file (for re-parsed, dedented blocks). */
  map: (offset: number) => number;
}

/** The range of a node in the file. */
export function rangeOf(node: Nodes, ctx: Pick<InlineContext, 'map'>): Range | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined
    ? undefined
    : { start: ctx.map(start), end: ctx.map(end) };
}

// Heading ids ({#id}, { #id }), FastAPI includes ({* file *}) and Hugo shortcodes are kept as they are.
const PROTECTED =
  /[ \t]*\{[ \t]*#[^\s{}]+[ \t]*\}[ \t]*$|\{\*[\s\S]*?\*\}|\{\{[<%][\s\S]*?[>%]\}\}/g;
// In MDX a brace in text was escaped by its author: only a heading id is markup there.
const PROTECTED_MDX = /[ \t]*\{[ \t]*#[^\s{}]+[ \t]*\}[ \t]*$/g;
const OPEN_TAG = /^<([A-Za-z][\w-]*)(\s[^>]*)?>$/;
const CLOSE_TAG = /^<\/([A-Za-z][\w-]*)\s*>$/;
const VOID: ReadonlySet<string> = new Set(htmlVoidElements);
const HTML_ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function emitText(value: string, ctx: InlineContext): void {
  const normal = value.replace(/[ \t]*\r?\n[ \t]*/g, ' ');
  let last = 0;
  const matches = [...normal.matchAll(ctx.mdx ? PROTECTED_MDX : PROTECTED)];
  const own = siteIdPattern(ctx.headingIds, 'g');
  if (own) matches.push(...normal.matchAll(own));
  matches.sort((a, b) => a.index - b.index);
  for (const match of matches) {
    if (match.index < last) continue;
    if (match.index > last) ctx.builder.text(normal.slice(last, match.index));
    ctx.builder.placeholder(match[0]);
    last = match.index + match[0].length;
  }
  if (last < normal.length) ctx.builder.text(normal.slice(last));
}

// Where a link or image title sits in `](url "title")`.
function titleRange(raw: string, offset: number): (Range & { quote: string }) | undefined {
  const closing = raw.lastIndexOf(')');
  const quote = raw[closing - 1];
  if (closing < 1 || (quote !== '"' && quote !== "'" && quote !== ')')) return undefined;
  // The opening quote is the nearest one before that a backslash does not escape.
  const open = quote === ')' ? '(' : quote;
  let opening = raw.lastIndexOf(open, closing - 2);
  while (opening > 0 && /(?:^|[^\\])(?:\\\\)*\\$/.test(raw.slice(0, opening)))
    opening = raw.lastIndexOf(open, opening - 1);
  if (opening <= 0 || !/\s/.test(raw[opening - 1] ?? '')) return undefined;
  return { start: offset + opening + 1, end: offset + closing - 1, quote };
}

function htmlAttributes(raw: string, offset: number, ctx: InlineContext): void {
  for (const match of raw.matchAll(HTML_ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    const value = match[2] ?? match[3] ?? '';
    if (!ctx.attributes.has(name) || value.trim() === '') continue;
    const start = offset + match.index + match[0].length - value.length - 1;
    ctx.nested.push({
      kind: 'attribute',
      name,
      span: { start, end: start + value.length },
      value,
      quote: match[2] === undefined ? "'" : '"',
    });
  }
}

function pair(
  node: Extract<PhrasingContent, { children: PhrasingContent[] }>,
  ctx: InlineContext,
  close?: string,
): void {
  const range = rangeOf(node, ctx);
  const first = node.children[0] && rangeOf(node.children[0], ctx);
  const last = node.children.at(-1) && rangeOf(node.children.at(-1)!, ctx);
  if (!range || !first || !last) {
    if (range) ctx.builder.placeholder(range);
    return;
  }
  ctx.builder.open(
    { start: range.start, end: first.start },
    close ?? { start: last.end, end: range.end },
  );
  emitChildren(node.children, ctx);
  ctx.builder.close();
}

type Handler = (node: PhrasingContent, ctx: InlineContext) => void;

const placeholder: Handler = (node, ctx) => {
  const range = rangeOf(node, ctx);
  if (range) ctx.builder.placeholder(range);
};

/** One handler per phrasing node type; types without one are kept whole as placeholders. */
const handlers: Partial<Record<PhrasingContent['type'], Handler>> = {
  text: (node, ctx) => emitText((node as { value: string }).value, ctx),
  emphasis: (node, ctx) => pair(node as never, ctx),
  strong: (node, ctx) => pair(node as never, ctx),
  delete: (node, ctx) => pair(node as never, ctx),
  link(node, ctx) {
    const link = node as Extract<PhrasingContent, { type: 'link' }>;
    const range = rangeOf(link, ctx);
    if (!range) return;
    // `<https://..>` and bare URLs are the link itself.
    if (!ctx.text.startsWith('[', range.start)) {
      ctx.builder.placeholder(range);
      return;
    }
    const last = link.children.at(-1) && rangeOf(link.children.at(-1)!, ctx);
    if (link.title && last) {
      const title = titleRange(ctx.text.slice(last.end, range.end), last.end);
      if (title)
        ctx.nested.push({
          kind: 'title',
          name: 'title',
          span: title,
          value: link.title,
          quote: title.quote,
        });
    }
    pair(link, ctx);
  },
  linkReference(node, ctx) {
    const reference = node as Extract<PhrasingContent, { type: 'linkReference' }>;
    // `[text][]` and `[text]` name their definition by their text: keep the label when the text changes.
    const label = reference.referenceType === 'full' ? undefined : `][${reference.label ?? ''}]`;
    pair(reference, ctx, label);
  },
  image(node, ctx) {
    const image = node as Extract<PhrasingContent, { type: 'image' }>;
    const range = rangeOf(image, ctx);
    if (!range) return;
    const raw = ctx.text.slice(range.start, range.end);
    let depth = 0;
    let altEnd = -1;
    for (let i = 2; i < raw.length; i++) {
      if (raw[i] === '\\') i++;
      else if (raw[i] === '[') depth++;
      else if (raw[i] === ']' && depth-- === 0) {
        altEnd = i;
        break;
      }
    }
    if (image.alt && altEnd > 2) {
      ctx.nested.push({
        kind: 'alt',
        name: 'alt',
        span: { start: range.start + 2, end: range.start + altEnd },
        value: image.alt,
        quote: '',
      });
    }
    if (image.title && altEnd > 0) {
      const title = titleRange(raw.slice(altEnd), range.start + altEnd);
      if (title)
        ctx.nested.push({
          kind: 'title',
          name: 'title',
          span: title,
          value: image.title,
          quote: title.quote,
        });
    }
    ctx.builder.placeholder(range);
  },
  mdxJsxTextElement(node, ctx) {
    const element = node as unknown as {
      name: string | null;
      children: PhrasingContent[];
      attributes: Array<{
        type: string;
        name?: string;
        value?: unknown;
        position?: { start: { offset?: number }; end: { offset?: number } };
      }>;
    };
    jsxAttributes(element.attributes, ctx);
    const hasText = element.children.some((c) => c.type !== 'text' || c.value.trim() !== '');
    if (hasText && !CODE_ELEMENTS.has(element.name ?? '')) pair(node as never, ctx);
    else placeholder(node, ctx);
  },
};

/** Collects the translatable string attributes of a JSX element as nested units. */
export function jsxAttributes(
  attributes: ReadonlyArray<{
    type: string;
    name?: string;
    value?: unknown;
    position?: { start: { offset?: number }; end: { offset?: number } };
  }>,
  ctx: InlineContext,
): void {
  for (const attribute of attributes) {
    if (
      attribute.type !== 'mdxJsxAttribute' ||
      typeof attribute.value !== 'string' ||
      attribute.value.trim() === ''
    )
      continue;
    if (!attribute.name || !ctx.attributes.has(attribute.name)) continue;
    const start = attribute.position?.start.offset;
    const end = attribute.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    const raw = ctx.text.slice(ctx.map(start), ctx.map(end));
    const quote = raw.at(-1) === "'" ? "'" : '"';
    const valueStart = raw.indexOf(quote);
    if (valueStart === -1) continue;
    ctx.nested.push({
      kind: 'attribute',
      name: attribute.name,
      span: { start: ctx.map(start) + valueStart + 1, end: ctx.map(end) - 1 },
      value: attribute.value,
      quote,
    });
  }
}

// remark-directive reads `:8000` in a URL or `:7` in `hl[6:7]` as text directives; in docs
// they are text, so they rejoin the text around them as written.
function mergeTextDirectives(
  children: readonly PhrasingContent[],
  ctx: InlineContext,
): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of children) {
    const range = rangeOf(node, ctx);
    const asText =
      node.type === 'textDirective' && range
        ? ctx.text.slice(range.start, range.end)
        : node.type === 'text'
          ? node.value
          : undefined;
    const previous = out.at(-1);
    if (asText !== undefined && previous?.type === 'text' && previous.position && node.position) {
      out[out.length - 1] = {
        type: 'text',
        value: previous.value + asText,
        position: { start: previous.position.start, end: node.position.end },
      };
    } else if (asText !== undefined && node.position) {
      out.push({ type: 'text', value: asText, position: node.position });
    } else {
      out.push(node);
    }
  }
  return out;
}

/** Writes phrasing content into the builder, pairing inline HTML tags that open and close. */
export function emitChildren(nodes: readonly PhrasingContent[], ctx: InlineContext): void {
  const children = mergeTextDirectives(nodes, ctx);
  for (let i = 0; i < children.length; i++) {
    const node = children[i]!;
    if (node.type === 'html') {
      const open = OPEN_TAG.exec(node.value.trim());
      const range = rangeOf(node, ctx);
      if (!range) continue;
      // Offsets from the file's own text: a tag over several lines of a paragraph loses the
      // indentation of its continuation lines in the node's value.
      if (/^<[A-Za-z]/.test(node.value.trim()))
        htmlAttributes(ctx.text.slice(range.start, range.end), range.start, ctx);
      const partner =
        open && !VOID.has(open[1]!.toLowerCase()) ? findClose(children, i, open[1]!) : -1;
      const closeRange = partner !== -1 ? rangeOf(children[partner]!, ctx) : undefined;
      // `<code>`, `<kbd>`, `<samp>`, `<var>`, `<pre>` keep their content, like inline code.
      if (closeRange && CODE_ELEMENTS.has(open![1]!.toLowerCase())) {
        ctx.builder.placeholder({ start: range.start, end: closeRange.end });
        i = partner;
        continue;
      }
      if (partner !== -1 && closeRange && partner > i + 1) {
        ctx.builder.open(range, closeRange);
        emitChildren(children.slice(i + 1, partner), ctx);
        ctx.builder.close();
        i = partner;
      } else {
        ctx.builder.placeholder(range);
      }
      continue;
    }
    (handlers[node.type] ?? placeholder)(node, ctx);
  }
}

function findClose(children: readonly PhrasingContent[], open: number, name: string): number {
  let depth = 0;
  for (let i = open + 1; i < children.length; i++) {
    const node = children[i]!;
    if (node.type !== 'html') continue;
    const value = node.value.trim();
    if (OPEN_TAG.exec(value)?.[1]?.toLowerCase() === name.toLowerCase()) depth++;
    const close = CLOSE_TAG.exec(value);
    if (close && close[1]!.toLowerCase() === name.toLowerCase()) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}
