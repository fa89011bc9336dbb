import { type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { Diagnostic } from '../../document/diagnostics.js';
import { FormatError } from '../../document/diagnostics.js';
import type { SourceFile } from '../../document/source-file.js';

/** A string of the catalog that holds a message. */
export interface JsonMessage {
  /** Key path: keys joined by the key separator (array items by index). */
  path: string;
  /** The last key (for plural grouping). */
  key: string;
  /** Path of the object holding the property, '' for the root. */
  parentPath: string;
  value: string;
  /** Range of the string literal, quotes included. */
  valueStart: number;
  valueEnd: number;
  /** Range of the whole property (`"key": "value"`); equals the value range in arrays. */
  propertyStart: number;
  /** End of the key literal (the property start in arrays). */
  keyEnd: number;
  /** Where the text before this property starts: the end of the previous value (or `{`). */
  gapStart: number;
  /** Description or context of a FormatJS `{ string, description }` entry. */
  context?: string;
}

/** The parsed catalog. */
export interface JsonCatalog {
  messages: JsonMessage[];
}

/** Options of {@link readJsonCatalog}. */
export interface JsonCatalogOptions {
  /**
   * What joins the keys of a nested path into the key an application asks for (i18next's
   * `keySeparator`, default `.`); `false` when keys are never split, in which case nested
   * paths are still named with `.` in unit ids.
   */
  keySeparator?: string | false;
}

/** The string that joins the keys of a nested path in unit ids. */
export function keyPathSeparator(keySeparator: string | false): string {
  return keySeparator === false ? '.' : keySeparator;
}

// FormatJS and similar extracted shapes: { "id": { "string" | "defaultMessage": "...", "description" | "context": "..." } }.
const MESSAGE_FIELDS = ['string', 'defaultMessage', 'message'];
const CONTEXT_FIELDS = ['description', 'context'];

function structured(node: Node): { message: Node; context?: string } | null {
  if (node.type !== 'object' || !node.children) return null;
  let message: Node | undefined;
  let context: string | undefined;
  for (const property of node.children) {
    const [key, value] = property.children ?? [];
    if (!key || !value) return null;
    const name = key.value as string;
    if (MESSAGE_FIELDS.includes(name) && value.type === 'string') message = value;
    else if (CONTEXT_FIELDS.includes(name) && value.type === 'string')
      context = value.value as string;
    else if (!CONTEXT_FIELDS.includes(name)) return null;
  }
  return message ? { message, ...(context ? { context } : {}) } : null;
}

/**
 * Reads a JSON catalog with the offset of every string, nested or flat, in document order.
 * Strict JSON: comments and trailing commas are errors with line and column. A key written
 * twice in one object, or two key paths that name the same key (`"a.b"` beside
 * `"a": { "b": ... }` with the separator `.`), would give two units one id, so one would be
 * written with the other's translation: the file is refused with both places named.
 */
export function readJsonCatalog(file: SourceFile, options: JsonCatalogOptions = {}): JsonCatalog {
  const keySeparator = options.keySeparator ?? '.';
  const separator = keyPathSeparator(keySeparator);
  const errors: ParseError[] = [];
  const root = parseTree(file.text, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  const diagnostic = (offset: number, rule: string, message: string): Diagnostic => ({
    file: file.path,
    ...file.position(offset),
    rule,
    severity: 'error',
    message,
  });
  if (errors.length > 0 || !root) {
    throw new FormatError(
      file.path,
      errors.length > 0
        ? errors.map((e) =>
            diagnostic(
              e.offset,
              'json-syntax',
              `JSON syntax error: ${printParseErrorCode(e.error)}`,
            ),
          )
        : [diagnostic(0, 'json-syntax', 'the file is empty')],
    );
  }
  if (root.type !== 'object' && root.type !== 'array') {
    throw new FormatError(file.path, [
      diagnostic(root.offset, 'json-root', 'a catalog must be a JSON object or array'),
    ]);
  }
  const messages: JsonMessage[] = [];
  const collisions: Diagnostic[] = [];
  const where = (offset: number) => {
    const { line, column } = file.position(offset);
    return `line ${line}, column ${column}`;
  };
  // Properties of an object whose key an earlier property of the same object has.
  const repeatedKeys = (node: Node): Set<Node> => {
    const repeated = new Set<Node>();
    if (node.type !== 'object') return repeated;
    const first = new Map<string, Node>();
    for (const property of node.children ?? []) {
      const key = String(property.children?.[0]?.value);
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, property);
        continue;
      }
      repeated.add(property);
      collisions.push(
        diagnostic(
          property.offset,
          'duplicate-unit-id',
          `key '${key}' is written twice in one object, at ${where(earlier.offset)} and at ${where(property.offset)}: JSON readers keep one and drop the other`,
        ),
      );
    }
    return repeated;
  };
  // Key path -> where the first value with that path is written.
  const leaves = new Map<string, number>();
  const leaf = (path: string, holder: Node) => {
    const earlier = leaves.get(path);
    if (earlier === undefined) {
      leaves.set(path, holder.offset);
      return;
    }
    collisions.push(
      keySeparator === false
        ? diagnostic(
            holder.offset,
            'duplicate-unit-id',
            `key path '${path}' is also the unit id of the key at ${where(earlier)}: nested keys are named by their keys joined with '.'`,
          )
        : diagnostic(
            holder.offset,
            'colliding-key-path',
            `key path '${path}' is also written at ${where(earlier)} (keys joined by the key separator '${keySeparator}'): both would be one unit`,
          ),
    );
  };
  const walk = (node: Node, path: string) => {
    const children = node.children ?? [];
    const repeated = repeatedKeys(node);
    let gapStart = node.offset + 1;
    for (const child of children) {
      const isProperty = child.type === 'property';
      const key = isProperty ? String(child.children![0]!.value) : String(children.indexOf(child));
      const value = isProperty ? child.children![1] : child;
      if (repeated.has(child)) continue;
      const childPath = path === '' ? key : `${path}${separator}${key}`;
      if (value) {
        const shaped = structured(value);
        if (shaped) {
          if (repeatedKeys(value).size === 0)
            push(shaped.message, childPath, key, path, child, gapStart, shaped.context);
          leaf(childPath, child);
        } else if (value.type === 'object' || value.type === 'array') {
          walk(value, childPath);
        } else {
          if (value.type === 'string') push(value, childPath, key, path, child, gapStart);
          leaf(childPath, child);
        }
        gapStart = value.offset + value.length;
      }
    }
  };
  const push = (
    value: Node,
    path: string,
    key: string,
    parentPath: string,
    holder: Node,
    gapStart: number,
    context?: string,
  ) => {
    const keyNode = holder.type === 'property' ? holder.children![0]! : holder;
    const text = value.value as string;
    // Empty strings, `$schema` and values that are only a URL or path are not prose.
    if (
      text.trim() === '' ||
      key === '$schema' ||
      /^(?:[a-z][\w+.-]*:\/\/|\.{0,2}\/)\S*$/i.test(text)
    )
      return;
    messages.push({
      path,
      key,
      parentPath,
      value: text,
      valueStart: value.offset,
      valueEnd: value.offset + value.length,
      propertyStart: holder.offset,
      keyEnd: holder.type === 'property' ? keyNode.offset + keyNode.length : holder.offset,
      gapStart,
      ...(context ? { context } : {}),
    });
  };
  walk(root, '');
  if (collisions.length > 0) throw new FormatError(file.path, collisions);
  return { messages };
}

/** How a file writes its strings: `\u00e9` or `é`, `\/` or `/`. */
export interface JsonStringStyle {
  asciiOnly: boolean;
  escapeSlash: boolean;
}

/** Reads the string style a file uses, so written strings look like their neighbours. */
export function detectJsonStringStyle(text: string): JsonStringStyle {
  const escapedNonAscii =
    /\\u(?:00[89a-fA-F][0-9a-fA-F]|0[1-9a-fA-F][0-9a-fA-F]{2}|[1-9a-fA-F][0-9a-fA-F]{3})/.test(
      text,
    );
  const rawNonAscii = /[^\u0000-\u007f]/.test(text);
  return { asciiOnly: escapedNonAscii && !rawNonAscii, escapeSlash: text.includes('\\/') };
}

/** A JSON string literal for `value` in the file's style. */
export function encodeJsonString(value: string, style: JsonStringStyle): string {
  let out = JSON.stringify(value);
  if (style.asciiOnly) {
    out = out.replace(
      /[\u0080-\uffff]/g,
      (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  }
  if (style.escapeSlash) out = out.replaceAll('/', '\\/');
  return out;
}
