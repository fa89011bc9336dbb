import { TransloomError } from '@transloom/client/errors';
import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { findTemplateTags, type TemplateSyntax } from '../../segments/template-tags.js';
import type { Range, TagOffsets } from './html-tree.js';

/**
 * A piece of a unit before it becomes segment markup: text (decoded, with its source range),
 * a placeholder kept byte for byte, or paired markup. A `structural` placeholder (a template
 * control tag, a tag the parser ignored) stays outside the unit when it is at an edge.
 */
export type Piece =
  | { type: 'text'; range: Range; value: string }
  | { type: 'x'; range: Range; structural: boolean }
  | { type: 'open'; open: Range; close: Range | '' }
  | { type: 'close' };

/** Why text the HTML parser moves (foster parenting) is left untranslated. */
export const MOVED_TEXT =
  'the HTML parser moves this text out of its place (as it moves text between table rows before the table)';

/** Why a run of text cannot be edited in place: its source offsets are not certain. */
export class UncertainText extends TransloomError {
  override readonly name = 'UncertainText';
  /**
   * @param offset where in the file
   * @param moved the parser moved text here (foster parenting), as opposed to reordered tags
   */
  constructor(
    readonly offset: number,
    readonly moved: boolean,
    message: string,
  ) {
    super('TRANSLOOM_UNCERTAIN_TEXT', message, { kind: 'user' });
  }
}

/** What reading pieces needs from the document. */
export interface PieceContext {
  /** The file's text. */
  text: string;
  /** The text the parser read: the file's, or with template tags masked (same offsets). */
  parsed: string;
  templates: readonly TemplateSyntax[];
  /** Offsets where the parser made a node from a tag or comment. */
  tagStarts: TagOffsets;
}

// The parser turns CR LF and lone CR into LF before it decodes references.
const normalize = (raw: string) => (raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw);
/** Text content decoded as the HTML parser decodes it. */
export const decodeText = (raw: string): string => decodeHTML(normalize(raw));
/** An attribute value decoded as the HTML parser decodes it. */
export const decodeAttribute = (raw: string): string => decodeHTMLAttribute(normalize(raw));

// Tags and comments inside a text node's source range: tags the parser ignored (a stray
// `</span>`, a second `<body>`), or tags of elements it moved elsewhere.
const TAG_CHUNK = /<\/?[A-Za-z][^>]*>|<!--[\s\S]*?-->|<[!?][^>]*>/g;

/**
 * Splits `text[start, end)` into text and template-tag pieces. An unclosed tag runs to `end`
 * and its closer is returned, so the caller can look for it further on.
 */
export function templatePieces(
  ctx: PieceContext,
  start: number,
  end: number,
  decode: (raw: string) => string,
  out: Piece[],
): string | undefined {
  let last = start;
  const text = (to: number) => {
    if (to > last)
      out.push({
        type: 'text',
        range: { start: last, end: to },
        value: decode(ctx.text.slice(last, to)),
      });
  };
  for (const tag of findTemplateTags(ctx.text, ctx.templates, start, end)) {
    text(tag.start);
    out.push({ type: 'x', range: { start: tag.start, end: tag.end }, structural: tag.control });
    last = tag.end;
    if (!tag.closed) return tag.closer;
  }
  text(end);
  return undefined;
}

/**
 * The pieces of a text node from `from` on, after checking that its source range holds
 * exactly its text: decoded, or decoded once the tags the parser ignored are set aside (they
 * become placeholders). Text whose range spans tags of other nodes was moved by the parser
 * (foster parenting out of a table) and is refused.
 */
export function textNodePieces(
  ctx: PieceContext,
  range: Range,
  value: string,
  from: number,
  out: Piece[],
): string | undefined {
  const raw = ctx.parsed.slice(range.start, range.end);
  if (decodeText(raw) === value) {
    return templatePieces(ctx, Math.max(from, range.start), range.end, decodeText, out);
  }
  // Point at the moved words themselves, not at the whitespace the parser merged them with.
  const probe = raw.indexOf(value.trim().slice(0, 24));
  const where = range.start + (probe > 0 ? probe : /^[ \t\n\r\f]*/.exec(raw)![0].length);
  const moved = () => new UncertainText(where, true, MOVED_TEXT);
  const chunks: Range[] = [];
  let kept = '';
  let last = 0;
  for (const match of raw.matchAll(TAG_CHUNK)) {
    const at = range.start + match.index;
    if (ctx.tagStarts.has(at)) throw moved();
    chunks.push({ start: at, end: at + match[0].length });
    kept += raw.slice(last, match.index);
    last = match.index + match[0].length;
  }
  kept += raw.slice(last);
  if (chunks.length === 0 || decodeText(kept) !== value) throw moved();
  let cursor = range.start;
  let pending: string | undefined;
  for (const chunk of [...chunks, { start: range.end, end: range.end }]) {
    const start = Math.max(cursor, from);
    if (chunk.start > start) {
      pending = templatePieces(ctx, start, chunk.start, decodeText, out);
      // An unclosed template tag holds the rest of the node, ignored tags and all.
      if (pending !== undefined) {
        const tag = out.at(-1) as Extract<Piece, { type: 'x' }>;
        tag.range = { start: tag.range.start, end: range.end };
        return pending;
      }
    }
    const kept = Math.max(chunk.start, from);
    if (chunk.end > kept)
      out.push({ type: 'x', range: { start: kept, end: chunk.end }, structural: true });
    cursor = chunk.end;
  }
  return undefined;
}
