import type { TmxInline } from './tmx-segment.js';

/** One translation unit of a TMX file: a source segment and its translation. */
export interface TmxPair {
  /** An id for the unit (`tuid`), e.g. the memory key. */
  id?: string;
  source: readonly TmxInline[];
  targetLang: string;
  target: readonly TmxInline[];
}

/** Options of {@link formatTmx}. */
export interface FormatTmxOptions {
  sourceLang: string;
  /** `creationtoolversion` of the header. */
  toolVersion: string;
}

const escapeText = (text: string) =>
  text.replace(/[&<>]/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : '&gt;'));
const escapeAttribute = (text: string) =>
  escapeText(text).replace(/"/g, '&quot;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;');

function attribute(name: string, value: string | undefined): string {
  return value === undefined ? '' : ` ${name}="${escapeAttribute(value)}"`;
}

function seg(pieces: readonly TmxInline[]): string {
  return pieces
    .map((p) => {
      if (p.type === 'text') return escapeText(p.value);
      if (p.type === 'ph') return `<ph${attribute('x', p.x)}>${escapeText(p.code)}</ph>`;
      if (p.type === 'bpt')
        return `<bpt${attribute('i', p.i)}${attribute('x', p.x)}>${escapeText(p.code)}</bpt>`;
      return `<ept${attribute('i', p.i)}>${escapeText(p.code)}</ept>`;
    })
    .join('');
}

/**
 * A TMX 1.4b document: one `<tu>` per source/target pair, each `<tuv>` with its `xml:lang`,
 * inline codes as `<ph>`, `<bpt>` and `<ept>` holding the original text they stand for.
 * Written by hand rather than with an XML builder: a segment is mixed content (text between
 * elements), which is a few lines of escaping here and awkward to express as builder objects.
 */
export function formatTmx(pairs: Iterable<TmxPair>, options: FormatTmxOptions): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tmx version="1.4">',
    `  <header creationtool="Transloom"${attribute('creationtoolversion', options.toolVersion)} segtype="sentence" o-tmf="transloom" adminlang="en"${attribute('srclang', options.sourceLang)} datatype="plaintext"/>`,
    '  <body>',
  ];
  for (const pair of pairs) {
    lines.push(
      `    <tu${attribute('tuid', pair.id)}>`,
      `      <tuv xml:lang="${escapeAttribute(options.sourceLang)}"><seg>${seg(pair.source)}</seg></tuv>`,
      `      <tuv xml:lang="${escapeAttribute(pair.targetLang)}"><seg>${seg(pair.target)}</seg></tuv>`,
      '    </tu>',
    );
  }
  lines.push('  </body>', '</tmx>', '');
  return lines.join('\n');
}
