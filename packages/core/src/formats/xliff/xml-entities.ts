/** Replacement texts of the general entities a document declares in its DOCTYPE, by name. */
export type EntityTable = ReadonlyMap<string, string>;

/** Reference forms of characters as a file writes them: `\u00a0` -> `&#160;` or `&nbsp;`. */
export type ReferenceForms = Map<string, string>;

/** Where a DOCTYPE declaration is in the text, with the entities its internal subset declares. */
export interface Doctype {
  start: number;
  end: number;
  entities: EntityTable;
}

const PREDEFINED: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};

// Written as they are by the default escaping: no need to remember them.
const DEFAULT_FORMS = new Set(['&amp;', '&lt;', '&gt;']);

const CHARACTER_REFERENCE = /&#(x[0-9a-fA-F]+|\d+);/g;

function codePoint(ref: string): string | undefined {
  const value = ref.startsWith('x') ? Number.parseInt(ref.slice(1), 16) : Number(ref);
  return value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : undefined;
}

/**
 * Finds the DOCTYPE before the root element and reads the general entities of its internal
 * subset. fast-xml-parser reads them only when it expands entities, which would lose the
 * offsets write-back needs, and it refuses external ones; so this reads the declarations
 * itself. Only literal values count (character references in them expanded, as XML does when
 * it reads a declaration); external and parameter entities stay unknown.
 */
export function readDoctype(text: string): Doctype | undefined {
  const start = text.search(/<!DOCTYPE\b/);
  if (start === -1) return undefined;
  const root = text.search(/<[A-Za-z_]/);
  if (root !== -1 && root < start) return undefined;
  // The internal subset is bracketed; quoted literals inside it may hold `]` and `>`.
  let end = -1;
  let inSubset = false;
  let quote: string | null = null;
  for (let i = start + 9; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      i = close === -1 ? text.length : close + 2;
    } else if (ch === '[') {
      inSubset = true;
    } else if (ch === ']') {
      inSubset = false;
    } else if (ch === '>' && !inSubset) {
      end = i + 1;
      break;
    }
  }
  if (end === -1) return undefined;
  const entities = new Map<string, string>();
  const declaration = /<!ENTITY\s+([^\s%"'<>]+)\s+(?:"([^"]*)"|'([^']*)')\s*>/g;
  for (const match of text.slice(start, end).matchAll(declaration)) {
    const value = (match[2] ?? match[3] ?? '').replace(
      CHARACTER_REFERENCE,
      (whole, ref: string) => codePoint(ref) ?? whole,
    );
    // The first declaration of a name is binding.
    if (!entities.has(match[1]!)) entities.set(match[1]!, value);
  }
  return { start, end, entities };
}

/**
 * What a reference stands for when it is one character of text: a character reference, a
 * predefined entity, or a declared entity whose replacement is one character. Anything else
 * (several characters, markup, an unknown name) is undefined.
 */
export function referencedCharacter(reference: string, entities: EntityTable): string | undefined {
  const name = reference.slice(1, -1);
  if (name.startsWith('#')) return codePoint(name.slice(1));
  const predefined = PREDEFINED[name];
  if (predefined !== undefined) return predefined;
  const value = entities.get(name);
  return value !== undefined && [...value].length === 1 && !/[<&]/.test(value) ? value : undefined;
}

/** A piece of raw XML text: decoded text, or a reference that stays as it is written. */
export type TextPiece =
  | { kind: 'text'; value: string }
  | { kind: 'reference'; start: number; end: number };

/**
 * Splits raw XML text (`text[start, end)`) into decoded text and references whose
 * expansion is not one known character, recording in `forms` how each decoded character
 * was written so a translation can write it the same way.
 */
export function readXmlText(
  text: string,
  start: number,
  end: number,
  entities: EntityTable,
  forms: ReferenceForms,
): TextPiece[] {
  const pieces: TextPiece[] = [];
  const raw = text.slice(start, end);
  if (!raw.includes('&')) return raw ? [{ kind: 'text', value: raw }] : [];
  let value = '';
  let last = 0;
  for (const match of raw.matchAll(/&[^;\s&<]*;/g)) {
    value += raw.slice(last, match.index);
    last = match.index + match[0].length;
    const ch = referencedCharacter(match[0], entities);
    if (ch !== undefined) {
      value += ch;
      if (!DEFAULT_FORMS.has(match[0]) && !forms.has(ch)) forms.set(ch, match[0]);
      continue;
    }
    if (value) pieces.push({ kind: 'text', value });
    value = '';
    pieces.push({ kind: 'reference', start: start + match.index, end: start + last });
  }
  value += raw.slice(last);
  if (value) pieces.push({ kind: 'text', value });
  return pieces;
}

/** Escapes text for XML element content. */
export function escapeXmlText(text: string): string {
  return text.replace(/[&<>]/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : '&gt;'));
}

/** Escapes text for an attribute value in `quote`s. */
export function escapeXmlAttribute(text: string, quote = '"'): string {
  return escapeXmlText(text).replace(
    quote === '"' ? /"/g : /'/g,
    quote === '"' ? '&quot;' : '&apos;',
  );
}

/** Escapes text for element content, writing each character the file wrote as a reference the same way. */
export function encodeXmlText(value: string, forms: ReadonlyMap<string, string>): string {
  if (forms.size === 0) return escapeXmlText(value);
  let out = '';
  for (const ch of value) out += forms.get(ch) ?? escapeXmlText(ch);
  return out;
}
