import { escapeRegExp } from './escape-reg-exp.js';

/**
 * A template language whose tags are kept as placeholders: `mustache` (Mustache and
 * Handlebars), `jinja` (Jinja, Liquid, Nunjucks, Twig, Django), `erb` (ERB and EJS) and
 * `dollar-brace` (`${…}` of JavaScript template literals and many others).
 */
export type TemplateSyntax = 'mustache' | 'jinja' | 'erb' | 'dollar-brace';

/** Every template syntax, in the order they are documented. */
export const TEMPLATE_SYNTAXES: readonly TemplateSyntax[] = [
  'mustache',
  'jinja',
  'erb',
  'dollar-brace',
];

/** Other names of the template syntaxes, as users know them. */
export const TEMPLATE_SYNTAX_ALIASES: Readonly<Record<string, TemplateSyntax>> = {
  handlebars: 'mustache',
  liquid: 'jinja',
  nunjucks: 'jinja',
  twig: 'jinja',
  django: 'jinja',
  ejs: 'erb',
};

/** A template tag found in text. */
export interface TemplateTag {
  start: number;
  end: number;
  /**
   * Control flow, comments and partials (`{{#each}}`, `{{/if}}`, `{% if %}`, `<% } %>`) rather
   * than a value printed inside the sentence (`{{name}}`, `<%= total %>`, `${n}`).
   */
  control: boolean;
  /** False when the text ends before the tag's closer (the tag then runs to the end). */
  closed: boolean;
  /** What ends the tag (`}}`, `%>`, …; empty for `<%%`). */
  closer: string;
}

interface Opener {
  syntaxes: readonly TemplateSyntax[];
  closer: string;
  control: (body: string) => boolean;
}

// `{{#each}}`, `{{/each}}`, `{{^empty}}`, `{{!note}}`, `{{> partial}}`, `{{else}}`, with
// Handlebars' `~` and Jinja's `-` whitespace control before them.
const MUSTACHE_CONTROL = /^[~-]?\s*(?:[#/^!>]|else\b)/;
const output = () => false;
const control = () => true;

// Longest first: `{{{{raw}}}}` before `{{{x}}}` before `{{x}}`.
const OPENERS: ReadonlyArray<[string, Opener]> = [
  ['{{{{', { syntaxes: ['mustache'], closer: '}}}}', control }],
  ['{{!--', { syntaxes: ['mustache'], closer: '--}}', control }],
  ['{{{', { syntaxes: ['mustache'], closer: '}}}', control: output }],
  [
    '{{',
    {
      syntaxes: ['mustache', 'jinja'],
      closer: '}}',
      control: (body) => MUSTACHE_CONTROL.test(body),
    },
  ],
  ['{%', { syntaxes: ['jinja'], closer: '%}', control }],
  ['{#', { syntaxes: ['jinja'], closer: '#}', control }],
  // `<%%` prints a literal `<%` in ERB and EJS: kept whole, but it opens nothing.
  ['<%%', { syntaxes: ['erb'], closer: '', control: output }],
  ['<%', { syntaxes: ['erb'], closer: '%>', control: (body) => !/^[=-]/.test(body) }],
  ['${', { syntaxes: ['dollar-brace'], closer: '}', control: output }],
];

interface Scanner {
  pattern: RegExp;
  openers: Map<string, Opener>;
}
const scanners = new Map<string, Scanner>();
const byList = new WeakMap<readonly TemplateSyntax[], Scanner>();

function scannerFor(syntaxes: readonly TemplateSyntax[]): Scanner {
  const known = byList.get(syntaxes);
  if (known) return known;
  const key = [...syntaxes].sort().join(',');
  let scanner = scanners.get(key);
  if (!scanner) {
    const openers = new Map(
      OPENERS.filter(([, o]) => o.syntaxes.some((s) => syntaxes.includes(s))),
    );
    scanner = {
      pattern: new RegExp([...openers.keys()].map(escapeRegExp).join('|'), 'g'),
      openers,
    };
    scanners.set(key, scanner);
  }
  byList.set(syntaxes, scanner);
  return scanner;
}

// `${a ? {b: 1} : c}`: braces nest inside a `${…}`.
function balancedEnd(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 123) depth++;
    else if (ch === 125 && --depth === 0) return i + 1;
  }
  return -1;
}

