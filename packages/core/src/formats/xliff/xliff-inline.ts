import type { SegmentBuilder } from '../../segments/segment-markup.js';
import type { PluralStructure } from '../format-adapter.js';
import { type IcuPart, icuToSegments } from '../icu/icu-to-segments.js';
import { type FragmentToken, tokenizeFragment } from './xml-tree.js';

/** Which inline elements of an XLIFF version pair around text, and which stand alone. */
export interface InlineRules {
  /** Paired elements whose content is translatable (1.2 `g`, `mrk`; 2.0 `pc`, `mrk`). */
  pairs: ReadonlySet<string>;
  /** Everything else (`x`, `ph`, `bpt`, `sc`, `cp`, ...) is one placeholder, content included. */
}

/** The inline content of a `<source>`, ready to become a unit. */
export interface InlineContent {
  segment: string;
  plural?: PluralStructure;
  /** Whitespace around the translatable content, kept as it was. */
  lead: string;
  trail: string;
  /** The content was a single CDATA section (a translation is written the same way). */
  cdata: boolean;
  /** The content is an ICU message (as Angular writes plural and select). */
  icu: boolean;
  hasText: boolean;
}

// `%name%` (first: `%time%` is not printf's `%ti`), printf (`%d`, `%1$@`, `%.2f`, `%%`) and
// `{{ limit }}` placeholders in plain text.
const TEXT_PLACEHOLDERS =
  /%[A-Za-z_][\w.]*%|%(?:\d+\$)?[-+0#]?\d*(?:\.\d+)?(?:hh|h|ll|l|L|z|j|t|q)?[diouxXeEfFgGaAcsSp@]|%%|\{\{[^{}]*\}\}/g;

function textParts(value: string, protect: boolean): IcuPart[] {
  if (!protect) return [{ kind: 'text', value }];
  const parts: IcuPart[] = [];
  let last = 0;
  for (const match of value.matchAll(TEXT_PLACEHOLDERS)) {
    if (match.index > last) parts.push({ kind: 'text', value: value.slice(last, match.index) });
    parts.push({ kind: 'placeholder', original: match[0] });
    last = match.index + match[0].length;
  }
  if (last < value.length) parts.push({ kind: 'text', value: value.slice(last) });
  return parts;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

// Turns tokens into parts: pairs around content, everything else a single placeholder.
function toParts(text: string, tokens: FragmentToken[], rules: InlineRules): IcuPart[] {
  const parts: IcuPart[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'text' || token.type === 'cdata') {
      parts.push({ kind: 'text', value: token.value });
    } else if (token.type === 'open') {
      const close = matchingClose(tokens, i);
      const protectedMark =
        token.attributes.translate === 'no' || token.attributes.mtype === 'protected';
      if (rules.pairs.has(localName(token.name)) && !protectedMark) {
        parts.push({
          kind: 'open',
          open: { start: token.start, end: token.end },
          close: { start: tokens[close]!.start, end: tokens[close]!.end },
        });
        parts.push(...toParts(text, tokens.slice(i + 1, close), rules));
        parts.push({ kind: 'close' });
      } else {
        parts.push({
          kind: 'placeholder',
          original: { start: token.start, end: tokens[close]!.end },
        });
      }
      i = close;
    } else {
      parts.push({ kind: 'placeholder', original: { start: token.start, end: token.end } });
    }
  }
  return parts;
}

function matchingClose(tokens: FragmentToken[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'open') depth++;
    else if (token.type === 'close' && --depth === 0) return i;
  }
  return tokens.length - 1;
}

const ICU_START = /^\{\s*[\p{L}\p{N}_$]+\s*,\s*(?:plural|select|selectordinal)\s*,/u;

/**
 * Reads the content of `<source>` (`text[start, end)`) into the builder: inline elements
 * become placeholders and pairs that restore their exact bytes, printf-style and `{{x}}`
 * placeholders in text are protected, surrounding whitespace is left out (unless `preserve`),
 * and an ICU plural or select message is expanded into full-sentence variants.
 */
export function readInlineContent(
  text: string,
  start: number,
  end: number,
  builder: SegmentBuilder,
  options: { rules: InlineRules; preserve: boolean; protectPlaceholders: boolean },
): InlineContent {
  const tokens = tokenizeFragment(text, start, end);
  const parts = toParts(text, tokens, options.rules);
  const cdata = tokens.length === 1 && tokens[0]!.type === 'cdata';
  let lead = '';
  let trail = '';
  if (!options.preserve && parts.length > 0) {
    const first = parts[0]!;
    if (first.kind === 'text') {
      lead = /^\s*/.exec(first.value)![0];
      first.value = first.value.slice(lead.length);
    }
    const last = parts.at(-1)!;
    if (last.kind === 'text') {
      trail = /\s*$/.exec(last.value)![0];
      last.value = last.value.slice(0, last.value.length - trail.length);
    }
  }
  const hasText = parts.some((p) => p.kind === 'text' && p.value.trim() !== '');
  // An ICU message: inline elements become private-use characters the ICU parser leaves alone.
  const flat = parts.map((p) => (p.kind === 'text' ? p.value : '\u0000')).join('');
  if (ICU_START.test(flat)) {
    const sentinels = new Map<string, IcuPart[]>();
    let message = '';
    for (const part of parts) {
      if (part.kind === 'text') {
        message += part.value;
      } else {
        const ch = String.fromCharCode(0xe000 + sentinels.size);
        sentinels.set(ch, [part]);
        message += ch;
      }
    }
    try {
      const content = icuToSegments(message, builder, { tags: false, sentinels });
      return { ...content, lead, trail, cdata, icu: true, hasText };
    } catch {
      builder.take();
      // Not ICU after all: read it as text.
    }
  }
  for (const part of parts) {
    if (part.kind === 'text') {
      for (const piece of textParts(part.value, options.protectPlaceholders))
        emitPart(builder, piece);
    } else {
      emitPart(builder, part);
    }
  }
  return { segment: builder.take(), lead, trail, cdata, icu: false, hasText };
}

function emitPart(builder: SegmentBuilder, part: IcuPart): void {
  if (part.kind === 'text') builder.text(part.value);
  else if (part.kind === 'placeholder') builder.placeholder(part.original);
  else if (part.kind === 'open') builder.open(part.open, part.close);
  else builder.close();
}
