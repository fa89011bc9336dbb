import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { hashOf } from '../hashing/hash-of.js';
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

/**
 * A config's object literals as a table a cache can keep: each object's named properties in
 * order, a value being another object (`o`, its index), a literal (`v`) or anything else
 * (`x`). The first `searched` objects are the ones a path is looked up in, in order.
 */
export interface SiteConfigShape {
  objects: Array<Array<[string, ShapeValue]>>;
  searched: number;
}

/** A property's value in a {@link SiteConfigShape}. */
export type ShapeValue = { o: number } | { v: StaticValue } | { x: 1 };

/** A file read for a site's config: its content's hash and where its relative imports led. */
export interface SiteConfigSource {
  /** The file, relative to the project root, with `/`. */
  path: string;
  hash: string;
  /** Each relative import followed from it, with the file it resolved to (relative) or null. */
  imports: Array<[string, string | null]>;
}

/** A site config as read: the files it came from and its shape. */
export interface SiteConfigReading {
  sources: SiteConfigSource[];
  shape: SiteConfigShape;
}

/**
 * Parses a generator's config file (JavaScript or TypeScript) with Babel, never running it: a
 * site's config imports its plugins and theme, which only the generator can load. The modules
 * it imports by relative path are read too, after it. Undefined when the file is absent or
 * does not parse.
 */
export function parseSiteConfig(root: string, file: string): SiteConfigReading | undefined {
  const main = resolve(root, file);
  const parse = babelParser();
  const first = parseFile(parse, main);
  if (!first) return undefined;
  // The config object itself before the objects nested in it (a theme's own `locales`), then
  // the modules it imports by relative path (a config split over `./shared`, `./en`), two
  // levels deep: what a site spreads into its config is its config.
  const all: Node[] = [];
  const sources: SiteConfigSource[] = [];
  const seen = new Set<string>([main]);
  const read = (parsed: Node, from: string, text: string, level: number) => {
    const source: SiteConfigSource = {
      path: relativePath(root, from),
      hash: hashOf(text),
      imports: [],
    };
    sources.push(source);
    const found: Array<{ node: Node; depth: number }> = [];
    objects(parsed, 0, found);
    all.push(...found.sort((a, b) => a.depth - b.depth).map((o) => o.node));
    if (level >= 2) return;
    for (const statement of parsed.body as Node[]) {
      const specifier = (statement.source as Node | undefined)?.value;
      if (statement.type !== 'ImportDeclaration' || typeof specifier !== 'string') continue;
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue;
      const module = moduleFile(resolve(dirname(from), specifier));
      source.imports.push([specifier, module === undefined ? null : relativePath(root, module)]);
      if (!module || seen.has(module)) continue;
      seen.add(module);
      const imported = parseFile(parse, module);
      if (imported) read(imported.program, module, imported.text, level + 1);
      // A module that does not parse adds nothing, but is a source all the same: an edit
      // that makes it parse changes the reading.
      else
        sources.push({
          path: relativePath(root, module),
          hash: hashOf(readOr(module) ?? ''),
          imports: [],
        });
    }
  };
  read(first.program, main, first.text, 0);
  return { sources, shape: shapeOf(all) };
}

/**
 * Whether `sources` still hold: every file has the content it had, and every import resolves
 * to the file it did, so parsing them again would give the same reading. Cheap (a hash per
 * file, a few `stat`s): a cached reading is checked on every run.
 */
export function sourcesHold(root: string, sources: readonly SiteConfigSource[]): boolean {
  for (const source of sources) {
    const path = resolve(root, source.path);
    const text = readOr(path);
    if (text === undefined || hashOf(text) !== source.hash) return false;
    for (const [specifier, resolved] of source.imports) {
      const module = moduleFile(resolve(dirname(path), specifier));
      if ((module === undefined ? null : relativePath(root, module)) !== resolved) return false;
    }
  }
  return true;
}

/** The {@link SiteConfig} of `file` read as `shape`. */
export function siteConfigOf(file: string, shape: SiteConfigShape): SiteConfig {
  const { objects: table, searched } = shape;
  // The value at `path` in the first searched object that has it (an object, when `object`):
  // a path through anything but an object finds nothing.
  const at = (path: readonly string[], object = false): ShapeValue | undefined => {
    for (let index = 0; index < searched; index++) {
      let current: ShapeValue | undefined = { o: index };
      for (const name of path) {
        current = 'o' in current ? table[current.o]?.find(([key]) => key === name)?.[1] : undefined;
        if (!current) break;
      }
      if (current && (!object || 'o' in current)) return current;
    }
    return undefined;
  };
  const literal = (value: ShapeValue): StaticValue | undefined => {
    if ('v' in value) return value.v;
    if (!('o' in value)) return undefined;
    const out: Record<string, StaticValue> = {};
    for (const [name, property] of table[value.o] ?? []) {
      const v = literal(property);
      if (v !== undefined) out[name] = v;
    }
    return out;
  };
  return {
    file: posix.normalize(file),
    get(path) {
      const value = at(path);
      return value && literal(value);
    },
    has: (path) => at(path) !== undefined,
    keys(path) {
      const value = at(path, true);
      return value && 'o' in value ? (table[value.o] ?? []).map(([name]) => name) : undefined;
    },
  };
}

// Every object literal of `all` as a table, nested objects by index.
function shapeOf(all: readonly Node[]): SiteConfigShape {
  const index = new Map<Node, number>(all.map((node, i) => [node, i]));
  const objects: Array<Array<[string, ShapeValue]>> = [];
  const add = (object: Node, at: number) => {
    const properties: Array<[string, ShapeValue]> = [];
    objects[at] = properties;
    for (const p of object.properties as Node[]) {
      const name = p.type === 'ObjectProperty' ? keyName(p) : undefined;
      if (name === undefined) continue;
      const value = unwrap(p.value as Node);
      if (value?.type === 'ObjectExpression') {
        let nested = index.get(value);
        // Every object literal of a file is in `all`; one that is not is kept unsearched.
        if (nested === undefined) {
          nested = objects.length;
          index.set(value, nested);
          add(value, nested);
        }
        properties.push([name, { o: nested }]);
      } else {
        const v = staticValue(value);
        properties.push([name, v === undefined ? { x: 1 } : { v }]);
      }
    }
  };
  all.forEach((object, i) => {
    add(object, i);
  });
  return { objects, searched: all.length };
}

function relativePath(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

function readOr(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function parseFile(
  parse: ReturnType<typeof babelParser>,
  path: string,
): { program: Node; text: string } | undefined {
  const text = readOr(path);
  if (text === undefined) return undefined;
  try {
    const program = parse(text, {
      sourceType: 'module',
      plugins: ['typescript', 'jsx'],
      errorRecovery: true,
    }).program as unknown as Node;
    return { program, text };
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
