#!/usr/bin/env node
// Bundles the `transloom` command into dist/bin.js (and dist/chunks/): the engine and its
// dependencies in a few files instead of some two hundred modules, because loading modules is
// most of what a command that has nothing to do costs. Code a command may not need stays in
// its own chunks, loaded when the command needs it (the format parsers, the client, extract).
// `tsc` still writes the library entry (dist/index.js) and the types.
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
await rm(join(here, 'dist/chunks'), { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: { bin: 'src/bin.ts' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // ESM builds first: some packages' CommonJS entries are UMD wrappers whose requires a bundle loses.
  mainFields: ['module', 'main'],
  outdir: join(here, 'dist'),
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  external: [
    // The local service carries a native module: loaded from the package when it starts.
    '@transloom/server',
    // Loaded only for a TypeScript config (jiti) or by `extract` (i18next-parser and its lexers).
    'jiti',
    '@transloom/core/extract',
    // cosmiconfig's own TypeScript loader, which the engine replaces with jiti.
    'typescript',
  ],
  plugins: [
    {
      // The engine loads its key extractor on demand (`project.extract()`); the command takes
      // it from the installed @transloom/core/extract rather than bundling i18next-parser and
      // its lexers into a chunk of its own.
      name: 'extractor-from-core',
      setup(b) {
        b.onResolve({ filter: /[\\/]extract[\\/]extract-keys\.js$/ }, (args) =>
          /[\\/]core[\\/]dist[\\/]/.test(args.importer)
            ? { path: '@transloom/core/extract', external: true }
            : undefined,
        );
      },
    },
  ],
  // CommonJS dependencies call require() for Node's modules.
  banner: {
    js: "import { createRequire as __transloomRequire } from 'node:module';\nconst require = __transloomRequire(import.meta.url);",
  },
});
