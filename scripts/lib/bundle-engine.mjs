// The esbuild settings a package uses to bundle the engine into its own dist/ (the CLI's
// command, the Vite plugin's entry): a few files instead of some two hundred modules, because
// loading modules is most of what a run with nothing to do costs. Each package's build.mjs
// names its entry and what stays outside; esbuild is passed in, resolved from the package.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Modules every bundle of the engine leaves to the installed packages. */
const ENGINE_EXTERNALS = [
  // The local service carries a native module: loaded from the package when it starts.
  '@transloom/server',
  // Loaded only for a TypeScript config (jiti) or by `extract` (i18next-parser and its lexers).
  'jiti',
  '@transloom/core/extract',
  // cosmiconfig's own TypeScript loader, which the engine replaces with jiti.
  'typescript',
];

/**
 * Bundles `entryPoints` (relative to `root`) into `root/dist`, shared code in `dist/chunks/`,
 * with `external` beside the engine's own externals.
 */
export async function bundleEngine(build, { root, entryPoints, external = [] }) {
  await rm(join(root, 'dist/chunks'), { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // ESM builds first: some packages' CommonJS entries are UMD wrappers whose requires a
    // bundle loses.
    mainFields: ['module', 'main'],
    outdir: join(root, 'dist'),
    chunkNames: 'chunks/[name]-[hash]',
    legalComments: 'none',
    logLevel: 'warning',
    external: [...external, ...ENGINE_EXTERNALS],
    plugins: [
      {
        // The engine loads its key extractor on demand (`project.extract()`); a bundle takes it
        // from the installed @transloom/core/extract rather than bundling i18next-parser and
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
}
