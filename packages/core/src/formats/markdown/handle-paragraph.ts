import type { Paragraph } from 'mdast';
import { pushDerivedUnit } from './derived-unit.js';
import type { MarkdownExtraction, NodeHandler, Place } from './markdown-extraction.js';
import { pushJsxAttributeUnits } from './nested-units.js';
import { pushPhrasingUnit } from './phrasing-unit.js';
import { readAdmonition } from './read-admonition.js';

const BLOCK_MARKER = /^\/\/\/(?:[ \t].*)?$/;
const SNIPPET_LINE = /^[ \t]{0,3}<<<[ \t]+\S.*$/;

// JSX elements on lines of their own (`<TabItem label="a">Text</TabItem>` twice): one unit
// each, so each keeps its text and its line. False when the paragraph is not that.
function readJsxLines(x: MarkdownExtraction, node: Paragraph, place: Place): boolean {
  const elements = node.children.filter((c) => c.type === 'mdxJsxTextElement');
  const only = node.children.every(
    (c) => c.type === 'mdxJsxTextElement' || (c.type === 'text' && c.value.trim() === ''),
  );
  if (elements.length < 2 || !only) return false;
  for (const [i, element] of elements.entries()) {
    const path = `${place.path}/jsx[${i}]`;
    pushJsxAttributeUnits(x, element.attributes, path, place.map);
    pushPhrasingUnit(
      x,
      element,
      element.children,
      { path, map: place.map },
      { mdx: true, table: false, blockStart: false },
    );
  }
  return true;
}

/** A paragraph: a block marker, a snippet import, an admonition, JSX lines, or text. */
export const handleParagraph: NodeHandler<Paragraph> = (x, node, place, range) => {
  const raw = range ? x.text.slice(range.start, range.end) : '';
  if (BLOCK_MARKER.test(raw)) return false;
  // VitePress's `<<< ./file.js` snippet imports: a path, no prose.
  if (!x.settings.mdx && SNIPPET_LINE.test(raw)) {
    if (place.map(0) === 0) pushDerivedUnit(x, range, 'snippet');
    return false;
  }
  if (readAdmonition(x, place, range) || readJsxLines(x, node, place)) return false;
  pushPhrasingUnit(x, node, node.children, place, {
    mdx: x.settings.mdx,
    table: false,
    blockStart: true,
  });
  return false;
};
