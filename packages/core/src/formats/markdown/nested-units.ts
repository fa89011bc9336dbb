import { renderSegment } from '../../segments/render-segment.js';
import { SegmentBuilder } from '../../segments/segment-markup.js';
import { escapeHtmlAttribute } from '../html/html-tree.js';
import { escapeMarkdownText } from './escape-markdown.js';
import type { MarkdownExtraction, OffsetMap } from './markdown-extraction.js';
import { shortHash } from './markdown-extraction.js';
import { jsxAttributes, type NestedText } from './markdown-inline.js';

// How a nested text's translation is escaped where it is written: alt text, a title between
// its quotes, or an attribute value.
function escaperFor(nested: NestedText, mdx: boolean): (t: string) => string {
  if (nested.kind === 'alt')
    return mdx
      ? // MDX reads alt text as Markdown text too, where `<` and `{` start JSX and expressions.
        (t) =>
          escapeMarkdownText(t, { mdx: true, table: false, blockStart: false }).replace(
            // Alt text leaves a directive's text out, whatever follows it.
            /(?<!\\):(?=[\p{N}_-])/gu,
            '\\:',
          )
      : (t) => t.replace(/[\\[\]]/g, '\\$&');
  if (nested.kind === 'title')
    return (t) =>
      t
        .replace(/\\/g, '\\\\')
        .replace(nested.quote === '(' ? /\)/g : new RegExp(nested.quote, 'g'), '\\$&')
        // MDX reads a `<` or `{` in a title as JSX or an expression too.
        .replace(mdx ? /[<{}]/g : /$^/g, '\\$&');
  return (t) => escapeHtmlAttribute(t, nested.quote);
}

/** Adds a unit for a text inside other markup: alt text, a link title, an attribute value. */
export function pushNestedUnit(x: MarkdownExtraction, nested: NestedText, path: string): void {
  const builder = new SegmentBuilder(x.text);
  const segment = builder.text(nested.value).take();
  const escapeText = escaperFor(nested, x.settings.mdx);
  // One line: a blank line would end the element, image or link the text sits in.
  const encode = (t: string) => escapeText(t.replace(/[ \t]*\r?\n\s*/g, ' '));
  const kind = nested.kind === 'attribute' ? `attr-${nested.name}` : nested.kind;
  x.units.push({
    id: x.id(`${kind}:${shortHash(segment)}`),
    segment,
    path: `${path}@${nested.name}`,
    ...x.file.position(nested.span.start),
    markup: builder.markup(),
    span: nested.span,
    write: (translation) =>
      renderSegment(translation, builder.markup(), { text: encode, original: (o) => String(o) }),
  });
}

/** Adds a unit for each translatable attribute of a JSX element. */
export function pushJsxAttributeUnits(
  x: MarkdownExtraction,
  attributes: Parameters<typeof jsxAttributes>[0],
  path: string,
  map: OffsetMap,
): void {
  const nested: NestedText[] = [];
  jsxAttributes(attributes, {
    text: x.text,
    mdx: true,
    builder: new SegmentBuilder(x.text),
    attributes: x.settings.attributes,
    nested,
    map,
  });
  for (const n of nested) pushNestedUnit(x, n, path);
}
