// Characters that change how a line reads without showing: bidirectional controls (which can
// make a file name read backwards), zero-width characters, the soft hyphen, and the "tag"
// characters, which can carry hidden text.
const INVISIBLE =
  /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]|\udb40[\udc00-\udc7f]/g;

/**
 * One line of text from a file or a report, safe to print in a log: control characters and
 * line breaks become spaces (a line break could start a workflow command such as
 * `::add-mask::`), invisible and bidirectional characters are removed, and it is cut to `max`
 * characters.
 */
export function oneLine(text: string, max = 300): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(INVISIBLE, '');
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

// The word joiner: invisible, and no linker reads a link, a mention or a reference across it.
const JOIN = '&#8288;';

// What is rewritten, in one pass (so no reference is escaped twice): GitHub's `GH-12`
// references and `www.` links, a `-` or `+` that would start a list, a number that would
// start a numbered one, and ASCII punctuation that means something to Markdown, HTML, GFM
// tables, autolinks, mentions, emoji codes or math.
const REWRITTEN =
  /\bGH-(?=\d)|\bwww\.|^[-+]|(?<=\s)[-+](?=\s|$)|^\d+\.|[!"#$%&'()*:;<>=?@[\\\]^_`{|}~]/gi;

const reference = (c: string) => `&#${c.charCodeAt(0)};`;

function rewrite(match: string): string {
  if (match.length === 1)
    return `${reference(match)}${match === '#' || match === '@' || match === ':' ? JOIN : ''}`;
  if (/^GH-$/i.test(match)) return `${match}${JOIN}`;
  if (/^www\.$/i.test(match)) return `${match.slice(0, 3)}${JOIN}&#46;`;
  return `${match.slice(0, -1)}&#46;`;
}

/**
 * Untrusted text as Markdown text that stays text in any CommonMark or GFM renderer (GitHub's
 * included): syntax characters become numeric character references (no renderer reads syntax
 * out of a reference; `|` is `&#124;`, so a table cell cannot be split), and what a renderer
 * links in plain text after decoding is broken with an invisible word joiner: `@mentions`,
 * `#12` and `GH-12` references, `http://` and `www.` links, e-mail addresses, `:emoji:` codes.
 */
export function inertText(text: string, max = 300): string {
  return oneLine(text, max).replace(REWRITTEN, rewrite);
}

/**
 * Untrusted text (a file name, a key, a locale) as inline code, inside or outside a table:
 * HTML `<code>` around {@link inertText}. An HTML element rather than a backtick span,
 * because GFM reads `\|` inside a code span in a table as a cell border in some renderers.
 */
export function code(text: string, max = 200): string {
  return `<code>${inertText(text, max)}</code>`;
}

/** Text for Markdown outside code: {@link inertText}, the same guarantees. */
export function escapeMarkdown(text: string, max = 300): string {
  return inertText(text, max);
}

/** A whole number with thousands separators, as people read it. */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? Math.trunc(value).toLocaleString('en-US') : '0';
}

/** A link whose address is a trusted http(s) URL; anything else is left out. */
export function link(label: string, url: string | undefined): string {
  if (!url || !/^https?:\/\/[^\s<>()]+$/.test(url)) return escapeMarkdown(label);
  return `[${escapeMarkdown(label)}](${url})`;
}
