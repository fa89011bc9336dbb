#!/usr/bin/env node
// Bundles the `transloom` command into dist/bin.js (and dist/chunks/): the engine and its
// dependencies in a few files instead of some two hundred modules, because loading modules is
// most of what a command that has nothing to do costs. Code a command may not need stays in
// its own chunks, loaded when the command needs it (the format parsers, the client, extract).
// What `translate`, `check` and `status` load to plan a run is one chunk (`run`), since those
// always load all of it. `tsc` still writes the library entry (dist/index.js) and the types.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { rollup } from 'rollup';
import { bundleEngine } from '../../scripts/lib/bundle-engine.mjs';

await bundleEngine(build, {
  root: dirname(fileURLToPath(import.meta.url)),
  entryPoints: { bin: 'src/bin.ts' },
  rechunk: {
    rollup,
    groups: {
      run: [
        'src/commands/project-command.ts',
        '../core/dist/config/load-config.js',
        '../core/dist/config/resolve-config.js',
        '../core/dist/pipeline/translate-project.js',
      ],
    },
  },
});
