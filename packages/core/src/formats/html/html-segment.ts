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
}

const SPACE = /[ \t\n\r\f]+/g;
const LEADING = /^[ \t\n\r\f]*/;
const TRAILING = /[ \t\n\r\f]*$/;

const blank = (piece: Piece) => piece.type === 'text' && piece.value.replace(SPACE, '') === '';
// Whitespace, template control tags (`{{#if}}`, `<% } %>`) and tags the parser ignored at the
// edges of a unit stay outside it, where a translation cannot move them.
const edge = (piece: Piece) => blank(piece) || (piece.type === 'x' && piece.structural);

// Every byte of the span belongs to exactly one piece, in order: nothing in a unit's range is
// lost or doubled when it is written back.
function checkTiling(pieces: readonly Piece[]): void {
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
  checkTiling(pieces);
  const head = pieces[0]!;
  const tail = pieces.at(-1)!;
  const startOf = (p: Piece) =>
    p.type === 'open' ? p.open.start : (p as { range: Range }).range.start;
  let start = startOf(head);
  if (trim && head.type === 'text')
    start += LEADING.exec(text.slice(head.range.start, head.range.end))![0].length;
  // The last piece is text or a placeholder: a pair always ends with its `close`.
  let end: number;
  if (tail.type === 'close') {
    const opens: Array<Range | ''> = [];
    let close: Range | '' = '';
    for (const p of pieces) {
      if (p.type === 'open') opens.push(p.close);
      else if (p.type === 'close') close = opens.pop() ?? '';
    }
    end = close === '' ? lastEnd(pieces) : close.end;
  } else {
    end = (tail as { range: Range }).range.end;
    if (trim && tail.type === 'text')
      end -= TRAILING.exec(text.slice(tail.range.start, tail.range.end))![0].length;
  }

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
      let value = piece.value.replace(SPACE, ' ');
      if (trim && index === 0) value = value.trimStart();
      if (trim && index === pieces.length - 1) value = value.trimEnd();
      builder.text(value);
      const leading = LEADING.exec(raw)![0];
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
  return { segment: builder.take(), markup: builder.markup(), span: { start, end }, spacing };
}

function lastEnd(pieces: readonly Piece[]): number {
  for (let i = pieces.length - 1; i >= 0; i--) {
    const p = pieces[i]!;
    if (p.type === 'text' || p.type === 'x') return p.range.end;
    if (p.type === 'open') return p.open.end;
  }
  return 0;
}
