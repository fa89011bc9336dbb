import { parseSegment, type SegmentToken } from '../../segments/parse-segment.js';
import { renderSegment } from '../../segments/render-segment.js';
import type { Original, SegmentMarkup } from '../../segments/segment-markup.js';
import type { LineWrap } from './html-segment.js';
import { escapeHtmlAttribute, escapeHtmlText } from './html-tree.js';

/** What writing an HTML unit needs: its markup, the source's spacing and how it is quoted. */
export interface HtmlUnitWriting {
  kind: 'text' | 'attribute';
  markup: SegmentMarkup;
  /** Quote of an attribute value ('' when unquoted). */
  quote: string;
  spacing?: ReadonlyMap<string, string> | undefined;
  wrap?: LineWrap | undefined;
}

const EDGES = /^([ \t\n\r\f]*)([\s\S]*?)([ \t\n\r\f]*)$/;

function keyOf(token: SegmentToken | undefined): string | undefined {
  if (!token || token.type === 'text') return undefined;
  return `${token.type === 'x' ? 'x' : token.type === 'open' ? 'o' : 'c'}${token.id}`;
}

// Whitespace the translation has next to a tag gets the source's whitespace there: a line
// break after `<br>` or the indentation inside `<b>` survive; whitespace between words is the
// translation's own.
function respace(tokens: SegmentToken[], spacing: ReadonlyMap<string, string>): SegmentToken[] {
  return tokens.map((token, i) => {
    if (token.type !== 'text') return token;
    const after = keyOf(tokens[i - 1]);
    const before = keyOf(tokens[i + 1]);
    const [, lead, core, trail] = EDGES.exec(token.value)!;
    const sourceAfter = after === undefined ? undefined : spacing.get(`after:${after}`);
    const sourceBefore = before === undefined ? undefined : spacing.get(`before:${before}`);
    if (core === '') {
      const value = lead === '' ? '' : (sourceAfter ?? sourceBefore ?? lead!);
      return { type: 'text', value };
    }
    const start = lead !== '' && sourceAfter !== undefined ? sourceAfter : lead;
    const end = trail !== '' && sourceBefore !== undefined ? sourceBefore : trail;
    return { type: 'text', value: `${start}${core}${end}` };
  });
}

// The column after writing `written` from `column`.
function advance(column: number, written: string): number {
  const at = written.lastIndexOf('\n');
  return at === -1 ? column + written.length : written.length - at - 1;
}

// A text the source wrapped by hand is wrapped the same way: at spaces of the translation's
// text, before a word that would pass the source's widest line, with the source's indent.
function wrapLines(parts: ReadonlyArray<{ text: boolean; value: string }>, wrap: LineWrap): string {
  let column = wrap.column;
  let out = '';
  for (const part of parts) {
    if (!part.text) {
      out += part.value;
      column = advance(column, part.value);
      continue;
    }
    const words = part.value.split(/( +)/);
    words.forEach((word, i) => {
      if (i % 2 === 0 || word !== ' ') {
        out += word;
        column = advance(column, word);
        return;
      }
      const next = words[i + 1] ?? '';
      if (next !== '' && column + 1 + next.length > wrap.width && column > wrap.indent.length) {
        out += wrap.newline + wrap.indent;
        column = wrap.indent.length;
      } else {
        out += ' ';
        column += 1;
      }
    });
  }
  return out;
}

/**
 * Writes a translated segment of an HTML unit (also used for HTML inside Markdown): markup
 * restored byte for byte through `original`, text escaped for content or for the attribute's
 * quotes (an unquoted value gets double quotes), the source's line breaks next to tags kept.
 */
export function writeHtmlUnit(
  unit: HtmlUnitWriting,
  translation: string,
  original: (original: Original) => string,
): string {
  const parsed = parseSegment(translation);
  const tokens = unit.spacing ? respace(parsed, unit.spacing) : parsed;
  const writer = {
    text:
      unit.kind === 'attribute'
        ? (t: string) => escapeHtmlAttribute(t, unit.quote)
        : escapeHtmlText,
    original,
  };
  if (unit.kind === 'text' && unit.wrap) {
    const parts = tokens.map((t) => ({
      text: t.type === 'text',
      value: renderSegment([t], unit.markup, writer),
    }));
    return wrapLines(parts, unit.wrap);
  }
  const value = renderSegment(tokens, unit.markup, writer);
  return unit.kind === 'attribute' && unit.quote === '' ? `"${value}"` : value;
}
