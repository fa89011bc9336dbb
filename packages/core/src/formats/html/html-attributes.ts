import type { Element } from 'hast';
import { find, html as htmlSchema } from 'property-information';
import { decodeAttribute, type Piece, type PieceContext, templatePieces } from './html-pieces.js';
import { type BuiltSegment, buildSegment } from './html-segment.js';
import { attributeRange, attributeValueRange } from './html-tree.js';

/** Attributes translated by default, on every element. */
export const DEFAULT_HTML_ATTRIBUTES = [
  'alt',
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'label',
];

/**
 * `<meta>` whose `content` is text a person reads: the description, keywords, and the Open
 * Graph and Twitter card texts. Sites write either card's keys in `name` or `property`, so
 * both are read for every key.
 */
const META_TEXT = new Set([
  'description',
  'keywords',
  'og:title',
  'og:description',
  'og:site_name',
  'og:image:alt',
  'twitter:title',
  'twitter:description',
  'twitter:image:alt',
]);

// The `value` of these inputs is the label on the button; every other `value` (text fields,
// checkboxes, `<button>`, `<option>`, `<data>`, `<meter>`, `<progress>`) is data.
const BUTTON_INPUTS = new Set(['submit', 'button', 'reset']);

/** The names of an element's attributes whose values are text to translate. */
export function textAttributes(element: Element, names: readonly string[]): string[] {
  const props = element.properties;
  const out = [...names];
  if (element.tagName === 'meta') {
    const name = String(props.name ?? '').toLowerCase();
    const property = String(props.property ?? '').toLowerCase();
    if (META_TEXT.has(name) || META_TEXT.has(property)) out.push('content');
  }
  if (element.tagName === 'input' && BUTTON_INPUTS.has(String(props.type ?? '').toLowerCase()))
    out.push('value');
  return out;
}

/** An attribute value as a unit: its segment, and its quote ('' when unquoted). */
export interface AttributeSegment extends BuiltSegment {
  quote: string;
}

/**
 * Reads an attribute's value as a unit; undefined when it has no text outside template tags
 * or its source is not its value. Whitespace and template control tags at the edges of a
 * quoted value stay as they are.
 */
export function attributeSegment(
  ctx: PieceContext,
  element: Element,
  name: string,
  shift: number,
): AttributeSegment | undefined {
  const info = find(htmlSchema, name);
  const value = element.properties[info.property];
  if (typeof value !== 'string') return undefined;
  const range = attributeRange(element, info.property, shift);
  const valueRange = range && attributeValueRange(ctx.parsed, range);
  if (!valueRange) return undefined;
  if (decodeAttribute(ctx.parsed.slice(valueRange.start, valueRange.end)) !== value)
    return undefined;
  const pieces: Piece[] = [];
  templatePieces(ctx, valueRange.start, valueRange.end, decodeAttribute, pieces);
  const built = buildSegment(ctx.text, pieces, valueRange.quote !== '');
  // An unquoted value is not trimmed: it is rewritten whole, in quotes.
  return built && { ...built, quote: valueRange.quote };
}
