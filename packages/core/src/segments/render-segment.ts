import { TransloomError } from '@transloom/client/errors';
import { parseSegment, type SegmentToken } from './parse-segment.js';
import type { Original, SegmentMarkup } from './segment-markup.js';

/** How a format writes a translated segment back. */
export interface SegmentWriter {
  /** Encodes translated text for the file (escaping, quoting). */
  text(value: string): string;
  /** The bytes of an original piece (ranges are copied with any nested edits applied). */
  original(original: Original): string;
}

/** Why a translated segment cannot be written with a unit's markup. */
export class MarkupMismatchError extends TransloomError {
  override readonly name = 'MarkupMismatchError';

  constructor(message: string) {
    super('TRANSLOOM_MARKUP_MISMATCH', message, { kind: 'user' });
  }
}

/** Writes a segment with the unit's markup restored byte for byte and its text encoded. */
export function renderSegment(
  segment: string | SegmentToken[],
  markup: SegmentMarkup,
  writer: SegmentWriter,
): string {
  const tokens = typeof segment === 'string' ? parseSegment(segment) : segment;
  let out = '';
  for (const token of tokens) {
    if (token.type === 'text') {
      out += writer.text(token.value);
    } else if (token.type === 'x') {
      const original = markup.placeholders.get(token.id);
      if (original === undefined)
        throw new MarkupMismatchError(`unknown placeholder <x id="${token.id}"/>`);
      out += writer.original(original);
    } else {
      const pair = markup.pairs.get(token.id);
      if (pair === undefined) throw new MarkupMismatchError(`unknown tag <g id="${token.id}">`);
      out += writer.original(token.type === 'open' ? pair.open : pair.close);
    }
  }
  return out;
}
