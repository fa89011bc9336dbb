#!/usr/bin/env node
// Bundles the plugin's entry (dist/index.js) and the engine it loads once the dev server
// listens or a build starts (dist/chunks/), as the CLI bundles its command: loading some two
// hundred modules one by one is most of what a build whose translations are up to date pays
// for the check, and the entry Vite loads with its config becomes one file. The client
// helper (served to the browser as source) and the types stay as `tsc` wrote them.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleEngine } from '../../scripts/lib/bundle-engine.mjs';

await bundleEngine(build, {
  root: dirname(fileURLToPath(import.meta.url)),
  entryPoints: { index: 'src/index.ts' },
  external: [
    'vite',
    // One copy of the client (its error classes are checked with instanceof across packages).
    '@transloom/client',
    '@transloom/client/*',
  ],
});
