import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/**
 * Markdown as GitHub renders a comment or a job summary: CommonMark with GFM (tables,
 * autolinks, strike-through), raw HTML passed through as GitHub passes its safe subset.
 */
export function renderGfm(markdown: string): string {
  return micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });
}

/** The text people see in rendered HTML: tags removed, character references decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * What people read of rendered Markdown: `visibleText` without the word joiners the Action
 * puts in on purpose, each table row on one line with its cells separated by a space.
 */
export function readableText(markdown: string): string {
  const html = renderGfm(markdown).replace(/<\/t([dh])>\s*(?=<t[dh][\s>])/g, '</t$1> ');
  return visibleText(html).replace(/\u2060/g, '');
}

/** The tag names of the rendered HTML, each once. */
export function tagNames(html: string): string[] {
  return [...new Set([...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()))];
}

/**
 * What a renderer (or GitHub after it) would make live from `html`'s text: @mentions, issue
 * references (`#12`, `GH-12`), bare links (`http://`, `www.`), e-mail addresses, and the
 * bidirectional and zero-width characters that make text read otherwise than it is. The word
 * joiner that the Action inserts to break these is not one of them.
 */
export function liveText(html: string): string[] {
  const text = visibleText(html);
  const found: string[] = [];
  const rules: Array<[string, RegExp]> = [
    ['mention', /(^|[^\w`])@[A-Za-z0-9]/],
    ['issue reference', /(^|[^\w&])#\d/],
    ['GH reference', /\bGH-\d/i],
    ['link', /[a-z]:\/\//i],
    ['www link', /\bwww\./i],
    ['e-mail', /\w@\w+\.\w/],
    ['bidirectional or zero-width character', /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/],
  ];
  for (const [what, pattern] of rules) if (pattern.test(text)) found.push(what);
  return found;
}
