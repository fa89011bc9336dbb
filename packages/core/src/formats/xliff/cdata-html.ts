import { htmlVoidElements } from 'html-void-elements';
import type { IcuPart } from '../icu/icu-to-segments.js';

// A start, end or empty HTML tag, a comment, or a character or entity reference.
const HTML_TOKEN =
  /<!--[\s\S]*?-->|<\/?([A-Za-z][\w:.-]*)(?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*\s*\/?>|&(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z][\w.-]*);/g;

const VOID: ReadonlySet<string> = new Set(htmlVoidElements);

/** Whether CDATA text holds HTML markup (a tag or a reference) worth protecting. */
export function hasHtml(value: string): boolean {
  return new RegExp(HTML_TOKEN.source).test(value);
}

interface Token {
  start: number;
  end: number;
  name: string | undefined;
  closing: boolean;
  pair?: number;
}

/**
 * Turns the HTML a CDATA section holds (`value`, starting at offset `at` of the file) into
 * parts: elements with content become pairs, void and unmatched tags, comments and
 * references placeholders, each restored from its exact bytes. A full HTML parser would
 * normalize what it reads; here only tags are located, and everything else stays text.
 */
export function cdataHtmlParts(value: string, at: number): IcuPart[] {
  const tokens: Token[] = [];
  for (const match of value.matchAll(HTML_TOKEN)) {
    const raw = match[0];
    const name = match[1]?.toLowerCase();
    tokens.push({
      start: at + match.index,
      end: at + match.index + raw.length,
      name: raw.endsWith('/>') || (name && VOID.has(name)) ? undefined : name,
      closing: raw.startsWith('</'),
    });
  }
  // Pair each start tag with the nearest unmatched end tag of its name.
  const open: number[] = [];
  tokens.forEach((token, i) => {
    if (!token.name) return;
    if (!token.closing) {
      open.push(i);
      return;
    }
    for (let j = open.length - 1; j >= 0; j--) {
      if (tokens[open[j]!]!.name !== token.name) continue;
      tokens[open[j]!]!.pair = i;
      token.pair = open[j]!;
      open.splice(j);
      break;
    }
  });
  const parts: IcuPart[] = [];
  let last = at;
  const text = (to: number) => {
    if (to > last) parts.push({ kind: 'text', value: value.slice(last - at, to - at) });
  };
  // A pair whose end lies outside the enclosing pair cannot nest: it becomes two placeholders.
  const stack: number[] = [];
  tokens.forEach((token, i) => {
    text(token.start);
    last = token.end;
    const pair = token.pair;
    if (pair !== undefined && !token.closing && (stack.length === 0 || pair < stack.at(-1)!)) {
      stack.push(pair);
      parts.push({
        kind: 'open',
        open: { start: token.start, end: token.end },
        close: { start: tokens[pair]!.start, end: tokens[pair]!.end },
      });
    } else if (pair !== undefined && token.closing && stack.at(-1) === i) {
      stack.pop();
      parts.push({ kind: 'close' });
    } else {
      parts.push({ kind: 'placeholder', original: { start: token.start, end: token.end } });
    }
  });
  text(at + value.length);
  return parts;
}
