#!/usr/bin/env node
// Bundles the plugin's entry (dist/index.js) and the engine it loads once the dev server
// listens or a build starts (dist/chunks/), as the CLI bundles its command: loading some two
// hundred modules one by one is most of what a build whose translations are up to date pays
// for the check, and the entry Vite loads with its config becomes one file. The client
// helper (served to the browser as source) and the types stay as `tsc` wrote them.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleEngine } from '../../scripts/lib/bundle-engine.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const client = join(root, 'node_modules/@transloom/client/dist');

await bundleEngine(build, {
  root,
  entryPoints: { index: 'src/index.ts' },
  external: [
    'vite',
    // One copy of the client (its error classes are checked with instanceof across packages).
    '@transloom/client',
    '@transloom/client/*',
  ],
  plugins: [
    {
      // What Vite loads with the app's config, before its ready line, takes nothing from other
      // packages: the plugin's hooks carry their own copy of the client's base error (its
      // `instanceof` holds across copies, by a brand) and the locale pattern the options are
      // checked against. Only these two are copied: the engine's modules, loaded after the
      // server listens, keep the installed client, whose other error classes have one copy.
      name: 'hooks-without-packages',
      setup(b) {
        const own = /[\\/]vite-plugin[\\/]src[\\/](plugin-options|virtual-modules)\.ts$/;
        const copied = {
          '@transloom/client/errors': join(client, 'transloom-error.js'),
          '@transloom/client/languages': join(client, 'wire/languages.js'),
        };
        b.onResolve({ filter: /^@transloom\/client\/(errors|languages)$/ }, (args) =>
          own.test(args.importer) ? { path: copied[args.path] } : undefined,
        );
      },
    },
  ],
});
