#!/usr/bin/env node
// Bundles the plugin's entry (dist/index.js) and the engine it loads once the dev server
// listens or a build starts (dist/chunks/), as the CLI bundles its command: loading some two
// hundred modules one by one is most of what a build whose translations are up to date pays
// for the check, and the entry Vite loads with its config becomes one file. The client
// helper (served to the browser as source) and the types stay as `tsc` wrote them.
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
await rm(join(here, 'dist/chunks'), { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: { index: 'src/index.ts' },
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
    'vite',
    // One copy of the client (its error classes are checked with instanceof across packages).
    '@transloom/client',
    '@transloom/client/*',
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
      // The engine loads its key extractor on demand; the plugin takes it from the installed
      // @transloom/core/extract rather than bundling i18next-parser and its lexers.
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
