#!/usr/bin/env node
// Lists the functions of packages' sources that are longer than a screen. A function's length
// is the lines of its own: the lines from its first to its last, less the lines of the
// functions nested in it (each counts on its own; the line that opens one stays with its
// parent, where it is called or handed on). Tests, test helpers, declarations and dist are
// left out: the rule is for the code that ships.
//
//   node scripts/function-length.mjs [--limit 80] [--all] packages/cli packages/client ...
//
// Prints `file:line name length` for each function over the limit, longest first (with --all,
// every function), and exits 1 when one is over it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(fileURLToPath(import.meta.url), '..', '..');

/** The shipped TypeScript files below a package's `src`. */
function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['test-support', 'node_modules', 'dist', 'fixtures'].includes(entry.name))
        out.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|e2e\.test|d)\.tsx?$/.test(entry.name))
      out.push(path);
  }
  return out;
}

function isFunction(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

function nameOf(node) {
  if (ts.isConstructorDeclaration(node)) return `${nameOf(node.parent)}.constructor`;
  if (node.name && ts.isIdentifier(node.name)) {
    const owner = ts.isClassLike(node.parent) ? `${nameOf(node.parent)}.` : '';
    return owner + node.name.text;
  }
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (parent && ts.isPropertyDeclaration(parent) && ts.isIdentifier(parent.name))
    return `${nameOf(parent.parent)}.${parent.name.text}`;
  return '<anonymous>';
}

/** Every function of one file with the lines of its own. */
export function functionLengths(file, text = readFileSync(file, 'utf8')) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line;
  const found = [];
  const measure = (fn) => {
    const first = lineOf(fn.getStart(source));
    const last = lineOf(fn.getEnd());
    const own = new Set();
    for (let line = first; line <= last; line++) own.add(line);
    const visit = (node) => {
      if (isFunction(node)) {
        for (let line = lineOf(node.getStart(source)) + 1; line <= lineOf(node.getEnd()); line++)
          own.delete(line);
        measure(node);
        return;
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(fn, visit);
    found.push({ file, line: first + 1, name: nameOf(fn), length: own.size });
  };
  const visit = (node) => {
    if (isFunction(node)) measure(node);
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function of the packages' sources (directories relative to the repository root). */
export function packageFunctions(packages) {
  return packages.flatMap((dir) =>
    sourceFiles(resolve(ROOT, dir, 'src')).flatMap((file) =>
      functionLengths(file).map((fn) => ({ ...fn, file: relative(ROOT, fn.file) })),
    ),
  );
}

/** The functions of the packages longer than `limit` lines of their own, longest first. */
export function longFunctions(packages, limit = 80) {
  return packageFunctions(packages)
    .filter((fn) => fn.length > limit)
    .sort((a, b) => b.length - a.length);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--limit');
  const limit = at === -1 ? 80 : Number(args.splice(at, 2)[1]);
  const all = args.includes('--all');
  const packages = args.filter((arg) => !arg.startsWith('--'));
  if (packages.length === 0) {
    console.error('usage: node scripts/function-length.mjs [--limit N] [--all] <package dir>...');
    process.exit(2);
  }
  const shown = all
    ? packageFunctions(packages).sort((a, b) => b.length - a.length)
    : longFunctions(packages, limit);
  for (const fn of shown) console.log(`${fn.file}:${fn.line} ${fn.name} ${fn.length}`);
  const over = shown.filter((fn) => fn.length > limit).length;
  console.log(`${over} function(s) over ${limit} lines of their own`);
  process.exitCode = over > 0 ? 1 : 0;
}
