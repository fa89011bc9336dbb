import { htmlVoidElements } from 'html-void-elements';
import { escapeRegExp } from '../../segments/escape-reg-exp.js';
import type { SegmentBuilder } from '../../segments/segment-markup.js';

/** i18next syntax settings (the library's `interpolation` options). */
export interface I18nextSyntax {
  prefix: string;
  suffix: string;
  nestingPrefix: string;
  nestingSuffix: string;
}

/** i18next's defaults: `{{x}}` and `$t(key)`. */
export const DEFAULT_I18NEXT_SYNTAX: I18nextSyntax = {
  prefix: '{{',
  suffix: '}}',
  nestingPrefix: '$t(',
  nestingSuffix: ')',
};

type Token =
  | { kind: 'text'; value: string }
  | { kind: 'placeholder'; raw: string; argument?: string }
  | { kind: 'tag'; raw: string; name: string; closing: boolean; selfClosing: boolean };

const NO_ARGUMENTS: Map<string, string[]> = new Map();

// Elements that have no content and no end tag in HTML.
const VOID_ELEMENTS: ReadonlySet<string> = new Set(htmlVoidElements);
const TAG = /^<(\/?)([A-Za-z0-9][\w.:-]*)((?:\s+[^<>]*?)?)\s*(\/?)>/;

// `$t(key, { "count": 1 })` may hold parentheses inside; the nesting ends at its balanced `)`.
function nestingEnd(value: string, start: number, syntax: I18nextSyntax): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start + syntax.nestingPrefix.length; i < value.length; i++) {
    const ch = value[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '(') {
      depth++;
    } else if (value.startsWith(syntax.nestingSuffix, i)) {
      if (depth === 0) return i + syntax.nestingSuffix.length;
      if (ch === ')') depth--;
    }
  }
  return -1;
}

function tokenize(value: string, syntax: I18nextSyntax): Token[] {
  const interpolation = new RegExp(
    `^${escapeRegExp(syntax.prefix)}([\\s\\S]*?)${escapeRegExp(syntax.suffix)}`,
  );
  const tokens: Token[] = [];
  let text = '';
  const flush = () => {
    if (text) tokens.push({ kind: 'text', value: text });
    text = '';
  };
  let i = 0;
  while (i < value.length) {
    const rest = value.slice(i);
    const variable = rest.startsWith(syntax.prefix) ? interpolation.exec(rest) : null;
    if (variable) {
      flush();
      // `{{- name}}` is unescaped and `{{count, number}}` formatted: the argument is the first word.
      const argument = /^\s*-?\s*([^\s,]+)/.exec(variable[1]!)?.[1];
      tokens.push({ kind: 'placeholder', raw: variable[0], ...(argument ? { argument } : {}) });
      i += variable[0].length;
      continue;
    }
    if (rest.startsWith(syntax.nestingPrefix)) {
      const end = nestingEnd(value, i, syntax);
      if (end !== -1) {
        flush();
        tokens.push({ kind: 'placeholder', raw: value.slice(i, end) });
        i = end;
        continue;
      }
    }
    const tag = value[i] === '<' ? TAG.exec(rest) : null;
    if (tag) {
      flush();
      const name = tag[2]!.toLowerCase();
      tokens.push({
        kind: 'tag',
        raw: tag[0],
        name,
        closing: tag[1] === '/',
        selfClosing: tag[4] === '/' || (tag[1] !== '/' && VOID_ELEMENTS.has(name)),
      });
      i += tag[0].length;
      continue;
    }
    text += value[i];
    i++;
  }
  flush();
  return tokens;
}

/**
 * Writes an i18next value into the builder: `{{x}}`, `{{- x}}`, `{{x, format}}` and `$t(..)`
 * become placeholders; Trans tags (`<0>..</0>`, `<bold>..</bold>`) and HTML become pairs when
 * they open and close, placeholders otherwise. Returns the ids of placeholders naming each argument.
 */
export function i18nextToSegment(
  value: string,
  builder: SegmentBuilder,
  syntax: I18nextSyntax = DEFAULT_I18NEXT_SYNTAX,
): Map<string, string[]> {
  // Plain text, the common case, needs no tokenizing.
  if (
    !value.includes('<') &&
    !value.includes(syntax.prefix) &&
    !value.includes(syntax.nestingPrefix)
  ) {
    builder.text(value);
    return NO_ARGUMENTS;
  }
  const tokens = tokenize(value, syntax);
  // Pair opening and closing tags by name; the rest stay single placeholders.
  const partner = new Map<number, number>();
  const open: number[] = [];
  tokens.forEach((token, index) => {
    if (token.kind !== 'tag' || token.selfClosing) return;
    if (!token.closing) {
      open.push(index);
      return;
    }
    for (let j = open.length - 1; j >= 0; j--) {
      const opener = tokens[open[j]!] as Extract<Token, { kind: 'tag' }>;
      if (opener.name === token.name) {
        partner.set(open[j]!, index);
        partner.set(index, open[j]!);
        open.splice(j);
        break;
      }
    }
  });
  const byArgument = new Map<string, string[]>();
  tokens.forEach((token, index) => {
    if (token.kind === 'text') {
      builder.text(token.value);
    } else if (token.kind === 'placeholder') {
      const id = builder.placeholder(token.raw);
      if (token.argument)
        byArgument.set(token.argument, [...(byArgument.get(token.argument) ?? []), id]);
    } else if (partner.has(index)) {
      if (token.closing) builder.close();
      else
        builder.open(
          token.raw,
          (tokens[partner.get(index)!] as Extract<Token, { kind: 'tag' }>).raw,
        );
    } else {
      builder.placeholder(token.raw);
    }
  });
  return byArgument;
}
