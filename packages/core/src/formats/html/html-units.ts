import { createHash } from 'node:crypto';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { find, html as htmlSchema } from 'property-information';
import type { SourceFile } from '../../document/source-file.js';
import { SegmentBuilder } from '../../segments/segment-markup.js';
import type { AdapterUnit } from '../format-adapter.js';
import {
  attributeRange,
  attributeValueRange,
  closingRange,
  nodeRange,
  openingRange,
  parseHtml,
  type Range,
} from './html-tree.js';

/** A unit of an HTML document: a run of text with inline markup, or an attribute value. */
export interface HtmlUnit extends AdapterUnit {
  kind: 'text' | 'attribute';
  span: Range;
  /** Quote of an attribute value ('' when unquoted). */
  quote: string;
}

/** Attributes translated by default. */
export const DEFAULT_HTML_ATTRIBUTES = [
  'alt',
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'label',
];

// Form controls (`label`, `button`, `select`, `textarea`) are UI strings of their own, not
// part of a sentence, so they are left out and bound units themselves.
const INLINE = new Set([
  'a',
  'abbr',
  'acronym',
  'b',
  'bdi',
  'bdo',
  'big',
  'br',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'img',
  'input',
  'ins',
  'kbd',
  'mark',
  'meter',
  'output',
  'progress',
  'q',
  'ruby',
  'rp',
  'rt',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'svg',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
  'math',
]);
/** Inline elements kept whole, never translated inside. */
const ATOMIC = new Set([
  'br',
  'img',
  'input',
  'wbr',
  'svg',
  'math',
  'code',
  'kbd',
  'samp',
  'var',
  'select',
  'textarea',
  'meter',
  'progress',
  'output',
]);
/** Elements whose content is never translated. */
const SKIP = new Set([
  'script',
  'style',
  'code',
  'pre',
  'textarea',
  'svg',
  'math',
  'noscript',
  'iframe',
  'object',
  'canvas',
]);
const META_NAMES = new Set([
  'description',
  'twitter:title',
  'twitter:description',
  'twitter:image:alt',
]);
const META_PROPERTIES = new Set(['og:title', 'og:description', 'og:site_name', 'og:image:alt']);
const BUTTON_TYPES = new Set(['button', 'submit', 'reset']);
const ASCII_SPACE = /[ \t\n\r\f]+/g;

function isElement(node: RootContent | ElementContent | Root): node is Element {
  return node.type === 'element';
}

function noTranslate(element: Element): boolean {
  const classes = element.properties.className;
  return (
    element.properties.translate === 'no' ||
    (Array.isArray(classes) && classes.includes('notranslate'))
  );
}

function hasBlock(element: Element): boolean {
  return element.children.some((c) => isElement(c) && (!INLINE.has(c.tagName) || hasBlock(c)));
}

function hasText(nodes: readonly (RootContent | ElementContent)[]): boolean {
  return nodes.some(
    (n) =>
      (n.type === 'text' && n.value.replace(ASCII_SPACE, '') !== '') ||
      (isElement(n) && !ATOMIC.has(n.tagName) && !noTranslate(n) && hasText(n.children)),
  );
}

function hash(text: string): string {
  return createHash('sha1').update(text).digest('hex').slice(0, 8);
}

