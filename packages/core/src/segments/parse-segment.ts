import { TransloomError } from '@transloom/client/errors';
/** A piece of a segment. */
export type SegmentToken =
  | { type: 'text'; value: string }
  | { type: 'x'; id: string }
  | { type: 'open'; id: string }
  | { type: 'close'; id: string };

/** A segment that is not well-formed segment markup. */
export class SegmentSyntaxError extends TransloomError {
  override readonly name = 'SegmentSyntaxError';

  constructor(message: string) {
    super('TRANSLOOM_SEGMENT_SYNTAX', message, { kind: 'user' });
  }
}

const ENTITIES: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};
const TOKEN =
  /<x\s+id\s*=\s*(?:"([^"]*)"|'([^']*)')\s*\/>|<g\s+id\s*=\s*(?:"([^"]*)"|'([^']*)')\s*>|<\/g\s*>|&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);|[<&]/g;

function entity(name: string): string {
  if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
  if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
  const value = ENTITIES[name];
  if (value === undefined) throw new SegmentSyntaxError(`unknown entity &${name};`);
  return value;
}

/**
 * Reads segment markup: text with `&lt; &gt; &amp; &quot; &apos;` and numeric references,
 * `<x id="n"/>` placeholders and balanced `<g id="n">..</g>` pairs. Anything else, like a
 * stray `<` or an unclosed `<g>`, is a {@link SegmentSyntaxError}.
 */
export function parseSegment(segment: string): SegmentToken[] {
  if (isPlain(segment)) return segment === '' ? [] : [{ type: 'text', value: segment }];
  const tokens: SegmentToken[] = [];
  const stack: string[] = [];
  let text = '';
  let last = 0;
  const flush = () => {
    if (text !== '') tokens.push({ type: 'text', value: text });
    text = '';
  };
  for (const match of segment.matchAll(TOKEN)) {
    text += segment.slice(last, match.index);
    last = match.index + match[0].length;
    const [whole, x1, x2, g1, g2, ref] = match;
    if (x1 !== undefined || x2 !== undefined) {
      flush();
      tokens.push({ type: 'x', id: (x1 ?? x2)! });
    } else if (g1 !== undefined || g2 !== undefined) {
      flush();
      const id = (g1 ?? g2)!;
      stack.push(id);
      tokens.push({ type: 'open', id });
    } else if (whole.startsWith('</g')) {
      const id = stack.pop();
      if (id === undefined) throw new SegmentSyntaxError(`</g> at ${match.index} closes nothing`);
      flush();
      tokens.push({ type: 'close', id });
    } else if (ref !== undefined) {
      text += entity(ref);
    } else {
      throw new SegmentSyntaxError(`unescaped '${whole}' at ${match.index}`);
    }
  }
  text += segment.slice(last);
  flush();
  if (stack.length > 0) throw new SegmentSyntaxError(`<g id="${stack.at(-1)}"> is never closed`);
  return tokens;
}

// No markup and no reference: the segment is its own text (most sentences are).
function isPlain(segment: string): boolean {
  return segment.indexOf('<') === -1 && segment.indexOf('&') === -1;
}

/** The plain text of a segment, markup left out. */
export function segmentText(segment: string): string {
  if (isPlain(segment)) return segment;
  return parseSegment(segment)
    .map((t) => (t.type === 'text' ? t.value : ''))
    .join('');
}

/** The placeholder and pair ids a segment carries, each sorted (a multiset). */
export function segmentIds(segment: string): { x: string[]; g: string[] } {
  if (isPlain(segment)) return { x: [], g: [] };
  const x: string[] = [];
  const g: string[] = [];
  for (const token of parseSegment(segment)) {
    if (token.type === 'x') x.push(token.id);
    if (token.type === 'open') g.push(token.id);
  }
  return { x: x.sort(), g: g.sort() };
}

/**
 * Why `translated` does not carry exactly the markup of `source`, or null when it does:
 * same placeholder ids, same pair ids, each as often, and well-formed.
 */
export function compareSegmentMarkup(source: string, translated: string): string | null {
  if (isPlain(source) && isPlain(translated)) return null;
  let theirs: { x: string[]; g: string[] };
  try {
    theirs = segmentIds(translated);
  } catch (error) {
    return `the translation is not well-formed: ${(error as Error).message}`;
  }
  const ours = segmentIds(source);
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  if (!same(ours.x, theirs.x)) {
    return `placeholders differ: expected [${ours.x.join(', ')}], got [${theirs.x.join(', ')}]`;
  }
  if (!same(ours.g, theirs.g))
    return `tags differ: expected [${ours.g.join(', ')}], got [${theirs.g.join(', ')}]`;
  return null;
}

/** Writes tokens back as segment markup (text escaped). */
export function serializeSegment(tokens: readonly SegmentToken[]): string {
  return tokens
    .map((t) => {
      if (t.type === 'text')
        return t.value.replace(/[&<>]/g, (ch) =>
          ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : '&gt;',
        );
      if (t.type === 'x') return `<x id="${t.id}"/>`;
      return t.type === 'open' ? `<g id="${t.id}">` : '</g>';
    })
    .join('');
}

/** Applies `transform` to the text of a segment, keeping its markup. */
export function mapSegmentText(segment: string, transform: (text: string) => string): string {
  return serializeSegment(
    parseSegment(segment).map((t) => (t.type === 'text' ? { ...t, value: transform(t.value) } : t)),
  );
}
