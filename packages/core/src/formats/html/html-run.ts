import type { Element, ElementContent, RootContent } from 'hast';
import { hasTextOutsideTemplates, type TemplateSyntax } from '../../segments/template-tags.js';
import { ATOMIC, isElement, isTranslated, VOID } from './html-elements.js';
import {
  MOVED_TEXT,
  type Piece,
  type PieceContext,
  textNodePieces,
  UncertainText,
} from './html-pieces.js';
import { closingRange, nodeRange, openingRange, type Range } from './html-tree.js';

/** What reading a run of inline content needs. */
export interface RunContext extends PieceContext {
  /** Added to every offset of the tree (non-zero for HTML inside `<script type="text/html">`). */
  shift: number;
  /** Collects the translatable attributes of an element of the run. */
  attributes(element: Element, path: string): void;
  /** Collects what is translatable inside an element the run keeps whole as a placeholder. */
  inside(element: Element, translated: boolean, path: string): void;
}

/** Whether nodes hold text to translate: outside template tags, code and `translate="no"`. */
export function hasText(
  nodes: readonly (RootContent | ElementContent)[],
  templates: readonly TemplateSyntax[],
): boolean {
  return nodes.some(
    (n) =>
      (n.type === 'text' && hasTextOutsideTemplates(n.value, templates)) ||
      (isElement(n) && elementHasText(n, templates)),
  );
}

// Every run an inline element sits in asks about its text again, once per ancestor: each
// element's answer is kept, per list of template syntaxes, as long as its tree lives.
const ELEMENT_TEXT = new WeakMap<readonly TemplateSyntax[], WeakMap<Element, boolean>>();

function elementHasText(element: Element, templates: readonly TemplateSyntax[]): boolean {
  let known = ELEMENT_TEXT.get(templates);
  if (!known) {
    known = new WeakMap();
    ELEMENT_TEXT.set(templates, known);
  }
  let answer = known.get(element);
  if (answer === undefined) {
    answer =
      !ATOMIC.has(element.tagName) &&
      isTranslated(element, true) &&
      hasText(element.children, templates);
    known.set(element, answer);
  }
  return answer;
}

function uncertain(offset: number, message: string): UncertainText {
  return new UncertainText(offset, false, message);
}

/**
 * The pieces of a run of text and inline elements, in the tree's structure: inline elements
 * with text are pairs, the others placeholders. Throws UncertainText when a node has no
 * position, nodes are out of source order, or a text's source is not its text.
 */
export function runPieces(
  nodes: readonly ElementContent[],
  ctx: RunContext,
  path: string,
): Piece[] {
  const out: Piece[] = [];
  emit(nodes, ctx, out, undefined, undefined, path);
  return out;
}

function emit(
  nodes: readonly ElementContent[],
  ctx: RunContext,
  out: Piece[],
  from: number | undefined,
  to: number | undefined,
  path: string,
): void {
  let cursor = from;
  // The end of a template tag whose closer lies beyond the text node it starts in.
  let protectedUntil = -1;
  // Bytes the tree does not hold (a tag the parser ignored) are kept as placeholders; a tag
  // of another node there means the parser moved this node away from it.
  const gap = (until: number) => {
    const start = Math.max(cursor ?? until, protectedUntil);
    if (until <= start) return;
    if (ctx.tagStarts.within(start, until))
      throw new UncertainText(start, true, 'the HTML parser moved markup out of its place here');
    out.push({ type: 'x', range: { start, end: until }, structural: true });
  };
  const extendTag = (end: number) => {
    const tag = out.at(-1) as Extract<Piece, { type: 'x' }>;
    tag.range = { start: tag.range.start, end };
    protectedUntil = end;
  };
  const levelEnd = to ?? nodeRange(nodes.at(-1)!, ctx.shift)?.end ?? 0;
  for (const node of nodes) {
    const range = nodeRange(node, ctx.shift);
    if (!range) {
      if (isElement(node) && hasText([node], ctx.templates))
        throw uncertain(cursor ?? 0, 'the HTML parser made an element that is not in the source');
      continue;
    }
    if (cursor !== undefined && range.start < cursor)
      throw uncertain(range.start, 'the HTML parser reordered the markup here');
    if (range.end <= protectedUntil) {
      cursor = range.end;
      continue;
    }
    if (range.start < protectedUntil && node.type !== 'text') {
      // A template tag that holds markup (`<%= link_to '<b>x</b>' %>`) takes the element whole.
      extendTag(range.end);
      cursor = range.end;
      continue;
    }
    gap(range.start);
    cursor = range.end;
    if (node.type === 'text') {
      const from = Math.max(range.start, protectedUntil);
      const closer = textNodePieces(ctx, range, node.value, from, out);
      if (closer) {
        const at = ctx.text.indexOf(closer, range.end);
        if (at !== -1 && at + closer.length <= levelEnd) extendTag(at + closer.length);
      }
    } else if (isElement(node)) {
      element(node, range, ctx, out, `${path}/${node.tagName}`);
    } else {
      out.push({ type: 'x', range, structural: false });
    }
  }
  if (to !== undefined) {
    if (cursor !== undefined && cursor > to)
      throw uncertain(to, 'the HTML parser reordered the markup here');
    gap(to);
  }
}

