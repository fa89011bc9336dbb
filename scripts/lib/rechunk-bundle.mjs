// Groups esbuild's split output into fewer chunks with Rollup. esbuild makes one chunk for every
// set of dynamic imports that reaches a piece of code, and a run of `transloom translate` loaded
// some sixty of them: each module Node loads costs a fraction of a millisecond (resolve, read,
// compile, link) whatever its size, so a command with nothing to do spent tens of milliseconds
// on loading alone. Rollup (esbuild has no option for this) takes esbuild's chunks as modules,
// joins those always loaded together, and puts each named group (the code one command needs)
// into one chunk. Nothing is tree-shaken again: esbuild already did.
import { chmod, readFile, rm } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';

// Escapes what is not ASCII (esbuild writes code in ASCII, but keeps some comments as they are):
// one such character makes V8 hold and scan a whole chunk as two-byte text, twice the memory.
const asciiOnly = {
  name: 'ascii-only',
  renderChunk: (code) =>
    code.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
};

// The chunks `file` loads before it runs (its import statements, followed), file included.
function staticClosure(outputs, file, into = new Set()) {
  if (into.has(file) || !outputs[file]) return into;
  into.add(file);
  for (const { path, kind, external } of outputs[file].imports)
    if (kind === 'import-statement' && !external) staticClosure(outputs, path, into);
  return into;
}

/**
 * Re-chunks the bundle esbuild wrote to `split` (with its `metafile`, paths relative to `root`)
 * into `dist`: the `entries` by name, and for each of `groups` (a name and the source modules
 * it starts from, as esbuild names its dynamic-import entry points) one chunk holding what
 * those modules load, except what the entries load at start-up.
 */
export async function rechunkBundle(rollup, { root, dist, split, metafile, entries, groups = {} }) {
  const { outputs } = metafile;
  const chunkOf = new Map();
  for (const [file, output] of Object.entries(outputs))
    if (output.entryPoint) chunkOf.set(output.entryPoint, file);
  const startup = new Set();
  for (const name of entries)
    staticClosure(outputs, relativeOut(root, split, `${name}.js`), startup);
  // What the entries load at start-up is a group of its own, so that no group (which takes in
  // what its modules import, unless another group has it) draws it in.
  const groupOf = new Map();
  for (const file of startup)
    if (!outputs[file].entryPoint) groupOf.set(resolve(root, file), 'start');
  for (const [group, sources] of Object.entries(groups))
    for (const source of sources) {
      const chunk = chunkOf.get(source);
      if (chunk === undefined)
        throw new Error(`rechunk: no chunk starts at ${source} (group ${group})`);
      for (const file of staticClosure(outputs, chunk)) {
        const id = resolve(root, file);
        if (!startup.has(file) && !groupOf.has(id)) groupOf.set(id, group);
      }
    }
  const bundle = await rollup({
    input: Object.fromEntries(entries.map((name) => [name, join(split, `${name}.js`)])),
    plugins: [asciiOnly],
    external: (id) => !id.startsWith('.') && !isAbsolute(id),
    treeshake: false,
    onwarn(warning, warn) {
      // esbuild's chunks import one another both ways; Rollup orders them as Node would.
      if (warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning);
    },
  });
  await bundle.write({
    dir: dist,
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    manualChunks: (id) => groupOf.get(id),
  });
  await bundle.close();
  await rm(split, { recursive: true, force: true });
  // An entry that starts with `#!` is a command: executable, as esbuild writes it.
  for (const name of entries) {
    const file = join(dist, `${name}.js`);
    if ((await readFile(file, 'utf8')).startsWith('#!')) await chmod(file, 0o755);
  }
}

// The metafile's name for `name` inside the split output folder.
function relativeOut(root, split, name) {
  return join(split, name).slice(resolve(root).length + 1);
}
