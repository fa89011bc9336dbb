import type { Parents, PhrasingContent } from 'mdast';
import type { OffsetMap } from './markdown-extraction.js';
import { type Range, rangeOf } from './markdown-inline.js';

/** A block's phrasing content without the markers at its edges, and the span left to translate. */
export interface PhrasingBody {
  children: readonly PhrasingContent[];
  start: number;
  end: number;
}

const ALERT = /^\[![A-Za-z]+\][ \t]*\r?\n[ \t]*(?:>[ \t]?)*/;
const HEADING_ID = /[ \t]*\{[ \t]*#[^\s{}]+[ \t]*\}[ \t]*$/;
// An empty anchor at a heading's end, as written to keep a source anchor where ids cannot be set.
const ANCHOR_OPEN = /^<(?:span|a)\s+id=["'][^"'\s]+["']\s*>$/;
const ANCHOR_CLOSE = /^<\/(?:span|a)>$/;

// Where an empty `<span id>` (or `<a id>`) closes a heading: Markdown reads it as two HTML
// nodes, MDX as one element without children. -1 when there is none.
function trailingAnchor(children: readonly PhrasingContent[]): number {
  const last = children.at(-1);
  if (last?.type === 'mdxJsxTextElement') {
    const only = last.attributes.length === 1 ? last.attributes[0] : undefined;
    const name = last.name === 'span' || last.name === 'a';
    return name &&
      last.children.length === 0 &&
      only?.type === 'mdxJsxAttribute' &&
      only.name === 'id'
      ? children.length - 1
      : -1;
  }
  const open = children.at(-2);
  return last?.type === 'html' &&
    ANCHOR_CLOSE.test(last.value) &&
    open?.type === 'html' &&
    ANCHOR_OPEN.test(open.value)
    ? children.length - 2
    : -1;
}

// A GitHub alert's `[!NOTE]` with its line break stays before the unit.
function withoutAlert(text: string, body: PhrasingBody, first: Range): PhrasingBody {
  const head = body.children[0];
  if (head?.type !== 'text') return body;
  const alert = ALERT.exec(text.slice(first.start));
  if (!alert || !head.value.startsWith(alert[0].slice(0, alert[0].indexOf(']') + 1))) return body;
  const remaining = head.value.slice(head.value.indexOf('\n') + 1).replace(/^[ \t]*/, '');
  const rest = body.children.slice(1);
  return {
    ...body,
    start: first.start + alert[0].length,
    children: remaining === '' ? rest : [{ ...head, value: remaining }, ...rest],
  };
}

// A heading's trailing anchor, id expression or `{#id}` stays after the unit.
function withoutHeadingId(
  text: string,
  body: PhrasingBody,
  last: Range,
  map: OffsetMap,
  siteId: RegExp | undefined,
) {
  let rest = body.children;
  let end = body.end;
  const marker = trailingAnchor(rest);
  if (marker !== -1) {
    end = rangeOf(rest[marker]!, { map })?.start ?? end;
    rest = rest.slice(0, marker);
  }
  const tail = rest.at(-1);
  if (tail?.type === 'mdxTextExpression') {
    end = rangeOf(tail, { map })?.start ?? end;
    rest = rest.slice(0, -1);
  } else if (tail?.type === 'text') {
    const id = HEADING_ID.exec(tail.value) ?? siteId?.exec(tail.value);
    if (id && text.slice(last.end - id[0].length, last.end) === id[0]) {
      end = last.end - id[0].length;
      rest = [...rest.slice(0, -1), { ...tail, value: tail.value.slice(0, -id[0].length) }];
    }
  }
  return { ...body, children: rest, end };
}

/**
 * Markers at the edges of a block stay outside its unit, where no translation can move them:
 * a GitHub alert's `[!NOTE]` with its line break, and a heading's `{#id}`, id expression or anchor.
 */
export function phrasingBody(
  text: string,
  node: Parents,
  children: readonly PhrasingContent[],
  edges: {
    first: Range;
    last: Range;
    map: OffsetMap;
    /** A heading id in the site's own attribute syntax (see `siteIdPattern`). */
    siteId?: RegExp | undefined;
  },
): PhrasingBody {
  let body = withoutAlert(
    text,
    { children, start: edges.first.start, end: edges.last.end },
    edges.first,
  );
  if (node.type === 'heading')
    body = withoutHeadingId(text, body, edges.last, edges.map, edges.siteId);
  // Whitespace left at the new end stays outside too, in the span and in the text.
  if (body.end === edges.last.end) return body;
  let end = body.end;
  while (end > body.start && /[ \t]/.test(text[end - 1]!)) end--;
  const tail = body.children.at(-1);
  const trimmed =
    tail?.type === 'text'
      ? [...body.children.slice(0, -1), { ...tail, value: tail.value.replace(/[ \t]+$/, '') }]
      : body.children;
  return { children: trimmed, start: body.start, end };
}
