/** Where translated text lands in a Markdown document. */
export interface MarkdownTextContext {
  mdx: boolean;
  /** Inside a table cell, where `|` ends the cell. */
  table: boolean;
  /** At the start of a block, where `#`, `>`, `-` or `1.` would start a new construct. */
  blockStart: boolean;
}

/**
 * Escapes translated text so it reads back as the same text: Markdown punctuation gets a
 * backslash, `<` before a tag name and `&` before an entity are written safely, line breaks
 * become spaces (the unit's own line structure is not the translation's), and in MDX `{` and
 * `}` are escaped too.
 */
export function escapeMarkdownText(text: string, context: MarkdownTextContext): string {
  let out = text.replace(/\r?\n[ \t]*/g, ' ');
  out = out.replace(/\\(?=[!-/:-@[-`{-~]|$)/g, '\\\\');
  out = out.replace(/[*_`[\]]/g, '\\$&');
  out = out.replace(/<(?=[A-Za-z/!?])/g, context.mdx ? '\\<' : '&lt;');
  out = out.replace(/&(?=#?\w+;)/g, '&amp;');
  out = out.replace(/\u00a0/g, '&nbsp;');
  if (context.mdx) out = out.replace(/[{}]/g, '\\$&');
  if (context.table) out = out.replace(/\|/g, '\\|');
  if (context.blockStart)
    out = out.replace(/^([#>+=-]|\d+[.)])/, (m) =>
      m.length === 1 ? `\\${m}` : `${m.slice(0, -1)}\\${m.slice(-1)}`,
    );
  return out;
}
