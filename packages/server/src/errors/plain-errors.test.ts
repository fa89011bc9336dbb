import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every error the service throws is a TransloomError (a code, a kind, a position when it has
// one), so a host that starts it has one error boundary and an operator never meets a bare
// `Error`. A truly internal invariant throws an InternalError, which says so and asks for a
// report. Test helpers (test-support/) are not the service and may throw what they like.

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line: text` of each line of `text` that matches `pattern`. */
function linesMatching(file: string, text: string, pattern: RegExp): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

// `new Error(`, `new TypeError(`…: a bare built-in error, thrown or rejected with.
const BARE_ERROR = /\bnew (?:Range|Type|Syntax|Reference|Eval|URI)?Error\(/;
// A class that derives from a built-in error instead of TransloomError.
const BARE_CLASS = /\bclass \w+ extends (?:Range|Type|Syntax|Reference|Eval|URI)?Error\b/;

describe('the service’s errors', () => {
  const files = sourceFiles(SRC).map((file) => ({
    file: relative(SRC, file),
    text: readFileSync(file, 'utf8'),
  }));

  it('are looked for in the service’s source', () => {
    expect(files.map(({ file }) => file)).toContain('create-server.ts');
  });

  it('never makes a bare Error outside tests (no allow-list)', () => {
    expect(files.flatMap(({ file, text }) => linesMatching(file, text, BARE_ERROR))).toEqual([]);
  });

  it('derive every error class from TransloomError', () => {
    expect(files.flatMap(({ file, text }) => linesMatching(file, text, BARE_CLASS))).toEqual([]);
  });

  it('finds what it forbids', () => {
    const text =
      "ok();\nthrow new Error('x');\nreject(new TypeError('y'));\nclass A extends Error {}";
    expect(linesMatching('a.ts', text, BARE_ERROR)).toEqual([
      "a.ts:2: throw new Error('x');",
      "a.ts:3: reject(new TypeError('y'));",
    ]);
    expect(linesMatching('a.ts', text, BARE_CLASS)).toEqual(['a.ts:4: class A extends Error {}']);
  });
});
