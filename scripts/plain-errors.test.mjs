import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every error a package throws is a TransloomError (a code, a kind, a position when it has
// one), so a host's error boundary is one check and a user or an operator never meets a bare
// `Error`. A truly internal invariant throws an InternalError (`@transloom/client/errors`),
// which says so and asks for a report. Tests and test helpers (test-support/) may throw what
// they like.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// docs-e2e is a harness of end-to-end tests: its `src` holds test helpers only.
const NOT_SHIPPED = new Set(['docs-e2e']);

// The `src` folder of every package that ships code.
function packageSources(root = ROOT) {
  return readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_SHIPPED.has(entry.name))
    .map((entry) => join(root, 'packages', entry.name, 'src'))
    .filter((src) => {
      try {
        return readdirSync(src).length > 0;
      } catch {
        return false;
      }
    });
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return /\.[cm]?[jt]sx?$/.test(entry.name) && !/\.(test|d)\.[cm]?[jt]sx?$/.test(entry.name)
      ? [path]
      : [];
  });
}

// `file:line: text` of each line of `text` that matches `pattern`.
function linesMatching(file, text, pattern) {
  return text
    .split('\n')
    .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

// `new Error(`, `new TypeError(`…: a bare built-in error, thrown or rejected with.
const BARE_ERROR = /\bnew (?:Range|Type|Syntax|Reference|Eval|URI)?Error\(/;
// A class that derives from a built-in error instead of TransloomError (the base itself aside).
const BARE_CLASS =
  /\bclass (?!TransloomError\b)\w+ extends (?:Range|Type|Syntax|Reference|Eval|URI)?Error\b/;

describe('every package’s errors', () => {
  const files = packageSources().flatMap((src) =>
    sourceFiles(src).map((file) => ({
      file: relative(ROOT, file).replaceAll('\\', '/'),
      text: readFileSync(file, 'utf8'),
    })),
  );

  it('are looked for in every package that ships code', () => {
    const packages = new Set(files.map(({ file }) => file.split('/')[1]));
    for (const name of ['client', 'server', 'core', 'cli', 'vite-plugin', 'github-action'])
      expect(packages).toContain(name);
  });

  it('are never a bare Error outside tests (no allow-list)', () => {
    expect(files.flatMap(({ file, text }) => linesMatching(file, text, BARE_ERROR))).toEqual([]);
  });

  it('derive every error class from TransloomError', () => {
    expect(files.flatMap(({ file, text }) => linesMatching(file, text, BARE_CLASS))).toEqual([]);
  });

  it('finds what it forbids', () => {
    const text = [
      'ok();',
      "throw new Error('x');",
      "reject(new TypeError('y'));",
      'class A extends Error {}',
      'export class TransloomError extends Error {',
    ].join('\n');
    expect(linesMatching('a.ts', text, BARE_ERROR)).toEqual([
      "a.ts:2: throw new Error('x');",
      "a.ts:3: reject(new TypeError('y'));",
    ]);
    expect(linesMatching('a.ts', text, BARE_CLASS)).toEqual(['a.ts:4: class A extends Error {}']);
  });
});