// The tags of `slice`, at offsets of `slice`. Strict: only closed tags whose body holds no
// second opener of their kind (`{{ a {{b}}` is text, then a tag), for masking a whole file.
function scan(slice: string, syntaxes: readonly TemplateSyntax[], strict: boolean): TemplateTag[] {
  const tags: TemplateTag[] = [];
  if (syntaxes.length === 0 || (!slice.includes('{') && !slice.includes('<%'))) return tags;
  const { pattern, openers } = scannerFor(syntaxes);
  pattern.lastIndex = 0;
  for (let match = pattern.exec(slice); match; match = pattern.exec(slice)) {
    const opener = openers.get(match[0])!;
    const bodyStart = match.index + match[0].length;
    let close: number;
    if (opener.closer === '') close = bodyStart;
    else if (match[0] === '${') close = balancedEnd(slice, bodyStart);
    else {
      const at = slice.indexOf(opener.closer, bodyStart);
      close = at === -1 ? -1 : at + opener.closer.length;
      if (strict && at !== -1) {
        const again = slice.indexOf(match[0], bodyStart);
        if (again !== -1 && again < at) close = -1;
      }
    }
    if (strict && close === -1) {
      pattern.lastIndex = bodyStart;
      continue;
    }
    const tagEnd = close === -1 ? slice.length : close;
    tags.push({
      start: match.index,
      end: tagEnd,
      control: opener.control(slice.slice(bodyStart, Math.min(bodyStart + 8, tagEnd))),
      closed: close !== -1,
      closer: opener.closer,
    });
    if (close === -1) break;
    pattern.lastIndex = tagEnd;
  }
  return tags;
}

/**
 * The template tags of `text[start, end)` in the given syntaxes, in order. A tag runs from its
 * opener to the first closer (`}}`, `%}`, `#}`, `%>`; balanced braces for `${…}`); an opener
 * without a closer is reported with `closed: false` and ends at `end`.
 */
export function findTemplateTags(
  text: string,
  syntaxes: readonly TemplateSyntax[],
  start = 0,
  end = text.length,
): TemplateTag[] {
  // Scanning a slice keeps the search inside the range: a text node of a large page must not
  // cost a scan to the next tag of the whole file.
  const slice = start === 0 && end === text.length ? text : text.slice(start, end);
  const tags = scan(slice, syntaxes, false);
  if (start !== 0) {
    for (const tag of tags) {
      tag.start += start;
      tag.end += start;
    }
  }
  return tags;
}

/**
 * `text` with every closed template tag turned into spaces (line breaks kept, so offsets,
 * lines and columns stay), for a parser that must not read markup inside template code
 * (`<% if (a <b) { %>`) nor move a loop tag out of a table; undefined when there is none.
 */
export function maskTemplateTags(
  text: string,
  syntaxes: readonly TemplateSyntax[],
): string | undefined {
  const tags = scan(text, syntaxes, true);
  if (tags.length === 0) return undefined;
  let out = '';
  let last = 0;
  for (const tag of tags) {
    out += text.slice(last, tag.start) + text.slice(tag.start, tag.end).replace(/[^\r\n]/g, ' ');
    last = tag.end;
  }
  return out + text.slice(last);
}

/** Whether `text` has anything but whitespace (no-break spaces too) outside template tags. */
export function hasTextOutsideTemplates(
  text: string,
  syntaxes: readonly TemplateSyntax[],
): boolean {
  let last = 0;
  for (const tag of findTemplateTags(text, syntaxes)) {
    if (/\S/.test(text.slice(last, tag.start))) return true;
    last = tag.end;
  }
  return /\S/.test(text.slice(last));
}
