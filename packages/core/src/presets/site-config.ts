import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parse } from '@babel/parser';

/** A value written literally in a generator's config: a string, a list or an object of them. */
export type StaticValue =
  | string
  | number
  | boolean
  | StaticValue[]
  | { [key: string]: StaticValue };

/** What a generator's config file says, read without running it. */
export interface SiteConfig {
  /** The config file, relative to the project root. */
  file: string;
  /**
   * The value written at `path` (`['i18n', 'locales']`): the first object in the file that
   * has `path[0]`, followed down. Undefined when it is absent or not written literally
   * (a variable, a call); an object lists only its literal entries, and `keys` all of them.
   */
  get(path: readonly string[]): StaticValue | undefined;
  /** The names of the entries of the object at `path`, spreads and computed values included. */
  keys(path: readonly string[]): string[] | undefined;
  /** Whether the config sets `path` at all, literally or not. */
  has(path: readonly string[]): boolean;
}

interface Node {
  type: string;
  [key: string]: unknown;
}

function keyName(property: Node): string | undefined {
  const key = property.key as Node | undefined;
  if (!key || property.computed) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'StringLiteral') return key.value as string;
  return undefined;
}

function unwrap(node: Node | undefined): Node | undefined {
  let current = node;
  // `{...} satisfies Config`, `<Config>{...}`, `({...})`
  while (
    current &&
    ['TSSatisfiesExpression', 'TSAsExpression', 'ParenthesizedExpression'].includes(current.type)
  )
    current = current.expression as Node;
  return current;
}

function staticValue(node: Node | undefined): StaticValue | undefined {
  const value = unwrap(node);
  if (!value) return undefined;
  switch (value.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
      return value.value as StaticValue;
    case 'TemplateLiteral': {
      const quasis = value.quasis as Node[];
      return quasis.length === 1
        ? ((quasis[0]!.value as { cooked: string }).cooked ?? '')
        : undefined;
    }
    case 'ArrayExpression': {
      const items = (value.elements as Array<Node | null>).map((e) => staticValue(e ?? undefined));
      return items.every((i) => i !== undefined) ? (items as StaticValue[]) : undefined;
    }
    case 'ObjectExpression': {
      const out: Record<string, StaticValue> = {};
      for (const property of value.properties as Node[]) {
        if (property.type !== 'ObjectProperty') continue;
        const name = keyName(property);
        const v = staticValue(property.value as Node);
        if (name !== undefined && v !== undefined) out[name] = v;
      }
      return out;
    }
    default:
      return undefined;
  }
}

// Every object literal of a program with how deep it is nested in other object literals.
function objects(node: unknown, depth: number, out: Array<{ node: Node; depth: number }>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) objects(item, depth, out);
    return;
  }
  const n = node as Node;
  const inner = n.type === 'ObjectExpression' ? depth + 1 : depth;
  if (n.type === 'ObjectExpression') out.push({ node: n, depth });
  for (const [key, value] of Object.entries(n)) {
    if (key === 'loc' || key === 'extra' || key === 'comments' || key.endsWith('Comments'))
      continue;
    if (value && typeof value === 'object') objects(value, inner, out);
  }
}

function property(object: Node, name: string): Node | undefined {
  for (const p of object.properties as Node[])
    if (p.type === 'ObjectProperty' && keyName(p) === name) return p;
  return undefined;
}

/**
 * Reads a generator's config file (JavaScript or TypeScript) with Babel, never running it: a
 * site's config imports its plugins and theme, which only the generator can load. Undefined
 * when the file is absent or does not parse.
 */
export function readSiteConfig(root: string, file: string): SiteConfig | undefined {
  const path = join(root, file);
  if (!existsSync(path)) return undefined;
  let program: Node;
  try {
    program = parse(readFileSync(path, 'utf8'), {
      sourceType: 'module',
      plugins: ['typescript', 'jsx'],
      errorRecovery: true,
    }).program as unknown as Node;
  } catch {
    return undefined;
  }
  const found: Array<{ node: Node; depth: number }> = [];
  objects(program, 0, found);
  // The config object itself before the objects nested in it (a theme's own `locales`).
  const all = found.sort((a, b) => a.depth - b.depth).map((o) => o.node);
  const at = (path: readonly string[], type?: string): Node | undefined => {
    for (const object of all) {
      let current: Node | undefined = object;
      for (const name of path) {
        const match: Node | undefined = current && property(current, name);
        current = match && unwrap(match.value as Node);
        if (!current) break;
      }
      if (current && (type === undefined || current.type === type)) return current;
    }
    return undefined;
  };
  return {
    file: posix.normalize(file),
    get: (path) => staticValue(at(path)),
    has: (path) => at(path) !== undefined,
    keys(path) {
      const object = at(path, 'ObjectExpression');
      if (!object) return undefined;
      return (object.properties as Node[]).flatMap((p) => {
        const name = p.type === 'ObjectProperty' ? keyName(p) : undefined;
        return name === undefined ? [] : [name];
      });
    },
  };
}

/** The first of `names` (relative to `root`) that exists, or undefined. */
export function firstExisting(root: string, names: readonly string[]): string | undefined {
  return names.find((name) => existsSync(join(root, name)));
}
