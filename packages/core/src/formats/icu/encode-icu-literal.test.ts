import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { encodeIcuLiteral, type IcuLiteralContext } from './encode-icu-literal.js';

// What follows the literal in the test message, as ICU syntax, for each `next` character.
const FOLLOWING: Readonly<Record<string, string>> = {
  '{': '{name}',
  '#': '#',
  '<': '<b>bold</b>',
  '\uE000': '\uE000',
};

/**
 * Writes `text` where `context` says and reads it back with FormatJS's parser: the literal
 * text it reads before what follows, and the elements after it.
 */
function readBack(text: string, context: IcuLiteralContext): { text: string; after: string[] } {
  const encoded = encodeIcuLiteral(text, context);
  const following =
    context.next === undefined || context.next === '}' ? '' : FOLLOWING[context.next]!;
  const message = context.inPlural
    ? `{n, plural, other {${encoded}${following}}}`
    : `${encoded}${following}`;
  let elements: MessageFormatElement[] = parse(message, {
    ignoreTag: !context.tags,
    requiresOtherClause: false,
  });
  if (context.inPlural) {
    const plural = elements[0]!;
    if (plural.type !== TYPE.plural) throw new Error(`${message}: not one plural`);
    elements = plural.options.other!.value;
  }
  let read = '';
  let i = 0;
  // FormatJS gives a self-closing tag (`<br/>`) an element of its own, still literal text.
  for (; i < elements.length && elements[i]!.type === TYPE.literal; i++)
    read += (elements[i] as { value: string }).value;
  return { text: read, after: elements.slice(i).map((e) => TYPE[e.type]) };
}

const AFTER: Readonly<Record<string, string[]>> = {
  '{': ['argument'],
  '#': ['pound'],
  '<': ['tag'],
};

describe('encodeIcuLiteral', () => {
  it.each([
    ["don't", { inPlural: false, tags: true }, "don't"],
    ["No results for '", { inPlural: false, tags: true, next: '{' }, "No results for ''"],
    ["' found", { inPlural: false, tags: true, next: undefined }, "' found"],
    ["users'", { inPlural: true, tags: true, next: '}' }, "users''"],
    ['{literal}', { inPlural: false, tags: true }, "'{'literal'}'"],
    ["{'s", { inPlural: false, tags: true }, "'{'''s"],
    ["it's {x}", { inPlural: false, tags: true }, "it's '{'x'}'"],
    ['# and #', { inPlural: true, tags: true }, "'#' and '#'"],
    ['# and #', { inPlural: false, tags: true }, '# and #'],
    ["'#'", { inPlural: false, tags: true }, "'#'"],
    ["'#'", { inPlural: true, tags: true }, "'''#'''"],
    ['a <b>c</b>', { inPlural: false, tags: true }, "a '<'b>c'<'/b>"],
    ['a <b>c</b>', { inPlural: false, tags: false }, 'a <b>c</b>'],
    ['line<br/>break', { inPlural: false, tags: true }, 'line<br/>break'],
    ["'<3'", { inPlural: false, tags: false }, "''<3'"],
  ] satisfies Array<[string, IcuLiteralContext, string]>)(
    'writes %j in %j as %j, quoting only where ICU needs it',
    (text, context, encoded) => {
      expect(encodeIcuLiteral(text, context)).toBe(encoded);
      expect(readBack(text, context).text).toBe(text);
    },
  );

  it('gives back every random text of syntax characters, in every place, as FormatJS reads it', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = ["'", "'", '{', '}', '#', '<', '>', '/', 'b', ' ', 'x', '|'];
    const nexts = [undefined, '}', '{', '#', '<', '\uE000'];
    let checked = 0;
    for (let n = 0; n < 4000; n++) {
      const length = 1 + Math.floor(random() * 8);
      let text = '';
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      const inPlural = random() < 0.5;
      const tags = random() < 0.5;
      const next = nexts[Math.floor(random() * nexts.length)];
      // `}` follows only inside a branch, the end of the message only outside; `#` is syntax
      // only inside a plural, `<b>` only where tags are read.
      if ((next === '}') !== inPlural && (next === undefined || next === '}')) continue;
      if ((next === '#' && !inPlural) || (next === '<' && !tags)) continue;
      const context = { inPlural, tags, next };
      const read = readBack(text, context);
      // The markup sentinel reads as literal text, right after the text.
      const expected = next === '\uE000' ? `${text}\uE000` : text;
      expect([text, context, read.text]).toEqual([text, context, expected]);
      expect(read.after).toEqual(next === undefined ? [] : (AFTER[next] ?? []));
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
