#!/usr/bin/env node
// Bundles the plugin's entry (dist/index.js) on its own, and the engine it loads once the dev
// server listens or a build starts (dist/dev-session.js, dist/build-step.js, shared code in
// dist/chunks/), as the CLI bundles its command: loading some two hundred modules one by one
// is most of what a build whose translations are up to date pays for the check. The client
// helper (served to the browser as source) and the types stay as `tsc` wrote them.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleEngine } from '../../scripts/lib/bundle-engine.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const client = join(root, 'node_modules/@transloom/client/dist');

await bundleEngine(build, {
  root,
  entryPoints: { 'dev-session': 'src/dev-session.ts', 'build-step': 'src/build-step.ts' },
  external: [
    'vite',
    // One copy of the client (its error classes are checked with instanceof across packages).
    '@transloom/client',
    '@transloom/client/*',
  ],
});

// What Vite loads with the app's config, before its ready line, is this one file: the hooks,
// the virtual modules and the options, importing no package and none of the engine's chunks
// (their modules would load with it). They carry their own copy of the client's base error
// (its `instanceof` holds across copies, by a brand) and of the locale pattern the options are
// checked against; the engine keeps the installed client, whose other error classes have one
// copy. The engine is imported from the two files above, when it is needed.
await build({
  absWorkingDir: root,
  entryPoints: { index: 'src/index.ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: join(root, 'dist'),
  legalComments: 'none',
  logLevel: 'warning',
  // Any other package stays an import (a test holds the entry to none).
  packages: 'external',
  plugins: [
    {
      name: 'hooks-alone',
      setup(b) {
        const copied = {
          '@transloom/client/errors': join(client, 'transloom-error.js'),
          '@transloom/client/languages': join(client, 'wire/languages.js'),
        };
        b.onResolve({ filter: /^@transloom\/client\/(errors|languages)$/ }, (args) => ({
          path: copied[args.path],
        }));
        b.onResolve({ filter: /^\.\/(dev-session|build-step)\.js$/ }, (args) => ({
          path: args.path,
          external: true,
        }));
      },
    },
  ],
});
