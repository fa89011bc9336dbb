import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type ParseError, parse } from 'jsonc-parser';
import type { ResolvedConfig } from '../../settings/resolved-config.js';
import type { ProjectFiles } from '../project-files.js';

/** Where the i18next types of the source keys are written, and the namespace `t` uses by default. */
export interface SourceTypesOptions {
  /** The `.d.ts` file, relative to the host's root. */
  file: string;
  /**
   * The app's `defaultNS` (default: the configuration's `extract.defaultNamespace`, else the
   * only namespace, else none: i18next's own default, `translation`).
   */
  defaultNS?: string;
}

/** A source catalog as the types describe it. */
export interface TypedCatalog {
  namespace: string;
  /** The parsed JSON. */
  content: unknown;
}

/** What the generated file says besides the catalogs. */
export interface ResourceTypesOptions {
  /** The source locale the keys come from (named in the header). */
  sourceLocale: string;
  /** The app's `defaultNS`, written into `CustomTypeOptions` when known. */
  defaultNS: string | undefined;
}

const key = (name: string) => JSON.stringify(name);

// The TypeScript type of a catalog value, `indent` deep. Strings stay `string` (as a JSON
// import types them), so a changed translation never changes the types.
function typeOf(value: unknown, indent: string): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    const items = [...new Set(value.map((v) => typeOf(v, indent)))];
    if (items.length === 0) return 'readonly unknown[]';
    return items.length === 1 ? `readonly ${items[0]}[]` : `readonly (${items.join(' | ')})[]`;
  }
  if (typeof value === 'object') {
    const inner = `${indent}  `;
    const fields = Object.entries(value as Record<string, unknown>).map(
      ([name, v]) => `${inner}${key(name)}: ${typeOf(v, inner)};`,
    );
    return fields.length === 0 ? '{}' : `{\n${fields.join('\n')}\n${indent}}`;
  }
  return 'unknown';
}

/**
 * The text of a `.d.ts` that gives i18next the source catalogs' keys
 * (`CustomTypeOptions['resources']`, one entry per namespace), so `t('a.misspelt.key')` fails
 * the type check. Namespaces and keys are sorted, so the file changes only when keys do.
 */
export function resourceTypesText(
  catalogs: readonly TypedCatalog[],
  options: ResourceTypesOptions,
): string {
  const sorted = [...catalogs].sort((a, b) => (a.namespace < b.namespace ? -1 : 1));
  const indent = '      ';
  const namespaces = sorted.map(
    ({ namespace, content }) => `${indent}${key(namespace)}: ${typeOf(sortKeys(content), indent)};`,
  );
  return [
    `// The keys of the source catalogs (${options.sourceLocale}), for i18next's types. Written by`,
    "// Transloom's dev session (the host's `types` option) when it starts and whenever a source",
    '// catalog changes: edit the catalogs, not this file.',
    "import 'i18next';",
    '',
    "declare module 'i18next' {",
    '  interface CustomTypeOptions {',
    ...(options.defaultNS ? [`    defaultNS: ${key(options.defaultNS)};`] : []),
    '    resources: {',
    ...namespaces,
    '    };',
    '  }',
    '}',
    '',
  ].join('\n');
}

function sortKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, sortKeys(v)]),
  );
}

/**
 * Writes `text` to `path` unless it already holds it: an unchanged file is left alone, so a
 * type checker in watch mode is not woken. (Written in place: no temporary file appears in the
 * app's folders for the watcher, and a type checker reads it again on the next change.)
 * Returns whether it wrote.
 */
export async function writeIfChanged(path: string, text: string): Promise<boolean> {
  const now = await readFile(path, 'utf8').catch(() => undefined);
  if (now === text) return false;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
  return true;
}

/**
 * Writes the types of the project's source JSON catalogs to the `types` file (relative to
 * `hostRoot`) when they changed. Returns the file's absolute path when it was written, `false`
 * when it was up to date, or the first source that does not parse (saved mid-edit: the file
 * keeps the last good keys until the next good save).
 */
export async function writeSourceTypes(
  hostRoot: string,
  config: ResolvedConfig,
  index: ProjectFiles,
  types: SourceTypesOptions,
  namespace: (file: string, locale: string) => string,
): Promise<{ written: string | false } | { unparsable: string }> {
  const catalogs: TypedCatalog[] = [];
  const seen = new Set<string>();
  for (const file of index.files.values()) {
    if (file.kind !== 'source' || !file.json) continue;
    const ns = namespace(file.file, file.locale);
    if (seen.has(ns)) continue; // the first catalog of a namespace wins, as in the resources module
    const text = await readFile(file.path, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const errors: ParseError[] = [];
    const content: unknown = parse(text, errors, { allowTrailingComma: true });
    if (errors.length > 0) return { unparsable: file.path };
    seen.add(ns);
    catalogs.push({ namespace: ns, content });
  }
  const defaultNS =
    types.defaultNS ??
    config.extract?.defaultNamespace ??
    (catalogs.length === 1 ? catalogs[0]!.namespace : undefined);
  const path = resolve(hostRoot, types.file);
  const text = resourceTypesText(catalogs, { sourceLocale: config.sourceLocale, defaultNS });
  return { written: (await writeIfChanged(path, text)) ? path : false };
}
