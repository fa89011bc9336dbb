import type { IcuPart } from '../icu/icu-to-segments.js';
import { cdataHtmlParts, hasHtml } from './cdata-html.js';
import { type EntityTable, type ReferenceForms, readXmlText } from './xml-entities.js';
import { type FragmentToken, localName } from './xml-tree.js';

/** Which inline elements of an XLIFF version pair around text, and which stand alone. */
export interface InlineRules {
  /** Paired elements whose content is translatable (1.2 `g`, `mrk`; 2.0 `pc`, `mrk`). */
  pairs: ReadonlySet<string>;
  /** Everything else (`x`, `ph`, `bpt`, `sc`, `cp`, ...) is one placeholder, content included. */
}

/** What turning one content's tokens into parts reads and records. */
export interface PartsContext {
  text: string;
  rules: InlineRules;
  entities: EntityTable;
  /** How the content writes characters as references (filled while reading). */
  forms: ReferenceForms;
  /**
   * Ids of `<sm translate="no"/>` markers whose `<em/>` has not come yet. Shared by the
   * segments of a unit, since a protected range may end in a later segment.
   */
  openRanges: Set<string>;
  /** The content is one CDATA section: HTML in it is markup. */
  cdataHtml: boolean;
}

function attribute(token: FragmentToken, name: string): string {
  return (token.type === 'empty' && token.attributes[name]) || '';
}

function isProtectedStart(token: FragmentToken): boolean {
  return (
    token.type === 'empty' &&
    localName(token.name) === 'sm' &&
    attribute(token, 'translate') === 'no'
  );
}

function endsRange(token: FragmentToken, open: ReadonlySet<string>): boolean {
  return (
    token.type === 'empty' &&
    localName(token.name) === 'em' &&
    open.has(attribute(token, 'startRef'))
  );
}

function matchingClose(tokens: readonly FragmentToken[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'open') depth++;
    else if (token.type === 'close' && --depth === 0) return i;
  }
  return tokens.length - 1;
}

function textParts(token: FragmentToken, context: PartsContext): IcuPart[] {
  if (token.type === 'cdata') {
    const at = token.start + 9;
    return context.cdataHtml && hasHtml(token.value)
      ? cdataHtmlParts(token.value, at)
      : [{ kind: 'text', value: token.value }];
  }
  return readXmlText(context.text, token.start, token.end, context.entities, context.forms).map(
    (piece): IcuPart =>
      piece.kind === 'text'
        ? { kind: 'text', value: piece.value }
        : { kind: 'placeholder', original: { start: piece.start, end: piece.end } },
  );
}

/**
 * Turns an element's tokens into parts: pairs around content, everything else a single
 * placeholder. Content marked `translate="no"` (an element with the attribute, or an
 * `<sm translate="no"/>`..`<em/>` range, which may cross element boundaries and segments)
 * becomes placeholders of its exact bytes.
 */
export function toParts(tokens: readonly FragmentToken[], context: PartsContext): IcuPart[] {
  const parts: IcuPart[] = [];
  const { openRanges } = context;
  let i = 0;
  while (i < tokens.length) {
    if (openRanges.size > 0) {
      // A protected run: up to the `<em/>` that ends it, the end of this level, or a pair
      // the range ends inside of (which stays a pair, protected within).
      const start = tokens[i]!.start;
      let end = start;
      let stop: number | undefined;
      while (i < tokens.length && openRanges.size > 0) {
        const token = tokens[i]!;
        if (token.type === 'open') {
          const close = matchingClose(tokens, i);
          if (tokens.slice(i + 1, close).some((t) => endsRange(t, openRanges))) {
            stop = i;
            break;
          }
          end = tokens[close]!.end;
          i = close + 1;
          continue;
        }
        if (isProtectedStart(token)) openRanges.add(attribute(token, 'id'));
        else if (endsRange(token, openRanges)) openRanges.delete(attribute(token, 'startRef'));
        end = token.end;
        i++;
      }
      if (end > start) parts.push({ kind: 'placeholder', original: { start, end } });
      if (stop === undefined) continue;
    }
    const token = tokens[i]!;
    if (token.type === 'text' || token.type === 'cdata') {
      parts.push(...textParts(token, context));
      i++;
    } else if (isProtectedStart(token)) {
      openRanges.add(attribute(token, 'id'));
    } else if (token.type === 'open') {
      const close = matchingClose(tokens, i);
      const protectedMark =
        token.attributes.translate === 'no' || token.attributes.mtype === 'protected';
      if (context.rules.pairs.has(localName(token.name)) && !protectedMark) {
        parts.push({
          kind: 'open',
          open: { start: token.start, end: token.end },
          close: { start: tokens[close]!.start, end: tokens[close]!.end },
        });
        parts.push(...toParts(tokens.slice(i + 1, close), context));
        parts.push({ kind: 'close' });
      } else {
        parts.push({
          kind: 'placeholder',
          original: { start: token.start, end: tokens[close]!.end },
        });
      }
      i = close + 1;
    } else {
      parts.push({ kind: 'placeholder', original: { start: token.start, end: token.end } });
      i++;
    }
  }
  return parts;
}
