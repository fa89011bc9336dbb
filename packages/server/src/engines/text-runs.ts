import { htmlVoidElements } from 'html-void-elements';
/** How a text's markup is treated while translating it. */
export interface TextRunOptions {
  tagHandling: 'xml' | 'html' | null;
  /** Elements whose content is left untouched. */
  ignoreTags: readonly string[];
}

/**
 * A piece of a text: translatable prose, or something kept byte for byte: a placeholder
 * (part of the sentence, like `{{name}}`) or markup (tags, comments, ignored elements).
 */
export interface TextToken {
  kind: 'text' | 'placeholder' | 'markup';
  value: string;
}

// Placeholders of common message formats, entities and URLs are never translated, even in
// plain text: an engine that rewrote `{{name}}` or `&amp;` would break the caller's string.
const PROTECTED =
  /\{\{[^{}]*\}\}|\{[^{}\s][^{}]*\}|\$\{[^{}]*\}|%(?:\d+\$)?[-+ 0#]?\d*(?:\.\d+)?[sdifuxXeEgGcop@]|&(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);|https?:\/\/[^\s<>"']+/g;

const MARKUP =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/?[A-Za-z_][^\s/>]*(?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*\s*\/?>/gi;

const HTML_RAW_TEXT = ['script', 'style'];

// Elements that have no content and no end tag in HTML.
const HTML_VOID: ReadonlySet<string> = new Set(htmlVoidElements);

// `translate="no"` in HTML marks an element's content as not to be translated, whatever the
// case of the value (HTML attribute values of enumerated attributes are case-insensitive).
const TRANSLATE_NO = /\stranslate\s*=\s*(?:"\s*no\s*"|'\s*no\s*'|no(?=[\s/>]))/i;

function tagName(tag: string): string {
  const match = /^<\/?([^\s/>]+)/.exec(tag);
  return match ? match[1]!.toLowerCase() : '';
}

function pushText(tokens: TextToken[], text: string): void {
  let last = 0;
  for (const match of text.matchAll(PROTECTED)) {
    if (match.index > last) tokens.push({ kind: 'text', value: text.slice(last, match.index) });
    tokens.push({ kind: 'placeholder', value: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) tokens.push({ kind: 'text', value: text.slice(last) });
}

/** Splits a text into translatable prose and pieces to keep (tags, entities, placeholders, ignored elements). */
export function tokenizeText(text: string, options: TextRunOptions): TextToken[] {
  const tokens: TextToken[] = [];
  if (options.tagHandling === null) {
    pushText(tokens, text);
    return tokens;
  }
  const ignored = new Set(options.ignoreTags.map((t) => t.toLowerCase()));
  if (options.tagHandling === 'html') for (const t of HTML_RAW_TEXT) ignored.add(t);
  let last = 0;
  let ignoreDepth = 0;
  let ignoreName = '';
  for (const match of text.matchAll(MARKUP)) {
    const between = text.slice(last, match.index);
    if (between !== '') {
      if (ignoreDepth > 0) tokens.push({ kind: 'markup', value: between });
      else pushText(tokens, between);
    }
    const tag = match[0];
    tokens.push({ kind: 'markup', value: tag });
    last = match.index + tag.length;
    if (!tag.startsWith('<') || tag.startsWith('<!') || tag.startsWith('<?')) continue;
    const name = tagName(tag);
    const closing = tag.startsWith('</');
    const selfClosing =
      tag.endsWith('/>') || (options.tagHandling === 'html' && HTML_VOID.has(name));
    if (ignoreDepth > 0) {
      if (name === ignoreName && !selfClosing) ignoreDepth += closing ? -1 : 1;
    } else if (
      !closing &&
      !selfClosing &&
      (ignored.has(name) || (options.tagHandling === 'html' && TRANSLATE_NO.test(tag)))
    ) {
      ignoreDepth = 1;
      ignoreName = name;
    }
  }
  const rest = text.slice(last);
  if (rest !== '') {
    if (ignoreDepth > 0) tokens.push({ kind: 'markup', value: rest });
    else pushText(tokens, rest);
  }
  return tokens;
}

/** Applies `translate` to every piece of prose of `text`, keeping everything else as it is. */
export function mapTextRuns(
  text: string,
  options: TextRunOptions,
  translate: (run: string) => string,
): string {
  return tokenizeText(text, options)
    .map((t) => (t.kind === 'text' ? translate(t.value) : t.value))
    .join('');
}
