import { createHash } from 'node:crypto';
import type { Heading, Nodes, Parents, PhrasingContent, Root } from 'mdast';
import type { SourceFile } from '../../document/source-file.js';
import { renderSegment } from '../../segments/render-segment.js';
import { type Original, SegmentBuilder } from '../../segments/segment-markup.js';
import type { AdapterUnit } from '../format-adapter.js';
import { CODE_ELEMENTS } from '../html/html-elements.js';
import { writeHtmlUnit } from '../html/html-render.js';
import { escapeHtmlAttribute, parseHtml } from '../html/html-tree.js';
import { extractHtmlUnits } from '../html/html-units.js';
import {
  escapeMarkdownText,
  type MarkdownTextContext,
  sourceSpellings,
  unescapeMarkdownText,
} from './escape-markdown.js';
import { encodeFrontMatterValue, frontMatterUnits } from './front-matter.js';
import type { HeadingAnchor } from './heading-anchors.js';
import {
  emitChildren,
  type InlineContext,
  jsxAttributes,
  type NestedText,
  type Range,
  rangeOf,
} from './markdown-inline.js';
import type { ContainerTitle, PreparedMarkdown } from './prepare-markdown.js';

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
  /** Source anchors of the headings, when translated headings must keep them. */
  anchors?: ReadonlyMap<Heading, HeadingAnchor>;
  /** Container titles found while preparing the text. */
  titles?: readonly ContainerTitle[];
  /** Container fence and tab lines with nothing to translate (see {@link PreparedMarkdown}). */
  markup?: readonly Range[];
}

