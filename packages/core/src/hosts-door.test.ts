import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles, specifiersOf } from './test-support/import-graph.js';

// Hosts come in through the front door only: they drive `Project` from `@transloom/core`, and
// tools that read and write files themselves may use `@transloom/core/formats`. Anything
// deeper is the engine's to rearrange.

const PACKAGES = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOORS = new Set(['@transloom/core', '@transloom/core/formats']);
const HOSTS = ['cli', 'vite-plugin', 'github-action'];

/** Every package a file imports: static, dynamic, type-only, re-exported, `import('x').T`. */
function packageImports(file: string, text = readFileSync(file, 'utf8')): string[] {
  return specifiersOf(file, text).filter((specifier) => !specifier.startsWith('.'));
}

/** `host/src/file -> specifier` for each import of the engine past its doors. */
function pastTheDoor(host: string): string[] {
  const src = join(PACKAGES, host, 'src');
  return sourceFiles(src).flatMap((file) =>
    packageImports(file)
      .filter((to) => to.startsWith('@transloom/core') && !DOORS.has(to))
      .map((to) => `${host}/src/${relative(src, file).replaceAll('\\', '/')} -> ${to}`),
  );
}

describe('the hosts’ door', () => {
  for (const host of HOSTS) {
    it(`${host} imports core through the front door only`, () => {
      expect(pastTheDoor(host)).toEqual([]);
    });
  }

  it('sees every kind of import, so a host cannot slip past it', () => {
    const text = [
      "import { a } from '@transloom/core/pipeline';",
      "import type { B } from '@transloom/core/config';",
      "export { c } from '@transloom/core/extract';",
      "const d = await import('@transloom/core/docs');",
      "type E = import('@transloom/core/lock').E;",
      "import { f } from './own-file.js';",
    ].join('\n');
    expect(packageImports('probe.ts', text)).toEqual([
      '@transloom/core/pipeline',
      '@transloom/core/config',
      '@transloom/core/extract',
      '@transloom/core/docs',
      '@transloom/core/lock',
    ]);
  });
});
