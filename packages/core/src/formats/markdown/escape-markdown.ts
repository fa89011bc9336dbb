import type { Range } from './markdown-inline.js';

/** Where translated text lands in a Markdown document. */
export interface MarkdownTextContext {
  mdx: boolean;
  /** Inside a table cell, where `|` ends the cell. */
  table: boolean;
  /** At the start of a block, where `#`, `>`, `-` or `1.` would start a new construct. */
  blockStart: boolean;
  /** How the source's text wrote `<`, `>`, `{` and `}` when it escaped them (`\<`, `&lt;`). */
  spellings?: ReadonlyMap<string, string>;
}

// An escaped `<`, `>`, `{` or `}` as a source writes it: a backslash, or a character reference.
const ESCAPED =
  /\\([<>{}])|&(lt|gt|#0*60|#x0*3c|#0*62|#x0*3e|#0*123|#x0*7b|#0*125|#x0*7d|lbrace|rbrace|lcub|rcub);/gi;
const REFERENCE: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  lbrace: '{',
  lcub: '{',
  rbrace: '}',
  rcub: '}',
};

function referenced(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (REFERENCE[lower]) return REFERENCE[lower];
  const code = lower.startsWith('#x')
    ? Number.parseInt(lower.slice(2), 16)
    : Number.parseInt(lower.slice(1), 10);
  return Number.isNaN(code) ? undefined : String.fromCharCode(code);
}

/**
 * How the source spelled each of `<`, `>`, `{`, `}` it escaped in its text (the raw text of
 * `ranges`, the unit's text nodes): the first spelling of each, so a translation writes
 * `Map\<K, V\>` where the source did and `&lt;` where the source did.
 */
export function sourceSpellings(text: string, ranges: readonly Range[]): Map<string, string> {
  const spellings = new Map<string, string>();
  for (const range of ranges) {
    const raw = text.slice(range.start, range.end);
    if (!/[\\&]/.test(raw)) continue;
    for (const match of raw.matchAll(ESCAPED)) {
      const char = match[1] ?? referenced(match[2]!);
      if (char && !spellings.has(char)) spellings.set(char, match[0]);
    }
  }
  return spellings;
}

/**
 * Escapes translated text so it reads back as the same text: Markdown punctuation gets a
 * backslash, `&` before an entity and `<` before a tag name are written safely, line breaks
 * become spaces (the unit's own line structure is not the translation's). In MDX every `<`,
 * `{` and `}` is escaped (MDX reads any of them as the start of JSX or an expression), as the
 * source spelled it, else `\<`; Markdown writes `&lt;` where the source has no spelling of its
 * own. A `>` is escaped only where the source escaped it.
 */
export function escapeMarkdownText(text: string, context: MarkdownTextContext): string {
  const spell = (char: string, fallback: string) => context.spellings?.get(char) ?? fallback;
  let out = text.replace(/\r?\n[ \t]*/g, ' ');
  out = out.replace(/\\(?=[!-/:-@[-`{-~]|$)/g, '\\\\');
  // `~` too: GFM reads `~a~` as strikethrough.
  out = out.replace(/[*_`[\]~]/g, '\\$&');
  out = out.replace(/&(?=#?\w+;)/g, '&amp;');
  out = out.replace(/\u00a0/g, '&nbsp;');
  out = context.mdx
    ? out.replace(/</g, () => spell('<', '\\<'))
    : out.replace(/<(?=[A-Za-z/!?])/g, () => spell('<', '&lt;'));
  const gt = context.spellings?.get('>');
  if (gt) out = out.replace(/>/g, gt);
  if (context.mdx) out = out.replace(/[{}]/g, (c) => spell(c, `\\${c}`));
  // `:name` is a text directive where the generator reads directives (Docusaurus, Starlight),
  // and takes a `[label]` or `{attributes}` that follows it (here, or in the markup after).
  out = out.replace(/:(?=[\p{ID_Start}_]|[\p{L}\p{N}_-]+(?:$|\{))/gu, '\\:');
  if (context.table) out = out.replace(/\|/g, '\\|');
  if (context.blockStart) {
    // Space before the first character means nothing there, and would hide a marker behind it.
    out = out.trimStart();
    out = out.replace(/^([#>+=-]|\d+[.)]|:{2,})/, (m) =>
      m.length === 1 || m.startsWith(':') ? `\\${m}` : `${m.slice(0, -1)}\\${m.slice(-1)}`,
    );
    // MDX reads a paragraph that starts with `import ` or `export ` as JavaScript.
    if (context.mdx)
      out = out.replace(/^(?:import|export)(?=[ \t])/, (m) => `&#${m.charCodeAt(0)};${m.slice(1)}`);
  }
  return out;
}

/** The text a Markdown label shows: backslash escapes and character references read. */
export function unescapeMarkdownText(text: string): string {
  // One pass, so an escaped backslash is never read twice.
  return text.replace(
    /\\([!-/:-@[-`{-~])|&(amp|#0*38|#x0*26);|&(lt|gt|#0*60|#x0*3c|#0*62|#x0*3e|#0*123|#x0*7b|#0*125|#x0*7d|lbrace|rbrace|lcub|rcub);/gi,
    (m, escaped: string | undefined, amp: string | undefined, name: string | undefined) =>
      escaped ?? (amp ? '&' : (referenced(name!) ?? m)),
  );
}
