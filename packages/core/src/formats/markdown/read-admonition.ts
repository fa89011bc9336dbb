import { dedentBlock } from './dedent-block.js';
import type { MarkdownExtraction, Place } from './markdown-extraction.js';
import { type Range, rangeOf } from './markdown-inline.js';
import { pushNestedUnit } from './nested-units.js';

const ADMONITION = /^(?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+"([^"]*)")?[ \t]*$/;

/**
 * Reads a paragraph that is an admonition's first line (`!!! note "Title"`): its title is a
 * unit, and the indented body after a blank line (a code block to CommonMark) is parsed as
 * Markdown. False when the paragraph is not one.
 */
export function readAdmonition(
  x: MarkdownExtraction,
  place: Place,
  range: Range | undefined,
): boolean {
  const raw = range ? x.text.slice(range.start, range.end) : '';
  const admonition = ADMONITION.exec(raw);
  if (!admonition) return false;
  if (admonition[1] && range) {
    const start = range.start + raw.indexOf('"') + 1;
    pushNestedUnit(
      x,
      {
        kind: 'title',
        name: 'admonition',
        span: { start, end: start + admonition[1].length },
        value: admonition[1],
        quote: '"',
      },
      place.path,
    );
  }
  const body = place.siblings?.[place.index! + 1];
  const bodyRange = body?.type === 'code' && rangeOf(body, place);
  if (bodyRange && place.map(0) === 0) {
    const lineStart = x.text.lastIndexOf('\n', bodyRange.start) + 1;
    const block = dedentBlock(x.text, { start: lineStart, end: bodyRange.end });
    const inner = x.settings.parse(block.body);
    for (const [i, child] of inner.children.entries()) {
      x.walk(child, {
        path: `${place.path}/admonition[${i}]`,
        map: block.map,
        siblings: inner.children,
        index: i,
      });
    }
  }
  return true;
}
