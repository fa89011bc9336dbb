import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { babelParser } from './babel-parser.js';

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
 * site's config imports its plugins and theme, which only the generator can load. The modules
 * it imports by relative path are read too, after it. Undefined when the file is absent or
 * does not parse.
 */
export function readSiteConfig(root: string, file: string): SiteConfig | undefined {
  const program = parseFile(join(root, file));
  if (!program) return undefined;
  // The config object itself before the objects nested in it (a theme's own `locales`), then
  // the modules it imports by relative path (a config split over `./shared`, `./en`), two
  // levels deep: what a site spreads into its config is its config.
  const all: Node[] = [];
  const seen = new Set<string>([resolve(root, file)]);
  const read = (parsed: Node, from: string, level: number) => {
    const found: Array<{ node: Node; depth: number }> = [];
    objects(parsed, 0, found);
    all.push(...found.sort((a, b) => a.depth - b.depth).map((o) => o.node));
    if (level >= 2) return;
    for (const statement of parsed.body as Node[]) {
      const source = (statement.source as Node | undefined)?.value;
      if (statement.type !== 'ImportDeclaration' || typeof source !== 'string') continue;
      if (!source.startsWith('./') && !source.startsWith('../')) continue;
      const module = moduleFile(resolve(dirname(from), source));
      if (!module || seen.has(module)) continue;
      seen.add(module);
      const imported = parseFile(module);
      if (imported) read(imported, module, level + 1);
    }
  };
  read(program, resolve(root, file), 0);
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

function parseFile(path: string): Node | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return babelParser()(readFileSync(path, 'utf8'), {
      sourceType: 'module',
      plugins: ['typescript', 'jsx'],
      errorRecovery: true,
    }).program as unknown as Node;
  } catch {
    return undefined;
  }
}

const MODULE_EXTENSIONS = ['', '.ts', '.mts', '.js', '.mjs', '.cts', '.cjs'];

// The file an import of a config names: as written, with an extension, or its folder's index.
function moduleFile(path: string): string | undefined {
  for (const candidate of [
    ...MODULE_EXTENSIONS.map((e) => path + e),
    ...MODULE_EXTENSIONS.slice(1).map((e) => join(path, `index${e}`)),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** The first of `names` (relative to `root`) that exists, or undefined. */
export function firstExisting(root: string, names: readonly string[]): string | undefined {
  return names.find((name) => existsSync(join(root, name)));
}