const ADMONITION = /^(?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+"([^"]*)")?[ \t]*$/;
const BLOCK_MARKER = /^\/\/\/(?:[ \t].*)?$/;
const SNIPPET_LINE = /^[ \t]{0,3}<<<[ \t]+\S.*$/;
const SCRIPT_BLOCK = /^\s*<(?:script|style)\b/i;
const INCLUDE_LINE = /^\s*<!--\s*@include:[^\n]*-->\s*$/;
const ALERT = /^\[![A-Za-z]+\][ \t]*\r?\n[ \t]*(?:>[ \t]?)*/;
const HEADING_ID = /[ \t]*\{[ \t]*#[^\s{}]+[ \t]*\}[ \t]*$/;
// An empty anchor at a heading's end, as written to keep a source anchor where ids cannot be set.
const ANCHOR_OPEN = /^<(?:span|a)\s+id=["'][^"'\s]+["']\s*>$/;
const ANCHOR_CLOSE = /^<\/(?:span|a)>$/;
const SHORTCODE_OPEN = /^\{\{<\s*([\w-]+)[^>]*>\}\}[ \t]*$/gm;

function hash(text: string): string {
  return createHash('sha1').update(text).digest('hex').slice(0, 8);
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

// An indented block's text without its indentation, and where each of its offsets is in the file.
function dedent(text: string, range: Range): { body: string; map: (offset: number) => number } {
  const lines = text.slice(range.start, range.end).split('\n');
  const starts: Array<{ body: number; file: number }> = [];
  let body = '';
  let offset = range.start;
  for (const line of lines) {
    const indent = /^(?: {1,4}|\t)/.exec(line)?.[0].length ?? 0;
    starts.push({ body: body.length, file: offset + indent });
    body += `${line.slice(indent)}\n`;
    offset += line.length + 1;
  }
  return {
    body,
    map: (o) => {
      let i = starts.length - 1;
      while (i > 0 && starts[i]!.body > o) i--;
      return starts[i]!.file + (o - starts[i]!.body);
    },
  };
}

// Where an empty `<span id>` (or `<a id>`) closes a heading: Markdown reads it as two HTML
// nodes, MDX as one element without children. -1 when there is none.
function trailingAnchor(children: readonly PhrasingContent[]): number {
  const last = children.at(-1);
  if (last?.type === 'mdxJsxTextElement') {
    const only = last.attributes.length === 1 ? last.attributes[0] : undefined;
    const name = last.name === 'span' || last.name === 'a';
    return name &&
      last.children.length === 0 &&
      only?.type === 'mdxJsxAttribute' &&
      only.name === 'id'
      ? children.length - 1
      : -1;
  }
  const open = children.at(-2);
  return last?.type === 'html' &&
    ANCHOR_CLOSE.test(last.value) &&
    open?.type === 'html' &&
    ANCHOR_OPEN.test(open.value)
    ? children.length - 2
    : -1;
}

// The ranges of the text nodes of phrasing content, nested ones included: where the source
// wrote the text a translation replaces, escapes and all.
function textRanges(nodes: readonly PhrasingContent[], map: (o: number) => number): Range[] {
  const out: Range[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      const range = rangeOf(node, { map });
      if (range) out.push(range);
    } else if ('children' in node) {
      out.push(...textRanges(node.children as PhrasingContent[], map));
    }
  }
  return out;
}

/** Reads the units of a Markdown or MDX document in document order. */
export function extractMarkdownUnits(
  file: SourceFile,
  root: Root,
  settings: MarkdownSettings,
): MarkdownUnit[] {
  const text = file.text;
  const units: MarkdownUnit[] = [];
  const seen = new Map<string, number>();
  const excluded = shortcodeRanges(text);
  const htmlSeen = new Map<string, number>();
  const id = (base: string) => {
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}#${count}`;
  };
  const copyOriginal = (copy: (s: number, e: number) => string) => (o: Original) =>
    typeof o === 'string' ? o : copy(o.start, o.end);

  const nestedUnit = (nested: NestedText, path: string) => {
    const builder = new SegmentBuilder(text);
    const segment = builder.text(nested.value).take();
    // One line: a blank line would end the element, image or link the text sits in.
    const oneLine = (t: string) => t.replace(/[ \t]*\r?\n\s*/g, ' ');
    const escapeFor =
      nested.kind === 'alt'
        ? settings.mdx
          ? // MDX reads alt text as Markdown text too, where `<` and `{` start JSX and expressions.
            (t: string) =>
              escapeMarkdownText(t, { mdx: true, table: false, blockStart: false }).replace(
                // Alt text leaves a directive's text out, whatever follows it.
                /(?<!\\):(?=[\p{N}_-])/gu,
                '\\:',
              )
          : (t: string) => t.replace(/[\\[\]]/g, '\\$&')
        : nested.kind === 'title'
          ? (t: string) =>
              t
                .replace(/\\/g, '\\\\')
                .replace(nested.quote === '(' ? /\)/g : new RegExp(nested.quote, 'g'), '\\$&')
                // MDX reads a `<` or `{` in a title as JSX or an expression too.
                .replace(settings.mdx ? /[<{}]/g : /$^/g, '\\$&')
          : (t: string) => escapeHtmlAttribute(t, nested.quote);
    const encode = (t: string) => escapeFor(oneLine(t));
    units.push({
      id: id(
        `${nested.kind === 'attribute' ? `attr-${nested.name}` : nested.kind}:${hash(segment)}`,
      ),
      segment,
      path: `${path}@${nested.name}`,
      ...file.position(nested.span.start),
      markup: builder.markup(),
      span: nested.span,
      write: (translation) =>
        renderSegment(translation, builder.markup(), { text: encode, original: (o) => String(o) }),
    });
  };

  // The translatable attributes of a JSX element, each a unit of its own.
  const jsxNested = (
    attributes: Parameters<typeof jsxAttributes>[0],
    path: string,
    map: (o: number) => number,
  ) => {
    const nested: NestedText[] = [];
    jsxAttributes(attributes, {
      text,
      mdx: true,
      builder: new SegmentBuilder(text),
      attributes: settings.attributes,
      nested,
      map,
    });
    for (const n of nested) nestedUnit(n, path);
  };

  const phrasing = (
    node: Parents,
    children: readonly PhrasingContent[],
    path: string,
    context: MarkdownTextContext,
    map: (o: number) => number,
  ) => {
    const range = rangeOf(node, { map });
    const first = children[0] && rangeOf(children[0], { map });
    const last = children.at(-1) && rangeOf(children.at(-1)!, { map });
    if (!range || !first || !last) return;
    const builder = new SegmentBuilder(text);
    const nested: NestedText[] = [];
    const ctx: InlineContext = {
      text,
      mdx: settings.mdx,
      builder,
      attributes: settings.attributes,
      nested,
      map,
    };
    let rest = children;
    let spanStart = first.start;
    let spanEnd = last.end;
    // Markers at the edges stay outside the unit, where no translation can move them: a
    // GitHub alert's `[!NOTE]` with its line break, and a heading's `{#id}` or `{/*id*/}`.
    const head = children[0];
    if (head?.type === 'text') {
      const alert = ALERT.exec(text.slice(first.start));
      if (alert && head.value.startsWith(alert[0].slice(0, alert[0].indexOf(']') + 1))) {
        spanStart = first.start + alert[0].length;
        const remaining = head.value.slice(head.value.indexOf('\n') + 1).replace(/^[ \t]*/, '');
        rest =
          remaining === ''
            ? children.slice(1)
            : [{ ...head, value: remaining }, ...children.slice(1)];
      }
    }
    const marker = node.type === 'heading' ? trailingAnchor(rest) : -1;
    if (marker !== -1) {
      spanEnd = rangeOf(rest[marker]!, { map })?.start ?? spanEnd;
      rest = rest.slice(0, marker);
    }
    const tail = rest.at(-1);
    if (node.type === 'heading' && tail?.type === 'mdxTextExpression') {
      spanEnd = rangeOf(tail, { map })?.start ?? spanEnd;
      rest = rest.slice(0, -1);
    } else if (node.type === 'heading' && tail?.type === 'text') {
      const id = HEADING_ID.exec(tail.value);
      if (id && text.slice(last.end - id[0].length, last.end) === id[0]) {
        spanEnd = last.end - id[0].length;
        rest = [...rest.slice(0, -1), { ...tail, value: tail.value.slice(0, -id[0].length) }];
      }
    }
    // Whitespace left at the new end stays outside too, in the span and in the text.
    if (spanEnd !== last.end) {
      while (spanEnd > spanStart && /[ \t]/.test(text[spanEnd - 1]!)) spanEnd--;
      const end = rest.at(-1);
      if (end?.type === 'text')
        rest = [...rest.slice(0, -1), { ...end, value: end.value.replace(/[ \t]+$/, '') }];
    }
    emitChildren(rest, ctx);
    const spellings = sourceSpellings(text, textRanges(rest, map));
    const written = spellings.size > 0 ? { ...context, spellings } : context;
    const segment = builder.take();
    for (const n of nested) nestedUnit(n, path);
    if (!/[^\s]/.test(segment.replace(/<x id="[^"]*"\/>|<\/?g[^>]*>|&[a-z]+;/g, ''))) return;
    const markup = builder.markup();
    const anchor = node.type === 'heading' ? settings.anchors?.get(node) : undefined;
    units.push({
      id: id(`${node.type}:${hash(segment)}`),
      segment,
      path,
      ...file.position(first.start),
      markup,
      span: { start: spanStart, end: spanEnd },
      write: (translation, copy) => {
        // Only the text the unit starts with is at the start of its block.
        let first = true;
        const inside = { ...written, blockStart: false };
        return renderSegment(translation, markup, {
          text: (t) => {
            const out = escapeMarkdownText(t, first ? written : inside);
            first = false;
            return out;
          },
          original: (o) => {
            first = false;
            return copyOriginal(copy)(o);
          },
        });
      },
      ...(anchor ? { heading: { anchor, end: spanEnd } } : {}),
      phrasing: true,
    });
  };

  for (const [index, title] of (settings.titles ?? []).entries()) {
    const builder = new SegmentBuilder(text);
    // MDX reads a label as Markdown text: its escapes are not part of the text.
    const segment = builder
      .text(settings.mdx ? unescapeMarkdownText(title.value) : title.value)
      .take();
    units.push({
      id: id(`container:${hash(segment)}`),
      segment,
      path: `/container[${index}]`,
      ...file.position(title.start),
      markup: builder.markup(),
      span: title,
      write: (translation) =>
        renderSegment(translation, builder.markup(), {
          text: (t) => {
            const line = t.replace(/\s*\n\s*/g, ' ');
            // In MDX a label is read as Markdown text, where `<` and `{` start JSX and expressions.
            if (settings.mdx)
              return escapeMarkdownText(line, { mdx: true, table: false, blockStart: false });
            return title.bracket ? line.replace(/[\\[\]]/g, '\\$&') : line;
          },
          original: (o) => String(o),
        }),
    });
  }

  // Markup a target gets from its source (import lines pointed at the source, a fence as
  // written): no text to send, but a person's edit of it in a target is theirs to keep.
  const kinds = new Map<string, number>();
  const derivedUnit = (range: Range | undefined, kind: string) => {
    if (!range || text.slice(range.start, range.end).trim() === '') return;
    const builder = new SegmentBuilder(text);
    const segment = builder.text(text.slice(range.start, range.end)).take();
    const markup = builder.markup();
    const index = kinds.get(kind) ?? 0;
    kinds.set(kind, index + 1);
    // Named by kind and place among its kind, not by text: when the source's import line
    // changes, the lock still knows what was written there (a person's edit of the old line
    // is told from Transloom's), and prose inserted above moves nothing.
    const path = `/markup:${kind}[${index}]`;
    units.push({
      id: path.slice(1),
      segment,
      path,
      ...file.position(range.start),
      markup,
      span: range,
      derived: true,
      write: (translation) =>
        renderSegment(translation, markup, { text: (t) => t, original: (o) => String(o) }),
    });
  };
  for (const line of settings.markup ?? []) derivedUnit(line, 'fence');

  const html = (node: Nodes, map: (o: number) => number) => {
    const range = rangeOf(node, { map });
    if (!range || map(0) !== 0) return;
    const root = parseHtml(text.slice(range.start, range.end), { fragment: true });
    for (const unit of extractHtmlUnits(file, root, {
      attributes: [...settings.attributes],
      shift: range.start,
      seen: htmlSeen,
    })) {
      units.push({
        ...unit,
        write: (translation, copy) => writeHtmlUnit(unit, translation, copyOriginal(copy)),
      });
    }
  };

  const walk = (
    node: Nodes,
    path: string,
    map: (o: number) => number,
    siblings?: readonly Nodes[],
    index?: number,
  ): void => {
    const range = rangeOf(node, { map });
    // TOML front matter (`+++`) is configuration, not prose.
    if ((node.type as string) === 'toml') return;
    if (
      range &&
      excluded.some((x) => range.start < x.end && range.end > x.start && node.type !== 'root')
    )
      return;
    switch (node.type) {
      case 'yaml': {
        if (!range) return;
        const startLine = text.indexOf('\n', range.start) + 1;
        const endLine = text.lastIndexOf('\n', range.end - 1);
        for (const unit of frontMatterUnits(
          file,
          text.slice(startLine, endLine + 1),
          startLine,
          settings.frontMatterKeys,
        )) {
          units.push({
            ...unit,
            write: (translation) =>
              encodeFrontMatterValue(
                renderSegment(translation, unit.markup, {
                  text: (t) => t,
                  original: (o) => String(o),
                }),
                unit,
              ),
          });
        }
        return;
      }
      case 'paragraph': {
        const raw = range ? text.slice(range.start, range.end) : '';
        if (BLOCK_MARKER.test(raw)) return;
        // VitePress's `<<< ./file.js` snippet imports: a path, no prose.
        if (!settings.mdx && SNIPPET_LINE.test(raw)) {
          if (map(0) === 0) derivedUnit(range, 'snippet');
          return;
        }
        const admonition = ADMONITION.exec(raw);
        if (admonition) {
          if (admonition[1] && range) {
            const start = range.start + raw.indexOf('"') + 1;
            nestedUnit(
              {
                kind: 'title',
                name: 'admonition',
                span: { start, end: start + admonition[1].length },
                value: admonition[1],
                quote: '"',
              },
              path,
            );
          }
          // The indented body that follows reads as a code block in CommonMark: parse it as Markdown.
          const body = siblings?.[index! + 1];
          const bodyRange = body?.type === 'code' && rangeOf(body, { map });
          if (bodyRange && map(0) === 0) {
            const lineStart = text.lastIndexOf('\n', bodyRange.start) + 1;
            const block = dedent(text, { start: lineStart, end: bodyRange.end });
            const inner = settings.parse(block.body);
            for (const [i, child] of inner.children.entries()) {
              walk(child, `${path}/admonition[${i}]`, block.map, inner.children, i);
            }
          }
          return;
        }
        // JSX elements on lines of their own (`<TabItem label="a">Text</TabItem>` twice): one
        // unit each, so each keeps its text and its line.
        const elements = node.children.filter((c) => c.type === 'mdxJsxTextElement');
        if (
          elements.length > 1 &&
          node.children.every(
            (c) => c.type === 'mdxJsxTextElement' || (c.type === 'text' && c.value.trim() === ''),
          )
        ) {
          for (const [i, element] of elements.entries()) {
            jsxNested(element.attributes, `${path}/jsx[${i}]`, map);
            phrasing(
              element,
              element.children,
              `${path}/jsx[${i}]`,
              { mdx: true, table: false, blockStart: false },
              map,
            );
          }
          return;
        }
        phrasing(
          node,
          node.children,
          path,
          { mdx: settings.mdx, table: false, blockStart: true },
          map,
        );
        return;
      }
      case 'heading':
        phrasing(
          node,
          node.children,
          path,
          { mdx: settings.mdx, table: false, blockStart: false },
          map,
        );
        return;
      case 'tableCell':
        phrasing(
          node,
          node.children,
          path,
          { mdx: settings.mdx, table: true, blockStart: false },
          map,
        );
        return;
      case 'leafDirective':
        phrasing(
          node,
          node.children,
          path,
          { mdx: settings.mdx, table: false, blockStart: false },
          map,
        );
        return;
      case 'html':
        // A page's `<script>` and `<style>` blocks (VitePress compiles a page as a Vue
        // component) and VitePress includes are code and paths, no prose.
        if (SCRIPT_BLOCK.test(node.value) || INCLUDE_LINE.test(node.value)) {
          if (map(0) === 0)
            derivedUnit(range, SCRIPT_BLOCK.test(node.value) ? 'script' : 'include');
          return;
        }
        html(node, map);
        return;
      case 'mdxjsEsm':
        derivedUnit(range, 'esm');
        return;
      case 'code':
      case 'definition':
      case 'thematicBreak':
      case 'mdxFlowExpression':
        return;
      case 'mdxJsxFlowElement': {
        jsxNested(node.attributes, path, map);
        if (CODE_ELEMENTS.has(node.name ?? '')) return;
        break;
      }
      default:
        break;
    }
    if ('children' in node) {
      const children = node.children as Nodes[];
      for (const [i, child] of children.entries())
        walk(child, `${path}/${child.type}[${i}]`, map, children, i);
    }
  };

  walk(root, '', (o) => o);
  return units.sort((a, b) => a.span.start - b.span.start);
}
