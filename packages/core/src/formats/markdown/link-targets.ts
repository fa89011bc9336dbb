import type { Nodes, Root } from 'mdast';
import { isMap, isScalar, isSeq, type Node, parseDocument } from 'yaml';
import type { Range } from './markdown-inline.js';
import { programSpecifiers, scriptSpecifiers } from './module-specifiers.js';

/** What a URL of a page points at, as far as its syntax tells. */
export type LinkKind = 'link' | 'asset' | 'module';

/** A URL written in a page: where it is and what kind of reference it is. */
export interface LinkTarget extends Range {
  url: string;
  kind: LinkKind;
}

/** Front-matter keys (dot paths, `*` for any key or index) whose values are links or asset paths. */
export interface FrontMatterLinkKeys {
  links: readonly string[];
  assets: readonly string[];
}

const LINK_ATTRIBUTES = new Map<string, LinkKind>([
  ['href', 'link'],
  ['to', 'link'],
  ['link', 'link'],
  ['src', 'asset'],
]);
// `href="..."` and `src="..."`; not Vue's bound `:href="expr"` (`v-bind:`), which is code.
const HTML_URL = /(?<![\w:@.-])(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
// VitePress's `<!--@include: ./part.md{3,}-->`: the path, without a region or line range.
const INCLUDE = /<!--\s*@include:\s*([^\s#{}]+?)(?=[#{]|\s*-->)/g;
/** VitePress's code snippet import, `<<< ./file.js#region{2} [label]`: the path in group 1. */
export const SNIPPET_IMPORT = /^[ \t]{0,3}<<<[ \t]+([^\s#{[]+)/;

// The destination of `](dest "title")` starting at `open` (the index of `(`).
function destination(text: string, open: number): Range | undefined {
  let i = open + 1;
  while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n') i++;
  if (text[i] === '<') {
    const close = text.indexOf('>', i);
    return close === -1 ? undefined : { start: i + 1, end: close };
  }
  const start = i;
  let depth = 0;
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\') i++;
    else if (ch === '(') depth++;
    else if (ch === ')') {
      if (depth === 0) break;
      depth--;
    } else if (/\s/.test(ch)) break;
  }
  return i > start ? { start, end: i } : undefined;
}

// `[label](dest)` or `![alt](dest)`: the `](` that closes the label, from the label's start.
function inlineDestination(text: string, from: number, end: number): Range | undefined {
  let depth = 0;
  for (let i = from; i < end; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '[') depth++;
    else if (ch === ']' && --depth === 0) {
      return text[i + 1] === '(' ? destination(text, i + 1) : undefined;
    }
  }
  return undefined;
}

function matches(path: readonly string[], patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    const parts = pattern.split('.');
    return parts.length === path.length && parts.every((p, i) => p === '*' || p === path[i]);
  });
}

function frontMatterTargets(
  content: string,
  offset: number,
  keys: FrontMatterLinkKeys,
  out: LinkTarget[],
): void {
  const document = parseDocument(content, { keepSourceTokens: true });
  if (document.errors.length > 0) return;
  const visit = (node: Node | null, path: string[]) => {
    if (isMap(node)) {
      for (const pair of node.items)
        if (isScalar(pair.key)) visit(pair.value as Node | null, [...path, String(pair.key.value)]);
    } else if (isSeq(node)) {
      for (const [i, item] of node.items.entries()) visit(item as Node | null, [...path, `${i}`]);
    } else if (isScalar(node) && typeof node.value === 'string' && node.range) {
      const kind = matches(path, keys.links)
        ? 'link'
        : matches(path, keys.assets)
          ? 'asset'
          : undefined;
      if (!kind) return;
      const raw = content.slice(node.range[0], node.range[1]);
      // Only plain and quoted scalars whose text is the value itself can be rewritten in place.
      const at = raw.indexOf(node.value);
      if (node.value === '' || at === -1 || raw.includes('\\')) return;
      const start = offset + node.range[0] + at;
      out.push({ start, end: start + node.value.length, url: node.value, kind });
    }
  };
  visit(document.contents as Node | null, []);
}

/**
 * Every URL of a page that a site layout may need to rewrite: link and image destinations,
 * definitions, `href`/`src` of HTML, `href`/`to`/`link`/`src` of JSX, module specifiers (MDX
 * `import`/`export`, `import()` and `require()` in expressions, a VitePress page's `<script>`
 * blocks), VitePress `<!--@include:-->` and `<<<` snippet paths, and the front-matter keys
 * named in `keys`. Code is never looked into.
 */
export function collectLinkTargets(
  root: Root,
  text: string,
  keys: FrontMatterLinkKeys,
): LinkTarget[] {
  const out: LinkTarget[] = [];
  const push = (range: Range | undefined, kind: LinkKind) => {
    if (range && range.end > range.start)
      out.push({ ...range, url: text.slice(range.start, range.end), kind });
  };
  const html = (value: string, start: number) => {
    for (const match of value.matchAll(HTML_URL)) {
      const url = match[2] ?? match[3] ?? '';
      const at = start + match.index + match[0].length - url.length - 1;
      push(
        { start: at, end: at + url.length },
        match[1]!.toLowerCase() === 'src' ? 'asset' : 'link',
      );
    }
  };
  const visit = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    switch (node.type) {
      case 'link':
        if (text[start] === '[') push(inlineDestination(text, start, end), 'link');
        break;
      case 'image':
        push(inlineDestination(text, start + 1, end), 'asset');
        return;
      case 'definition': {
        const colon = text.indexOf(']:', start);
        if (colon !== -1 && colon < end) {
          const range = destination(text, colon + 1);
          if (range) push({ start: range.start, end: Math.min(range.end, end) }, 'link');
        }
        return;
      }
      case 'html':
        html(node.value, start);
        for (const specifier of scriptSpecifiers(node.value, start)) push(specifier, 'module');
        for (const match of node.value.matchAll(INCLUDE)) {
          const at = start + match.index + match[0].length - match[1]!.length;
          push({ start: at, end: at + match[1]!.length }, 'asset');
        }
        return;
      case 'paragraph': {
        const snippet = SNIPPET_IMPORT.exec(text.slice(start, end));
        if (snippet) {
          const at = start + snippet[0].length - snippet[1]!.length;
          push({ start: at, end: at + snippet[1]!.length }, 'asset');
          return;
        }
        break;
      }
      case 'yaml': {
        const body = text.indexOf('\n', start) + 1;
        const close = text.lastIndexOf('\n', end - 1);
        if (close > body) frontMatterTargets(text.slice(body, close + 1), body, keys, out);
        return;
      }
      case 'mdxjsEsm':
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        // Read from the tree MDX's own parser (acorn) made: what the generator compiles.
        for (const specifier of programSpecifiers(node.data?.estree)) push(specifier, 'module');
        return;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        for (const attribute of node.attributes) {
          const expression =
            attribute.type === 'mdxJsxExpressionAttribute'
              ? attribute
              : typeof attribute.value === 'object'
                ? attribute.value
                : undefined;
          for (const specifier of programSpecifiers(expression?.data?.estree))
            push(specifier, 'module');
          if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') continue;
          const kind = LINK_ATTRIBUTES.get(attribute.name);
          const a = attribute.position?.start.offset;
          const b = attribute.position?.end.offset;
          if (!kind || a === undefined || b === undefined) continue;
          const raw = text.slice(a, b);
          const at = raw.indexOf(attribute.value, raw.indexOf('=') + 1);
          if (at !== -1) push({ start: a + at, end: a + at + attribute.value.length }, kind);
        }
        break;
      case 'code':
      case 'inlineCode':
        return;
      default:
        break;
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(root);
  return out;
}
