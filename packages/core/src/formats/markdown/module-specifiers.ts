import { parse as parseScript } from '@babel/parser';
import type { Range } from './markdown-inline.js';

/** A module specifier written in a page: where its text is (quotes excluded) and what it says. */
export interface ModuleSpecifier extends Range {
  specifier: string;
}

interface AnyNode {
  type?: unknown;
  [key: string]: unknown;
}

// A string literal of either tree (`Literal` of ESTree, `StringLiteral` of Babel), with its
// offsets (quotes included).
function stringLiteral(node: unknown): { value: string; start: number; end: number } | undefined {
  const literal = node as { type?: string; value?: unknown; start?: number; end?: number };
  if (
    (literal?.type === 'Literal' || literal?.type === 'StringLiteral') &&
    typeof literal.value === 'string' &&
    typeof literal.start === 'number' &&
    typeof literal.end === 'number'
  )
    return { value: literal.value, start: literal.start, end: literal.end };
  return undefined;
}

// The string literals of a program that name modules: `import`/`export ... from`, `import()`,
// `require()` and TypeScript's `import x = require()`.
function specifierNodes(node: AnyNode, out: unknown[]): void {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportNamedDeclaration':
    case 'ExportAllDeclaration':
    case 'ImportExpression':
      if (node.source) out.push(node.source);
      break;
    case 'CallExpression': {
      const callee = node.callee as AnyNode | undefined;
      const args = node.arguments as unknown[] | undefined;
      if (callee?.type === 'Import' || (callee?.type === 'Identifier' && callee.name === 'require'))
        if (args?.[0]) out.push(args[0]);
      break;
    }
    case 'TSExternalModuleReference':
      out.push(node.expression);
      break;
    default:
      break;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'range' || key === 'extra' || key === 'comments') continue;
    if (Array.isArray(value)) {
      for (const item of value)
        if (item && typeof item === 'object') specifierNodes(item as AnyNode, out);
    } else if (value && typeof value === 'object' && 'type' in value) {
      specifierNodes(value as AnyNode, out);
    }
  }
}

/**
 * The module specifiers of a program (an ESTree from MDX's own parser, or a Babel tree), with
 * `shift` added to its offsets. Template literals and computed names are not specifiers a
 * page can be checked for, and are left alone.
 */
export function programSpecifiers(program: unknown, shift = 0): ModuleSpecifier[] {
  const nodes: unknown[] = [];
  if (program && typeof program === 'object') specifierNodes(program as AnyNode, nodes);
  const out: ModuleSpecifier[] = [];
  for (const node of nodes) {
    const literal = stringLiteral(node);
    if (!literal || literal.end - literal.start < 2) continue;
    out.push({
      specifier: literal.value,
      start: shift + literal.start + 1,
      end: shift + literal.end - 1,
    });
  }
  return out.sort((a, b) => a.start - b.start);
}

const SCRIPT = /^<script\b([^>]*)>/i;

/**
 * The module specifiers of a `<script>` or `<script setup>` block of a Markdown page (as
 * VitePress compiles it, a Vue single-file component), read with Babel, which also reads
 * TypeScript (`lang="ts"`). `start` is the block's offset in the page. A script Babel cannot
 * read gives none: its imports stay as they are.
 */
export function scriptSpecifiers(html: string, start: number): ModuleSpecifier[] {
  const open = SCRIPT.exec(html);
  if (!open) return [];
  const close = html.search(/<\/script\s*>/i);
  const body = close === -1 ? html.slice(open[0].length) : html.slice(open[0].length, close);
  const lang = /\blang\s*=\s*["']?(\w+)/i.exec(open[1] ?? '')?.[1]?.toLowerCase();
  const plugins: Array<'typescript' | 'jsx'> = [];
  if (lang === 'ts' || lang === 'tsx') plugins.push('typescript');
  if (lang === 'jsx' || lang === 'tsx') plugins.push('jsx');
  try {
    const program = parseScript(body, { sourceType: 'module', plugins, errorRecovery: true });
    return programSpecifiers(program.program, start + open[0].length);
  } catch {
    return [];
  }
}
