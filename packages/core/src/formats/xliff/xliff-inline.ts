import type { SegmentBuilder } from '../../segments/segment-markup.js';
import type { PluralStructure } from '../format-adapter.js';
import { type IcuPart, icuToSegments } from '../icu/icu-to-segments.js';
import { type InlineRules, toParts } from './xliff-parts.js';
import type { EntityTable, ReferenceForms } from './xml-entities.js';
import { tokenizeFragment } from './xml-tree.js';

export type { InlineRules } from './xliff-parts.js';

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
  /** ICU literal text -> its spelling in the content, where the two differ (quoted or `''`). */
  literals?: ReadonlyMap<string, string>;
  hasText: boolean;
  /** How the content wrote characters as references, to write a translation the same way. */
  forms: ReferenceForms;
}

/** How {@link readInlineContent} reads one content. */
export interface InlineOptions {
  rules: InlineRules;
  /** Whitespace around the content is content (`xml:space="preserve"`). */
  preserve: boolean;
  protectPlaceholders: boolean;
  /** `start`: an ICU message only when it starts with a plural or select (Angular); `always`: any ICU message. */
  icu: 'start' | 'always';
  /** Also protect Symfony's `{name}` parameters and plural intervals (`{0}`, `]1,Inf[`). */
  symfony: boolean;
  entities: EntityTable;
  /** Protected ranges still open from an earlier segment of the same unit. */
  openRanges: Set<string>;
  /** The content's language, whose plural rules pick an ICU plural's branch for an exact value. */
  locale: string;
}

// `%name%` (first: `%time%` is not printf's `%ti`), printf (`%d`, `%1$@`, `%.2f`, `%%`) and
// `{{ limit }}` placeholders in plain text.
const TEXT_PLACEHOLDERS =
  /%[A-Za-z_][\w.]*%|%(?:\d+\$)?[-+0#]?\d*(?:\.\d+)?(?:hh|h|ll|l|L|z|j|t|q)?[diouxXeEfFgGaAcsSp@]|%%|\{\{[^{}]*\}\}/g;

// Symfony's own: `{name}` parameters, and the intervals of a pipe plural (`{0}`, `]1,Inf[`).
const SYMFONY_PLACEHOLDERS = new RegExp(
  `\\{\\s*-?\\d+(?:\\s*,\\s*-?\\d+)*\\s*\\}|[\\[\\]]\\s*(?:-?Inf|-?\\d+)\\s*,\\s*(?:\\+?Inf|-?\\d+)\\s*[\\[\\]]|\\{\\s*[A-Za-z_][\\w.-]*\\s*\\}|${TEXT_PLACEHOLDERS.source}`,
  'g',
);

function textParts(value: string, pattern: RegExp | undefined): IcuPart[] {
  if (!pattern) return [{ kind: 'text', value }];
  const parts: IcuPart[] = [];
  let last = 0;
  for (const match of value.matchAll(pattern)) {
    if (match.index > last) parts.push({ kind: 'text', value: value.slice(last, match.index) });
    parts.push({ kind: 'placeholder', original: match[0] });
    last = match.index + match[0].length;
  }
  if (last < value.length) parts.push({ kind: 'text', value: value.slice(last) });
  return parts;
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
  options: InlineOptions,
): InlineContent {
  const tokens = tokenizeFragment(text, start, end);
  const cdataAt = tokens.findIndex((t) => t.type === 'cdata');
  const cdata =
    cdataAt !== -1 &&
    tokens.every((t, i) => i === cdataAt || (t.type === 'text' && t.value.trim() === ''));
  const forms: ReferenceForms = new Map();
  const parts = toParts(tokens, {
    text,
    rules: options.rules,
    entities: options.entities,
    forms,
    openRanges: options.openRanges,
    cdataHtml: cdata,
  });
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
  const base = { lead, trail, cdata, hasText, forms };
  // An ICU message: inline elements become private-use characters the ICU parser leaves alone.
  const flat = parts.map((p) => (p.kind === 'text' ? p.value : '\u0000')).join('');
  if (options.icu === 'always' ? flat.includes('{') : ICU_START.test(flat)) {
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
      const content = icuToSegments(message, builder, {
        tags: false,
        sentinels,
        locale: options.locale,
      });
      return { ...content, ...base, icu: true };
    } catch {
      builder.take();
      // Not ICU after all: read it as text.
    }
  }
  const pattern = !options.protectPlaceholders
    ? undefined
    : options.symfony
      ? SYMFONY_PLACEHOLDERS
      : TEXT_PLACEHOLDERS;
  for (const part of parts) {
    if (part.kind === 'text') {
      for (const piece of textParts(part.value, pattern)) emitPart(builder, piece);
    } else {
      emitPart(builder, part);
    }
  }
  return { segment: builder.take(), ...base, icu: false };
}

function emitPart(builder: SegmentBuilder, part: IcuPart): void {
  if (part.kind === 'text') builder.text(part.value);
  else if (part.kind === 'placeholder') builder.placeholder(part.original);
  else if (part.kind === 'open') builder.open(part.open, part.close);
  else builder.close();
}
