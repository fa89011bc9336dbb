import { parseSegment } from '../segments/parse-segment.js';
import { escapeSegmentText } from '../segments/segment-markup.js';

/**
 * A piece of a TMX segment: text, or an inline code with the original bytes it stands for
 * (`<ph>` a placeholder, `<bpt>`/`<ept>` the two halves of paired markup, matched by `i`).
 */
export type TmxInline =
  | { type: 'text'; value: string }
  | { type: 'ph'; x: string | undefined; code: string }
  | { type: 'bpt'; i: string; x: string | undefined; code: string }
  | { type: 'ept'; i: string; code: string };

/** What a unit's `<x>` and `<g>` ids stand for, as text of its file. */
export interface MarkupOriginals {
  placeholders: ReadonlyMap<string, string>;
  pairs: ReadonlyMap<string, { open: string; close: string }>;
}

/** A segment in segment markup as TMX inline content, each code with its original text. */
export function markupToTmx(segment: string, originals: MarkupOriginals): TmxInline[] {
  const out: TmxInline[] = [];
  const open: string[] = [];
  let pairs = 0;
  for (const token of parseSegment(segment)) {
    if (token.type === 'text') out.push({ type: 'text', value: token.value });
    else if (token.type === 'x')
      out.push({ type: 'ph', x: token.id, code: originals.placeholders.get(token.id) ?? '' });
    else if (token.type === 'open') {
      const i = String(++pairs);
      open.push(i);
      out.push({ type: 'bpt', i, x: token.id, code: originals.pairs.get(token.id)?.open ?? '' });
    } else {
      out.push({ type: 'ept', i: open.pop()!, code: originals.pairs.get(token.id)?.close ?? '' });
    }
  }
  return out;
}

/**
 * The text a segment shows in its file, codes as their original bytes and whitespace runs
 * made one space: how a TMX segment is matched to a unit of the project, whichever ids and
 * code numbering the tool that wrote it used.
 */
export function nativeText(pieces: readonly TmxInline[]): string {
  return pieces
    .map((p) => (p.type === 'text' ? p.value : p.code))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * How each code of a TMX segment is found among another segment's: by its `x` (the tool's
 * own numbering), else by its kind, its text and its rank among codes of the same text.
 */
function codeKeys(
  pieces: readonly TmxInline[],
): Array<{ byX: string | undefined; byCode: string } | undefined> {
  const rank = new Map<string, number>();
  return pieces.map((p) => {
    if (p.type === 'text') return undefined;
    const code = `${p.type}\u0000${p.code}`;
    const n = (rank.get(code) ?? 0) + 1;
    rank.set(code, n);
    return {
      byX: p.type !== 'ept' && p.x !== undefined ? `${p.type}\u0000${p.x}` : undefined,
      byCode: `${code}\u0000${n}`,
    };
  });
}

/**
 * A TMX target segment in the segment markup of a project unit, or why it cannot be: the
 * TMX source segment (`source`) matched the unit's `segment`, so its codes line up one by one
 * with the unit's placeholders and pairs; each code of the target is found among the
 * source's by its `x` or by its text. Whether the result carries exactly the unit's markup is
 * for the caller to check, as for any answer.
 */
export function tmxToMarkup(
  target: readonly TmxInline[],
  source: readonly TmxInline[],
  segment: string,
): { markup: string } | { error: string } {
  const ours = parseSegment(segment).filter((t) => t.type !== 'text');
  const codes = source.filter((p) => p.type !== 'text');
  const expected = { ph: 'x', bpt: 'open', ept: 'close' } as const;
  if (
    ours.length !== codes.length ||
    codes.some((c, i) => expected[c.type as keyof typeof expected] !== ours[i]!.type)
  )
    return { error: "the source segment's codes do not line up with the unit's placeholders" };
  // Each code of the source by its x and by its text: the unit's id and the original text.
  const found = new Map<string, { id: string; code: string }>();
  const sourceKeys = codeKeys(codes);
  codes.forEach((code, i) => {
    const keys = sourceKeys[i]!;
    const entry = { id: ours[i]!.id, code: code.code };
    for (const key of [keys.byX, keys.byCode]) if (key && !found.has(key)) found.set(key, entry);
  });
  const targetKeys = codeKeys(target);
  let out = '';
  const stack: Array<{ i: string; id: string }> = [];
  for (let n = 0; n < target.length; n++) {
    const piece = target[n]!;
    if (piece.type === 'text') {
      out += escapeSegmentText(piece.value);
      continue;
    }
    const keys = targetKeys[n]!;
    const match = (keys.byX && found.get(keys.byX)) || found.get(keys.byCode);
    if (piece.type === 'ept') {
      // Segment markup nests: an <ept> closes the innermost open <bpt>.
      if (stack.at(-1)?.i !== piece.i)
        return { error: `<ept i="${piece.i}"> does not close the innermost open <bpt>` };
      stack.pop();
      out += '</g>';
      continue;
    }
    // A code must stand for the same original text as the source's: a changed placeholder
    // is a broken one, whatever number the tool gave it.
    if (match === undefined || (piece.code !== '' && piece.code !== match.code))
      return {
        error: `the translation has a code the source lacks: <${piece.type}>${piece.code}</${piece.type}>`,
      };
    const { id } = match;
    if (piece.type === 'ph') out += `<x id="${id}"/>`;
    else {
      stack.push({ i: piece.i, id });
      out += `<g id="${id}">`;
    }
  }
  if (stack.length > 0) return { error: `<bpt i="${stack[0]!.i}"> is never closed` };
  return { markup: out };
}
