import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FormatError } from '../../document/diagnostics.js';
import type { SourceFile } from '../../document/source-file.js';
import { type EntityTable, readDoctype, referencedCharacter } from './xml-entities.js';

/** An element of an XML document with its offsets in the file's text. */
export interface XmlElement {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: XmlElement[];
  /** Offset of `<` of the start tag. */
  start: number;
  /** Offset after the end tag (or after `/>`). */
  end: number;
  /** Offset after the start tag's `>`. */
  innerStart: number;
  /** Offset of the end tag's `<` (equals `innerStart` for `<x/>`). */
  innerEnd: number;
  selfClosing: boolean;
}

const NO_ENTITIES: EntityTable = new Map();

/** Decodes XML character references and predefined entities; any other reference stays as written. */
export function decodeXmlText(text: string): string {
  return text.replace(
    /&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g,
    (whole) => referencedCharacter(whole, NO_ENTITIES) ?? whole,
  );
}

// Finds the end of a start tag, skipping `>` inside quoted attribute values.
function startTagEnd(text: string, start: number): number {
  let quote: string | null = null;
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '>') {
      return i + 1;
    }
  }
  return text.length;
}

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

/** A parsed XML document: its top-level elements and the entities its DOCTYPE declares. */
export interface XmlTree {
  elements: XmlElement[];
  entities: EntityTable;
}

/**
 * Parses an XML document with fast-xml-parser (order preserved, entities left as written,
 * element offsets captured) into elements that know where they are in the text. A malformed
 * document throws a FormatError with the line and column fast-xml-parser's validator reports.
 */
export function parseXmlTree(file: SourceFile): XmlTree {
  // The DOCTYPE is blanked out (offsets kept): its entities are read by readDoctype, and
  // fast-xml-parser throws on external ones.
  const doctype = readDoctype(file.text);
  const text = doctype
    ? file.text.slice(0, doctype.start) +
      file.text.slice(doctype.start, doctype.end).replace(/[^\n]/g, ' ') +
      file.text.slice(doctype.end)
    : file.text;
  const syntaxError = (line: number, column: number, message: string) =>
    new FormatError(file.path, [
      {
        file: file.path,
        line,
        column,
        rule: 'xml-syntax',
        severity: 'error',
        message: `XML syntax error: ${message}`,
      },
    ]);
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: true });
  if (valid !== true) throw syntaxError(valid.err.line, valid.err.col, valid.err.msg);
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    captureMetaData: true,
    processEntities: false,
    htmlEntities: false,
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    commentPropName: '#comment',
    cdataPropName: '#cdata',
  });
  const META = XMLParser.getMetaDataSymbol() as unknown as string;
  const convert = (nodes: Ordered[]): XmlElement[] => {
    const out: XmlElement[] = [];
    for (const node of nodes) {
      const name = Object.keys(node).find((k) => k !== ':@');
      if (!name || name.startsWith('#') || name.startsWith('?')) continue;
      const meta = node[META] as { startIndex: number; endIndex?: number } | undefined;
      if (!meta) continue;
      const start = meta.startIndex;
      const end = meta.endIndex ?? startTagEnd(file.text, start);
      const innerStart = startTagEnd(file.text, start);
      const selfClosing = file.text[innerStart - 2] === '/';
      const innerEnd = selfClosing ? innerStart : file.text.lastIndexOf('</', end - 1);
      const attributes: Record<string, string> = {};
      for (const [key, value] of Object.entries(node[':@'] ?? {}))
        attributes[key] = decodeXmlText(String(value));
      out.push({
        name,
        attributes,
        children: convert((node[name] as Ordered[]) ?? []),
        start,
        end,
        innerStart,
        innerEnd,
        selfClosing,
      });
    }
    return out;
  };
  let nodes: Ordered[];
  try {
    nodes = parser.parse(text) as Ordered[];
  } catch (error) {
    throw syntaxError(1, 1, (error as Error).message);
  }
  return { elements: convert(nodes), entities: doctype?.entities ?? NO_ENTITIES };
}

/** The text of an element's content (entities decoded, markup dropped, trimmed). */
export function elementText(text: string, element: XmlElement): string {
  return decodeXmlText(
    text.slice(element.innerStart, element.innerEnd).replace(/<[^>]*>/g, ''),
  ).trim();
}

/** An element or attribute name without its namespace prefix: `xlf:target` -> `target`. */
export function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1);
}

/** Children named `name` (ignoring a namespace prefix). */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => localName(c.name) === name);
}

/** A token of inline XML content. */
export type FragmentToken =
  | { type: 'text'; value: string; start: number; end: number }
  | { type: 'cdata'; value: string; start: number; end: number }
  | { type: 'comment'; start: number; end: number }
  | {
      type: 'open' | 'empty';
      name: string;
      attributes: Record<string, string>;
      start: number;
      end: number;
    }
  | { type: 'close'; name: string; start: number; end: number };

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Tokenizes the inline content of an element (`text[start, end)`), keeping every token's
 * offsets. fast-xml-parser gives elements offsets but not text or CDATA, and inline markup
 * must be restored byte for byte, so this small scanner reads the already-validated content.
 */
export function tokenizeFragment(text: string, start: number, end: number): FragmentToken[] {
  const tokens: FragmentToken[] = [];
  let i = start;
  let textStart = start;
  const flush = (to: number) => {
    if (to > textStart)
      tokens.push({
        type: 'text',
        value: decodeXmlText(text.slice(textStart, to)),
        start: textStart,
        end: to,
      });
  };
  while (i < end) {
    if (text[i] !== '<') {
      i++;
      continue;
    }
    flush(i);
    if (text.startsWith('<![CDATA[', i)) {
      const close = text.indexOf(']]>', i);
      tokens.push({ type: 'cdata', value: text.slice(i + 9, close), start: i, end: close + 3 });
      i = close + 3;
    } else if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i);
      tokens.push({ type: 'comment', start: i, end: close + 3 });
      i = close + 3;
    } else if (text[i + 1] === '?') {
      const close = text.indexOf('?>', i);
      tokens.push({ type: 'comment', start: i, end: close + 2 });
      i = close + 2;
    } else {
      const tagEnd = startTagEnd(text, i);
      const raw = text.slice(i, tagEnd);
      const closing = raw.startsWith('</');
      const name = /^<\/?\s*([^\s/>]+)/.exec(raw)?.[1] ?? '';
      if (closing) {
        tokens.push({ type: 'close', name, start: i, end: tagEnd });
      } else {
        const attributes: Record<string, string> = {};
        for (const match of raw.matchAll(ATTRIBUTE))
          attributes[match[1]!] = decodeXmlText(match[2] ?? match[3] ?? '');
        tokens.push({
          type: raw.endsWith('/>') ? 'empty' : 'open',
          name,
          attributes,
          start: i,
          end: tagEnd,
        });
      }
      i = tagEnd;
    }
    textStart = i;
  }
  flush(end);
  return tokens;
}
