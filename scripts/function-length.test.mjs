import { expect, it } from 'vitest';
import { functionLengths, longFunctions } from './function-length.mjs';

// The packages whose functions must fit on a screen; add a package here once it does.
const PACKAGES = [
  'packages/client',
  'packages/cli',
  'packages/core',
  'packages/github-action',
  'packages/server',
  'packages/vite-plugin',
];

it('finds no function over 80 lines of its own in the packages that keep the rule', () => {
  const long = longFunctions(PACKAGES, 80).map(
    (fn) => `${fn.file}:${fn.line} ${fn.name} ${fn.length}`,
  );
  expect(long).toEqual([]);
});

it('counts a nested function on its own and not in its parent', () => {
  const body = (n) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
  const text = `export function outer() {\n${body(3)}\n  const inner = () => {\n${body(5)}\n  };\n  return inner;\n}\n`;
  const found = functionLengths('x.ts', text);
  // outer: its opening and closing lines, 3 statements, the line that opens inner, the return.
  expect(found.map(({ name, length }) => ({ name, length }))).toEqual([
    { name: 'inner', length: 7 },
    { name: 'outer', length: 7 },
  ]);
});
