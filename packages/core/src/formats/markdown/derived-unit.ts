import { renderSegment } from '../../segments/render-segment.js';
import { SegmentBuilder } from '../../segments/segment-markup.js';
import type { MarkdownExtraction } from './markdown-extraction.js';
import type { Range } from './markdown-inline.js';

/**
 * Adds a unit for markup a target gets from its source (import lines pointed at the source, a
 * fence as written): no text to send, but a person's edit of it in a target is theirs to keep.
 */
export function pushDerivedUnit(x: MarkdownExtraction, range: Range | undefined, kind: string) {
  if (!range || x.text.slice(range.start, range.end).trim() === '') return;
  const builder = new SegmentBuilder(x.text);
  const segment = builder.text(x.text.slice(range.start, range.end)).take();
  const markup = builder.markup();
  const index = x.kinds.get(kind) ?? 0;
  x.kinds.set(kind, index + 1);
  // Named by kind and place among its kind, not by text: when the source's import line
  // changes, the lock still knows what was written there (a person's edit of the old line
  // is told from Transloom's), and prose inserted above moves nothing.
  const path = `/markup:${kind}[${index}]`;
  x.units.push({
    id: path.slice(1),
    segment,
    path,
    ...x.file.position(range.start),
    markup,
    span: range,
    derived: true,
    write: (translation) =>
      renderSegment(translation, markup, { text: (t) => t, original: (o) => String(o) }),
  });
}
