import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { UsageError } from '@transloom/client/errors';
import { parser as I18nextParser } from 'i18next-parser';
import {
  applyEdits,
  type FormattingOptions,
  findNodeAtLocation,
  modify,
  type Node,
  parseTree,
} from 'jsonc-parser';
import { glob } from 'tinyglobby';
import type { Diagnostic } from '../document/diagnostics.js';
import { writeFileAtomic } from '../fs/write-file-atomic.js';
import { PathGuard } from '../pipeline/path-guard.js';
import { pluralCategories } from '../plurals/plural-categories.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';

/** A key found in source code. */
export interface FoundKey {
  namespace: string;
  /** Key path inside the catalog. */
  path: string[];
  defaultValue: string;
  /** Where it was first found. */
  file: string;
}

/** What {@link extractKeys} did. */
export interface ExtractResult {
  /** Source files scanned. */
  scanned: number;
  /** Catalog path -> keys added to it. */
  added: Map<string, string[]>;
  warnings: Diagnostic[];
}

interface ParsedKey {
  key: string;
  defaultValue?: string;
  ns?: string;
  count?: string;
  ordinal?: boolean;
  context?: string;
}

function indentOf(text: string): FormattingOptions {
  const match = /\n([ \t]+)"/.exec(text);
  const indent = match?.[1] ?? '  ';
  return {
    insertSpaces: !indent.includes('\t'),
    tabSize: indent.includes('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

/** A catalog key one call in code stands for. */
interface WantedKey {
  namespace: string;
  path: string[];
  value: string;
  /** A plural form's plain key: i18next falls back to it, so a string there satisfies the form. */
  plain?: string[];
}

// The catalog keys one call stands for: plural calls need every form of the source locale,
// unless the catalog has the plain key (i18next uses it for any count then).
function keysOf(
  found: ParsedKey,
  settings: NonNullable<ResolvedConfig['extract']>,
  sourceLocale: string,
  defaultNamespace: string,
): WantedKey[] {
  const nsSeparator = settings.namespaceSeparator === undefined ? ':' : settings.namespaceSeparator;
  const keySeparator = settings.keySeparator === undefined ? '.' : settings.keySeparator;
  let key = found.key;
  let namespace = found.ns ?? defaultNamespace;
  if (nsSeparator && key.includes(nsSeparator)) {
    const at = key.indexOf(nsSeparator);
    namespace = key.slice(0, at);
    key = key.slice(at + nsSeparator.length);
  }
  if (found.context) key = `${key}_${found.context}`;
  const value = found.defaultValue ?? key;
  const names =
    found.count !== undefined
      ? pluralCategories(sourceLocale, found.ordinal ? 'ordinal' : 'cardinal').map(
          (c) => `${key}${found.ordinal ? '_ordinal' : ''}_${c}`,
        )
      : [key];
  const split = (name: string) => (keySeparator ? name.split(keySeparator) : [name]);
  const plain = found.count !== undefined ? { plain: split(key) } : {};
  return names.map((name) => ({ namespace, path: split(name), value, ...plain }));
}

/**
 * `transloom extract`: scans source code with i18next-parser's lexers and adds the keys that
 * the source catalogs lack, with their default values. Existing keys and values are never
 * changed, and the catalogs keep their formatting (edits go through jsonc-parser).
 */
export async function extractKeys(
  config: ResolvedConfig,
  options: { dryRun?: boolean } = {},
): Promise<ExtractResult> {
  const settings = config.extract;
  if (!settings)
    throw new UsageError(
      `${config.file ?? 'the configuration'} has no 'extract' section (input globs and an output path with {ns})`,
    );
  const files = (
    await glob([...settings.input], {
      cwd: config.root,
      ignore: ['**/node_modules/**', '**/dist/**'],
    })
  ).sort();
  const parser = new I18nextParser({});
  const warnings: Diagnostic[] = [];
  let current = '';
  parser.on('warning', (message: string) =>
    warnings.push({
      file: current,
      line: 1,
      column: 1,
      rule: 'extract',
      severity: 'warning',
      message,
    }),
  );
  const guard = new PathGuard(config.root, config.file);
  // Every file read, links followed, is the project's.
  await Promise.all(files.map((file) => guard.check('extract.input', file)));
  const wanted = new Map<string, Map<string, WantedKey>>();
  for (const file of files) {
    current = file;
    const content = await readFile(resolve(config.root, file), 'utf8');
    for (const found of parser.parse(content, file) as unknown as ParsedKey[]) {
      for (const key of keysOf(
        found,
        settings,
        config.sourceLocale,
        settings.defaultNamespace ?? 'translation',
      )) {
        // The namespace comes from the scanned code: it names a file, never a folder.
        if (!/^[\w.-]+$/.test(key.namespace) || /^\.+$/.test(key.namespace)) {
          warnings.push({
            file,
            line: 1,
            column: 1,
            rule: 'extract-namespace',
            severity: 'error',
            message: `the namespace '${key.namespace.slice(0, 80)}' is not a file name (letters, digits, '.', '_', '-'); its keys were not added`,
          });
          continue;
        }
        const catalog = settings.output
          .replaceAll('{ns}', key.namespace)
          .replaceAll('{locale}', config.sourceLocale);
        let keys = wanted.get(catalog);
        if (!keys) {
          keys = new Map();
          wanted.set(catalog, keys);
        }
        const id = JSON.stringify(key.path);
        if (!keys.has(id)) keys.set(id, key);
      }
    }
  }
  // Every catalog is checked before the first is written.
  await Promise.all([...wanted.keys()].map((catalog) => guard.check('extract.output', catalog)));
  const added = new Map<string, string[]>();
  for (const [catalog, keys] of wanted) {
    const { path, text, names } = await addMissingKeys(config, catalog, keys, warnings);
    if (names.length === 0) continue;
    added.set(catalog, names);
    if (!options.dryRun) await writeFileAtomic(path, text.endsWith('\n') ? text : `${text}\n`);
  }
  return { scanned: files.length, added, warnings };
}

// Adds to one catalog the keys it lacks, keeping its formatting; a key whose path runs through
// a value, or a catalog that is not a JSON object, is reported and left alone.
async function addMissingKeys(
  config: ResolvedConfig,
  catalog: string,
  keys: ReadonlyMap<string, WantedKey>,
  warnings: Diagnostic[],
): Promise<{ path: string; text: string; names: string[] }> {
  const path = resolve(config.root, catalog);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    text = '{}\n';
  }
  const formatting = indentOf(text);
  const names: string[] = [];
  for (const { path: keyPath, value, plain } of keys.values()) {
    const tree: Node | undefined = parseTree(text);
    if (!tree) {
      warnings.push({
        file: relative(config.root, path),
        line: 1,
        column: 1,
        rule: 'extract',
        severity: 'error',
        message: 'is not a JSON object; no keys were added',
      });
      break;
    }
    if (findNodeAtLocation(tree, keyPath)) continue;
    if (plain && findNodeAtLocation(tree, plain)?.type === 'string') continue;
    // A string where the key needs an object: leave both alone and say so.
    const blocked = keyPath.slice(0, -1).some((_, i) => {
      const node = findNodeAtLocation(tree, keyPath.slice(0, i + 1));
      return node !== undefined && node.type !== 'object';
    });
    if (blocked) {
      warnings.push({
        file: catalog,
        line: 1,
        column: 1,
        rule: 'extract-conflict',
        severity: 'warning',
        message: `cannot add '${keyPath.join('.')}': a part of its path holds a value`,
      });
      continue;
    }
    text = applyEdits(text, modify(text, keyPath, value, { formattingOptions: formatting }));
    names.push(keyPath.join('.'));
  }
  return { path, text, names };
}
