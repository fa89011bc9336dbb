/**
 * One line of text from a file or a report, safe to print in a log: control characters and
 * line breaks become spaces (a line break could start a workflow command such as
 * `::add-mask::`), and it is cut to `max` characters.
 */
export function oneLine(text: string, max = 300): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/**
 * Untrusted text as a Markdown code span, inside or outside a table: nothing in it is read
 * as Markdown, HTML, a link, an emoji code or an @-mention. The fence is longer than any run of
 * backticks inside, and `|` is escaped so it cannot split a table cell (GFM reads `\|` as
 * `|` even in a code span inside a table).
 */
export function code(text: string, max = 200): string {
  const value = oneLine(text, max).replace(/\|/g, '\\|');
  if (value === '') return '` `';
  const longest = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${value}${pad}${fence}`;
}

/**
 * Text for Markdown outside code: HTML, emphasis, links, tables, strike-through and mentions
 * escaped, and a first character that would start a heading, list or quote.
 */
export function escapeMarkdown(text: string, max = 300): string {
  return oneLine(text, max)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~!@]/g, (c) => `\\${c}`)
    .replace(/^([#+-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
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
