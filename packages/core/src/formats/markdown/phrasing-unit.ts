import type { Parents, PhrasingContent } from 'mdast';
import { renderSegment } from '../../segments/render-segment.js';
import { SegmentBuilder, type SegmentMarkup } from '../../segments/segment-markup.js';
import {
  escapeMarkdownText,
  type MarkdownTextContext,
  sourceSpellings,
} from './escape-markdown.js';
import { siteIdPattern } from './heading-anchors.js';
import {
  copyOriginal,
  type MarkdownExtraction,
  type OffsetMap,
  shortHash,
} from './markdown-extraction.js';
import { emitChildren, type NestedText, type Range, rangeOf } from './markdown-inline.js';
import type { MarkdownUnit } from './markdown-unit.js';
import { pushNestedUnit } from './nested-units.js';
import { phrasingBody } from './phrasing-edges.js';

// The ranges of the text nodes of phrasing content, nested ones included: where the source
// wrote the text a translation replaces, escapes and all.
function textRanges(nodes: readonly PhrasingContent[], map: OffsetMap): Range[] {
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

// Writes a block's translation: only the text the unit starts with is at the start of its block.
function phrasingWriter(
  markup: SegmentMarkup,
  written: MarkdownTextContext,
): MarkdownUnit['write'] {
  return (translation, copy) => {
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
  };
}

/** Adds the unit of a block's phrasing content (a paragraph, heading, cell), and its nested texts. */
export function pushPhrasingUnit(
  x: MarkdownExtraction,
  node: Parents,
  children: readonly PhrasingContent[],
  place: { path: string; map: OffsetMap },
  context: MarkdownTextContext,
): void {
  const { path, map } = place;
  const first = children[0] && rangeOf(children[0], { map });
  const last = children.at(-1) && rangeOf(children.at(-1)!, { map });
  if (!rangeOf(node, { map }) || !first || !last) return;
  const builder = new SegmentBuilder(x.text);
  const nested: NestedText[] = [];
  const body = phrasingBody(x.text, node, children, {
    first,
    last,
    map,
    siteId: siteIdPattern(x.settings.headingIds),
  });
  emitChildren(body.children, {
    text: x.text,
    mdx: x.settings.mdx,
    builder,
    attributes: x.settings.attributes,
    nested,
    map,
    ...(x.settings.headingIds ? { headingIds: x.settings.headingIds } : {}),
  });
  const spellings = sourceSpellings(x.text, textRanges(body.children, map));
  const written = spellings.size > 0 ? { ...context, spellings } : context;
  const segment = builder.take();
  for (const n of nested) pushNestedUnit(x, n, path);
  if (!/[^\s]/.test(segment.replace(/<x id="[^"]*"\/>|<\/?g[^>]*>|&[a-z]+;/g, ''))) return;
  const anchor = node.type === 'heading' ? x.settings.anchors?.get(node) : undefined;
  const markup = builder.markup();
  x.units.push({
    id: x.id(`${node.type}:${shortHash(segment)}`),
    segment,
    path,
    ...x.file.position(first.start),
    markup,
    span: { start: body.start, end: body.end },
    write: phrasingWriter(markup, written),
    ...(anchor ? { heading: { anchor, end: body.end } } : {}),
    phrasing: true,
  });
}
