import { renderSegment } from '../../segments/render-segment.js';
import { SegmentBuilder } from '../../segments/segment-markup.js';
import type { ContainerTitle } from './container-title.js';
import { escapeMarkdownText, unescapeMarkdownText } from './escape-markdown.js';
import { type MarkdownExtraction, shortHash } from './markdown-extraction.js';

// Writes a label's translation on its line: in MDX a label is read as Markdown text, where
// `<` and `{` start JSX and expressions; between brackets a `]` ends it.
function labelText(title: ContainerTitle, mdx: boolean) {
  return (t: string): string => {
    const line = t.replace(/\s*\n\s*/g, ' ');
    if (mdx) return escapeMarkdownText(line, { mdx: true, table: false, blockStart: false });
    return title.bracket ? line.replace(/[\\[\]]/g, '\\$&') : line;
  };
}

/** Adds a unit for each container label found while preparing the text. */
export function pushContainerTitleUnits(x: MarkdownExtraction): void {
  const mdx = x.settings.mdx;
  for (const [index, title] of (x.settings.titles ?? []).entries()) {
    const builder = new SegmentBuilder(x.text);
    // MDX reads a label as Markdown text: its escapes are not part of the text.
    const segment = builder.text(mdx ? unescapeMarkdownText(title.value) : title.value).take();
    x.units.push({
      id: x.id(`container:${shortHash(segment)}`),
      segment,
      path: `/container[${index}]`,
      ...x.file.position(title.start),
      markup: builder.markup(),
      span: title,
      write: (translation) =>
        renderSegment(translation, builder.markup(), {
          text: labelText(title, mdx),
          original: (o) => String(o),
        }),
    });
  }
}