function element(node: Element, range: Range, ctx: RunContext, out: Piece[], path: string): void {
  const translated = isTranslated(node, true);
  if (translated) ctx.attributes(node, path);
  const opening = openingRange(node, ctx.shift);
  if (
    ATOMIC.has(node.tagName) ||
    !translated ||
    !opening ||
    !hasText(node.children, ctx.templates)
  ) {
    // An element left open takes in whatever follows it: at the edge of a unit it stays out.
    const open = !VOID.has(node.tagName) && !closingRange(node, ctx.shift);
    out.push({ type: 'x', range, structural: open });
    ctx.inside(node, translated, path);
    return;
  }
  const closing = closingRange(node, ctx.shift);
  if (opening.start !== range.start || (closing && closing.end !== range.end))
    throw uncertain(range.start, 'the HTML parser reordered the markup here');
  out.push({ type: 'open', open: opening, close: closing ?? '' });
  emit(node.children, ctx, out, opening.end, closing?.start, path);
  out.push({ type: 'close' });
}

/**
 * The pieces of a run in source order, for markup the parser reordered (`<b><i></b></i>`):
 * every tag is a placeholder where it stands and text is text where it stands. Throws
 * UncertainText when text was moved or pieces overlap.
 */
export function flatRunPieces(
  nodes: readonly ElementContent[],
  ctx: RunContext,
  path: string,
): Piece[] {
  const leaves: Array<{ range: Range; text?: string }> = [];
  const collect = (node: ElementContent, parent: string) => {
    const range = nodeRange(node, ctx.shift);
    if (node.type === 'text') {
      if (!range)
        throw new UncertainText(0, true, 'the HTML parser made text that is not in the source');
      leaves.push({ range, text: node.value });
      return;
    }
    if (!isElement(node)) {
      if (range) leaves.push({ range });
      return;
    }
    const here = `${parent}/${node.tagName}`;
    const translated = isTranslated(node, true);
    if (translated) ctx.attributes(node, here);
    if (ATOMIC.has(node.tagName) || !translated || !hasText(node.children, ctx.templates)) {
      if (range) leaves.push({ range });
      ctx.inside(node, translated, here);
      return;
    }
    const opening = openingRange(node, ctx.shift);
    const closing = closingRange(node, ctx.shift);
    if (opening) leaves.push({ range: opening });
    for (const child of node.children) collect(child, here);
    if (closing) leaves.push({ range: closing });
  };
  for (const node of nodes) collect(node, path);
  leaves.sort((a, b) => a.range.start - b.range.start || b.range.end - a.range.end);
  const out: Piece[] = [];
  let cursor: number | undefined;
  for (const leaf of leaves) {
    // The parser repeats a start tag for each element it re-opens: one placeholder is enough.
    if (cursor !== undefined && leaf.range.end <= cursor && leaf.text === undefined) continue;
    if (cursor !== undefined && leaf.range.start < cursor)
      throw new UncertainText(leaf.range.start, true, MOVED_TEXT);
    if (cursor !== undefined && leaf.range.start > cursor) {
      if (ctx.tagStarts.within(cursor, leaf.range.start))
        throw new UncertainText(cursor, true, 'the HTML parser moved markup out of its place here');
      out.push({ type: 'x', range: { start: cursor, end: leaf.range.start }, structural: true });
    }
    if (leaf.text === undefined) out.push({ type: 'x', range: leaf.range, structural: false });
    else textNodePieces(ctx, leaf.range, leaf.text, leaf.range.start, out);
    cursor = leaf.range.end;
  }
  return out;
}