/** Reads the units of an HTML document (or fragment) in document order. */
export function extractHtmlUnits(
  file: SourceFile,
  root: Root,
  options: { attributes: readonly string[]; shift?: number; seen?: Map<string, number> },
): HtmlUnit[] {
  const text = file.text;
  const units: HtmlUnit[] = [];
  const seen = options.seen ?? new Map<string, number>();
  const attributeNames = new Set(options.attributes);

  const push = (
    kind: HtmlUnit['kind'],
    tag: string,
    span: Range,
    segment: string,
    builder: SegmentBuilder,
    path: string,
    quote = '',
  ) => {
    const base = `${tag}:${hash(segment)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    units.push({
      id: count === 1 ? base : `${base}#${count}`,
      segment,
      path,
      ...file.position(span.start),
      markup: builder.markup(),
      kind,
      span,
      quote,
    });
  };

  const attribute = (element: Element, name: string, shift: number, path: string) => {
    const info = find(htmlSchema, name);
    const value = element.properties[info.property];
    if (typeof value !== 'string' || value.replace(ASCII_SPACE, '') === '') return;
    const range = attributeRange(element, info.property, shift);
    const valueRange = range && attributeValueRange(text, range);
    if (!valueRange) return;
    const builder = new SegmentBuilder(text);
    const segment = builder.text(value.replace(ASCII_SPACE, ' ').trim()).take();
    push(
      'attribute',
      `${element.tagName}@${name}`,
      valueRange,
      segment,
      builder,
      `${path}@${name}`,
      valueRange.quote,
    );
  };

  const attributes = (element: Element, shift: number, path: string) => {
    for (const name of attributeNames) attribute(element, name, shift, path);
    const props = element.properties;
    if (element.tagName === 'meta') {
      const metaName = String(props.name ?? '').toLowerCase();
      const property = String(props.property ?? '').toLowerCase();
      if (META_NAMES.has(metaName) || META_PROPERTIES.has(property))
        attribute(element, 'content', shift, path);
    }
    if (
      (element.tagName === 'input' && BUTTON_TYPES.has(String(props.type ?? '').toLowerCase())) ||
      element.tagName === 'button'
    ) {
      attribute(element, 'value', shift, path);
    }
  };

  // Attributes inside an element kept whole as a placeholder (an <img alt> inside an <a>).
  const descendantAttributes = (node: Element, shift: number, path: string) => {
    for (const child of node.children) {
      if (!isElement(child) || noTranslate(child)) continue;
      attributes(child, shift, `${path}/${child.tagName}`);
      if (!SKIP.has(child.tagName)) descendantAttributes(child, shift, `${path}/${child.tagName}`);
    }
  };

  // A run of text and inline elements becomes one unit; inline elements around text are
  // pairs, others (and untranslatable ones) placeholders.
  const emit = (
    nodes: readonly ElementContent[],
    builder: SegmentBuilder,
    shift: number,
    trim: boolean,
    path: string,
  ) => {
    // Bytes between positioned nodes (a `</br>` parse5 turned into a node without a position)
    // are kept as placeholders, so nothing inside a unit is ever lost.
    let cursor: number | undefined;
    const gap = (to: number | undefined) => {
      if (cursor !== undefined && to !== undefined && to > cursor)
        builder.placeholder({ start: cursor, end: to });
    };
    nodes.forEach((node, index) => {
      const here = nodeRange(node, shift);
      if (!here) return;
      gap(here.start);
      cursor = here.end;
      if (node.type === 'text') {
        let value = node.value.replace(ASCII_SPACE, ' ');
        if (trim && index === 0) value = value.trimStart();
        if (trim && index === nodes.length - 1) value = value.trimEnd();
        builder.text(value);
        return;
      }
      const range = nodeRange(node, shift);
      if (!range) return;
      if (node.type !== 'element') {
        builder.placeholder(range);
        return;
      }
      if (!noTranslate(node)) attributes(node, shift, `${path}/${node.tagName}`);
      const opening = openingRange(node, shift);
      if (ATOMIC.has(node.tagName) || noTranslate(node) || !hasText(node.children) || !opening) {
        builder.placeholder(range);
        if (!noTranslate(node) && !SKIP.has(node.tagName))
          descendantAttributes(node, shift, `${path}/${node.tagName}`);
        return;
      }
      const closing = closingRange(node, shift);
      builder.open(opening, closing ?? '');
      emit(node.children, builder, shift, false, `${path}/${node.tagName}`);
      const lastChild = node.children.at(-1);
      const innerEnd = lastChild ? nodeRange(lastChild, shift)?.end : opening.end;
      if (closing && innerEnd !== undefined && closing.start > innerEnd)
        builder.placeholder({ start: innerEnd, end: closing.start });
      builder.close();
    });
  };

  const flush = (run: ElementContent[], shift: number, tag: string, path: string) => {
    if (!hasText(run)) {
      for (const node of run)
        if (isElement(node) && !noTranslate(node))
          emit([node], new SegmentBuilder(text), shift, false, path);
      return;
    }
    // Whitespace at the ends of the run stays outside the unit.
    const first = nodeRange(run[0]!, shift);
    const last = nodeRange(run.at(-1)!, shift);
    if (!first || !last) return;
    const start = first.start + /^[ \t\n\r\f]*/.exec(text.slice(first.start, first.end))![0].length;
    const end = last.end - /[ \t\n\r\f]*$/.exec(text.slice(last.start, last.end))![0].length;
    const builder = new SegmentBuilder(text);
    emit(run, builder, shift, true, path);
    push('text', tag, { start, end }, builder.take(), builder, path);
  };

  const container = (
    children: readonly (RootContent | ElementContent)[],
    shift: number,
    tag: string,
    path: string,
  ) => {
    let run: ElementContent[] = [];
    children.forEach((child, index) => {
      const inline =
        child.type === 'text' ||
        child.type === 'comment' ||
        (isElement(child) && INLINE.has(child.tagName) && !hasBlock(child));
      if (inline) {
        run.push(child as ElementContent);
        return;
      }
      flush(run, shift, tag, path);
      run = [];
      if (isElement(child)) element(child, shift, `${path}/${child.tagName}[${index}]`);
    });
    flush(run, shift, tag, path);
  };

  const element = (node: Element, shift: number, path: string) => {
    if (noTranslate(node)) return;
    attributes(node, shift, path);
    if (
      node.tagName === 'script' &&
      String(node.properties.type ?? '').toLowerCase() === 'text/html'
    ) {
      const inner = node.children[0];
      const range = inner && nodeRange(inner, shift);
      if (range) {
        const fragment = parseHtml(text.slice(range.start, range.end), { fragment: true });
        container(fragment.children, range.start, 'script', `${path}/#html`);
      }
      return;
    }
    if (SKIP.has(node.tagName)) return;
    if (node.tagName === 'template' && node.content) {
      container(node.content.children, shift, 'template', `${path}/#content`);
      return;
    }
    container(node.children, shift, node.tagName, path);
  };

  container(root.children, options.shift ?? 0, 'root', '');
  return units.sort((a, b) => a.span.start - b.span.start);
}
