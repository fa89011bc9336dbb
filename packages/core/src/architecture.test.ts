import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles, specifiersOf } from './test-support/import-graph.js';

// The floor plan of core, enforced: each folder imports only folders on its own layer or
// below (type imports included), and no two files nor two folders import each other through
// any path. (Hosts coming in through the front door only is `hosts-door.test.ts`.)

const SRC = dirname(fileURLToPath(import.meta.url));

/** Core's layers, bottom first: a folder may import its own layer and those below. */
export const LAYERS: readonly (readonly string[])[] = [
  ['document', 'segments', 'errors', 'hashing', 'plurals', 'fs', 'collections', 'git'],
  ['formats'],
  // The configuration's schema names the registry's formats and checks their options.
  ['settings'],
  ['glossary', 'lock', 'memory'],
  ['pipeline'],
  ['presets'],
  ['config'],
  ['extract'],
  ['project'],
  ['(entry)'],
];

interface Edge {
  from: string;
  to: string;
}

/** Every import of every source file under `root`: files within it, and packages. */
export function importsOf(root: string): { files: string[]; edges: Edge[]; bare: Edge[] } {
  const files = sourceFiles(root);
  const edges: Edge[] = [];
  const bare: Edge[] = [];
  for (const file of files) {
    const from = relative(root, file);
    for (const specifier of specifiersOf(file, readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.'))
        edges.push({
          from,
          to: relative(root, resolve(dirname(file), specifier.replace(/\.js$/, '.ts'))),
        });
      else bare.push({ from, to: specifier });
    }
  }
  return { files: files.map((f) => relative(root, f)), edges, bare };
}

const folderOf = (path: string) => (path.includes('/') ? path.split('/')[0]! : '(entry)');
const layerOf = (folder: string) => LAYERS.findIndex((layer) => layer.includes(folder));

/** `from -> to` for each import of a folder on a higher layer. */
export function upward(edges: readonly Edge[]): string[] {
  return edges
    .filter(({ from, to }) => layerOf(folderOf(to)) > layerOf(folderOf(from)))
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** Cycles between files, each as the list of files around it. */
export function fileCycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const walk = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const to of next.get(file) ?? []) {
      if (state.get(to) === 'open') cycles.push(stack.slice(stack.indexOf(to)));
      else if (!state.has(to)) walk(to);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of next.keys()) if (!state.has(file)) walk(file);
  return cycles;
}

describe('core’s floor plan', () => {
  const { files, edges } = importsOf(SRC);

  it('puts every folder on a layer', () => {
    const unplaced = [...new Set(files.map(folderOf))].filter((f) => layerOf(f) === -1);
    expect(unplaced).toEqual([]);
  });

  it('has no import upward, type imports included', () => {
    expect(upward(edges)).toEqual([]);
  });

  it('has no cycle between files', () => {
    expect(fileCycles(edges).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('has no cycle between folders, even within one layer', () => {
    const between = edges
      .map(({ from, to }) => ({ from: folderOf(from), to: folderOf(to) }))
      .filter(({ from, to }) => from !== to);
    expect(fileCycles(between).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});

describe('the floor plan’s checks', () => {
  // The checks above pass on an empty graph too: these show that they see what they guard.
  it('finds a cycle closed by any kind of import', () => {
    expect(
      fileCycles([
        { from: 'a/x.ts', to: 'b/y.ts' },
        { from: 'b/y.ts', to: 'a/x.ts' },
      ]),
    ).toEqual([['a/x.ts', 'b/y.ts']]);
  });

  it('finds an import upward, and none downward', () => {
    expect(
      upward([
        { from: 'pipeline/a.ts', to: 'project/b.ts' },
        { from: 'project/b.ts', to: 'pipeline/a.ts' },
        { from: 'formats/c.ts', to: 'document/d.ts' },
      ]),
    ).toEqual(['pipeline/a.ts -> project/b.ts']);
  });

  it('reads every kind of import, so a type import cannot hide an arrow', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b/b.js';",
      "export { c } from './c.js';",
      "const d = await import('./d.js');",
      "type E = import('./e.js').E;",
      "import { z } from 'zod';",
    ].join('\n');
    expect(specifiersOf('probe.ts', text)).toEqual([
      './a.js',
      '../b/b.js',
      './c.js',
      './d.js',
      './e.js',
      'zod',
    ]);
  });
});
