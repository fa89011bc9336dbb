import { SegmentBuilder, type SegmentMarkup } from '../../segments/segment-markup.js';
import type { Piece } from './html-pieces.js';
import { UncertainText } from './html-pieces.js';
import type { Range } from './html-tree.js';

/** A unit's segment built from its pieces, with the source range it replaces. */
export interface BuiltSegment {
  segment: string;
  markup: SegmentMarkup;
  span: Range;
  /**
   * The source's whitespace next to markup (`after:x2`, `before:c1`, …) where it is not a
   * single space: line breaks and indentation around a `<br>` or inside `<b>…</b>`, written
   * back wherever the translation has whitespace in the same place.
   */
  spacing: ReadonlyMap<string, string> | undefined;
  /** How the source wraps the text between words, when it does: the translation is wrapped alike. */
  wrap: LineWrap | undefined;
}

/** A text wrapped by hand: lines up to `width`, continued after `newline` + `indent`. */
export interface LineWrap {
  width: number;
  indent: string;
  newline: string;
  /** The column the unit starts at. */
  column: number;
}

// A line break between two words of a text (not next to a tag: that one is `spacing`'s).
const INNER_BREAK = /\S[ \t]*(\r?\n)([ \t]*)(?=\S)/;

function lineWrap(text: string, pieces: readonly Piece[], span: Range): LineWrap | undefined {
  let found: RegExpExecArray | null = null;
  for (const piece of pieces) {
    if (piece.type !== 'text') continue;
    const newline = text.indexOf('\n', piece.range.start);
    if (newline === -1 || newline >= piece.range.end) continue;
    found = INNER_BREAK.exec(text.slice(piece.range.start, piece.range.end));
    if (found) break;
  }
  if (!found) return undefined;
  const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
  const lineEnd = text.indexOf('\n', span.end);
  const lines = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd).split(/\r?\n/);
  return {
    width: Math.max(...lines.map((l) => l.length)),
    indent: found[2]!,
    newline: found[1]!,
    column: span.start - lineStart,
  };
}

const SPACE = /[ \t\n\r\f]+/g;
const LEADING = /^[ \t\n\r\f]*/;
const TRAILING = /[ \t\n\r\f]*$/;

const newlines = (raw: string) => raw.replace(/\r\n?/g, '\n');
// Text of spaces alone (no-break spaces too) is not something to translate.
const blank = (piece: Piece) => piece.type === 'text' && !/\S/.test(piece.value);
// Whitespace, template control tags (`{{#if}}`, `<% } %>`) and tags the parser ignored at the
// edges of a unit stay outside it, where a translation cannot move them.
const edge = (piece: Piece) => blank(piece) || (piece.type === 'x' && piece.structural);

// Every byte of the span belongs to exactly one piece, in order: nothing in a unit's range is
// lost or doubled when it is written back.
function checkTiling(pieces: readonly Piece[]): number {
  let cursor: number | undefined;
  const closes: Array<Range | ''> = [];
  const take = (range: Range) => {
    if (cursor !== undefined && range.start !== cursor)
      throw new UncertainText(
        Math.min(cursor, range.start),
        false,
        'the HTML parser reordered the markup here',
      );
    cursor = range.end;
  };
  for (const piece of pieces) {
    if (piece.type === 'open') {
      take(piece.open);
      closes.push(piece.close);
    } else if (piece.type === 'close') {
      const close = closes.pop();
      if (close) take(close);
    } else take(piece.range);
  }
  return cursor ?? 0;
}

/**
 * Builds a unit from its pieces; undefined when there is nothing to translate. With `trim`,
 * whitespace and structural placeholders at the edges are left out of the unit.
 */
export function buildSegment(
  text: string,
  all: readonly Piece[],
  trim: boolean,
): BuiltSegment | undefined {
  let first = 0;
  let last = all.length - 1;
  if (trim) {
    while (first <= last && edge(all[first]!)) first++;
    while (last >= first && edge(all[last]!)) last--;
  }
  const pieces = all.slice(first, last + 1);
  if (!pieces.some((p) => p.type === 'text' && !blank(p))) return undefined;
  // The end is where the last piece ends: a pair's end tag, when the source has one.
  let end = checkTiling(pieces);
  const head = pieces[0]!;
  const tail = pieces.at(-1)!;
  let start = head.type === 'open' ? head.open.start : (head as { range: Range }).range.start;
  if (trim && head.type === 'text')
    start += LEADING.exec(text.slice(head.range.start, head.range.end))![0].length;
  if (trim && tail.type === 'text')
    end -= TRAILING.exec(text.slice(tail.range.start, tail.range.end))![0].length;

  const builder = new SegmentBuilder(text);
  const stack: string[] = [];
  let spacing: Map<string, string> | undefined;
  let previous: string | undefined;
  let trailing = '';
  const remember = (key: string, raw: string) => {
    if (raw === '' || raw === ' ') return;
    spacing ??= new Map();
    spacing.set(key, raw);
  };
  const markup = (key: string) => {
    remember(`before:${key}`, trailing);
    trailing = '';
    previous = key;
  };
  pieces.forEach((piece, index) => {
    if (piece.type === 'text') {
      const raw = text.slice(piece.range.start, piece.range.end);
      const leading = LEADING.exec(raw)![0];
      let value = piece.value;
      // What is trimmed from the text is exactly the whitespace left out of the span (the
      // parser reads CR LF as LF); a no-break space or `&#32;` at an edge is inside it.
      if (trim && index === 0) value = value.slice(newlines(leading).length);
      if (trim && index === pieces.length - 1)
        value = value.slice(0, value.length - newlines(TRAILING.exec(raw)![0]).length);
      builder.text(value.replace(SPACE, ' '));
      if (previous !== undefined) remember(`after:${previous}`, leading);
      trailing = leading.length === raw.length ? leading : TRAILING.exec(raw)![0];
      previous = undefined;
    } else if (piece.type === 'x') {
      markup(`x${builder.placeholder(piece.range)}`);
    } else if (piece.type === 'open') {
      const id = builder.open(piece.open, piece.close);
      stack.push(id);
      markup(`o${id}`);
    } else {
      builder.close();
      markup(`c${stack.pop()}`);
    }
  });
  const span = { start, end };
  const wrap = lineWrap(text, pieces, span);
  return { segment: builder.take(), markup: builder.markup(), span, spacing, wrap };
}
