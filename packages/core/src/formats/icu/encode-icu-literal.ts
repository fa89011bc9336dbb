/** Where a literal is written in an ICU message: what decides how it must be quoted. */
export interface IcuLiteralContext {
  /** The nearest enclosing argument is a plural or selectordinal, where `#` prints the number. */
  inPlural: boolean;
  /** Rich-text tags are read (FormatJS), so `<` before a letter or `/` starts a tag. */
  tags: boolean;
  /** The first character written right after the literal; undefined at the end of the message. */
  next?: string | undefined;
}

// Characters before which an apostrophe starts quoted text: `{` and `}` in ICU4J and FormatJS
// (their default, "double optional" apostrophes), `<` and `>` in FormatJS, `#` inside a plural.
const QUOTE_OPENERS = "'{}<>";

// `<name/>` outside a quote is literal text to FormatJS (a self-closing tag reads as itself).
const SELF_CLOSING = /<[A-Za-z][\w.-]*\/>/y;

/**
 * Encodes literal text for an ICU message, quoting only what ICU would read as syntax: runs of
 * `{` `}` (and `#` inside a plural, `<` before a tag name when tags are read) are wrapped in
 * apostrophes (apostrophes right after them go inside the quote, doubled), and any other
 * apostrophe is doubled only where a single one would start a quote: before one of
 * `' { } < >`, or `#` inside a plural, looking past the end of the text at `context.next`.
 * Both ICU4J and FormatJS read the result as `text`.
 *
 * Written by hand: FormatJS's printer doubles every apostrophe and prints whole messages from
 * its own tree, which would rewrite the arguments' own spelling.
 */
export function encodeIcuLiteral(text: string, context: IcuLiteralContext): string {
  const { inPlural, tags } = context;
  const at = (i: number): string | undefined => (i < text.length ? text[i] : context.next);
  const special = (i: number): boolean => {
    const ch = text[i];
    if (ch === '{' || ch === '}') return true;
    if (ch === '#') return inPlural;
    if (ch !== '<' || !tags || !/^[A-Za-z/]$/.test(at(i + 1) ?? '')) return false;
    SELF_CLOSING.lastIndex = i;
    return !SELF_CLOSING.test(text);
  };
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (special(i)) {
      // One quote around the run; an apostrophe inside it (`''` there) would end it otherwise,
      // and one right after it would read as an apostrophe inside the quote.
      let run = '';
      while (i < text.length && (special(i) || text[i] === "'")) {
        run += text[i] === "'" ? "''" : text[i];
        i++;
      }
      out += `'${run}'`;
      i--;
      continue;
    }
    const ch = text[i]!;
    if (ch === "'") {
      const next = at(i + 1);
      const opens =
        next !== undefined && (QUOTE_OPENERS.includes(next) || (next === '#' && inPlural));
      out += opens ? "''" : "'";
    } else {
      out += ch;
    }
  }
  return out;
}
