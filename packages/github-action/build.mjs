#!/usr/bin/env node
// Bundles the Action into dist/ (the runner installs no dependencies) with esbuild:
// `node build.mjs` writes dist/index.js, dist/ioredis.js and dist/licenses.txt;
// `node build.mjs --check [FILE]` bundles in memory and compares with the committed bundle
// (or FILE), exit 1 when stale.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const OUT = join(here, 'dist', 'index.js');
const LICENSES = join(here, 'dist', 'licenses.txt');
// The Redis client of the shared translation memory, in a file of its own beside the bundle:
// the engine imports it only when a project configures a shared memory, so the Action's
// bundle (read and compiled on every run) does not carry it.
const REDIS = join(here, 'dist', 'ioredis.js');
// CommonJS dependencies call require() for Node's modules.
const REQUIRE_BANNER =
  "import { createRequire as __transloomRequire } from 'node:module';\nconst require = __transloomRequire(import.meta.url);";

// The Redis client bundled alone, as an ES module exporting what the engine takes from it.
async function bundleRedis() {
  const result = await build({
    absWorkingDir: here,
    stdin: {
      contents: "export { Redis } from 'ioredis';\n",
      resolveDir: join(here, '..', 'core'),
      sourcefile: 'ioredis-entry.js',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    outfile: REDIS,
    metafile: true,
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'warning',
    banner: { js: REQUIRE_BANNER },
  });
  return {
    code: result.outputFiles.find((f) => f.path === REDIS).text,
    inputs: Object.keys(result.metafile.inputs).map((p) => p.split(sep).join('/')),
  };
}
// Packages that must never be in the bundle: the local service carries a native module.
const FORBIDDEN = /node_modules\/(@photostructure\/sqlite|@transloom\/server)\/|packages\/server\//;

/**
 * Bundles the Action in memory: the bundle's text and its license notices. With `sourcesFrom`
 * (another checkout of the repository, built), the workspace packages' code is read from there
 * under this checkout's paths: the bundle of a commit, whatever this checkout holds.
 */
export async function bundleAction({ sourcesFrom } = {}) {
  const repo = dirname(dirname(here));
  const result = await build({
    absWorkingDir: here,
    entryPoints: ['src/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // ESM builds first: some packages' CommonJS entries are UMD wrappers whose requires a bundle loses.
    mainFields: ['module', 'main'],
    write: false,
    outfile: OUT,
    metafile: true,
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'warning',
    // cosmiconfig loads TypeScript only for `.ts` configs, which the engine reads with jiti.
    external: ['typescript'],
    banner: { js: REQUIRE_BANNER },
    plugins: [
      {
        // The engine's `import('ioredis')` loads the file beside the bundle (see REDIS).
        name: 'redis-apart',
        setup(b) {
          b.onResolve({ filter: /^ioredis$/ }, () => ({ path: './ioredis.js', external: true }));
        },
      },
      {
        // The Action never extracts keys from an app's code: the engine's key extractor (and
        // the i18next-parser it loads, with its template compilers) is left out of the bundle.
        name: 'no-key-extraction',
        setup(b) {
          b.onLoad({ filter: /[\\/]core[\\/]dist[\\/]extract[\\/]extract-keys\.js$/ }, () => ({
            contents: `import { UsageError } from '@transloom/client/errors';
export async function extractKeys() {
  throw new UsageError('the GitHub Action does not extract keys; run \`transloom extract\` instead');
}
`,
            loader: 'js',
            resolveDir: join(here, '..', 'core', 'dist', 'extract'),
          }));
        },
      },
      ...(sourcesFrom
        ? [
            {
              name: 'sources-from',
              setup(b) {
                b.onLoad(
                  { filter: /[\\/]packages[\\/](core|client)[\\/]dist[\\/].*\.js$/ },
                  (args) => ({
                    contents: readFileSync(join(sourcesFrom, relative(repo, args.path)), 'utf8'),
                    loader: 'js',
                    resolveDir: dirname(args.path),
                  }),
                );
              },
            },
          ]
        : []),
      {
        // jiti loads its transpiler with a relative require that a bundle would lose.
        name: 'jiti-transform',
        setup(b) {
          b.onLoad({ filter: /[\\/]jiti[\\/]lib[\\/]jiti\.mjs$/ }, (args) => ({
            contents: readFileSync(args.path, 'utf8').replace(
              'createRequire(import.meta.url)("../dist/babel.cjs")',
              'require("../dist/babel.cjs")',
            ),
            loader: 'js',
            resolveDir: dirname(args.path),
          }));
        },
      },
    ],
  });
  const inputs = Object.keys(result.metafile.inputs).map((p) => p.split(sep).join('/'));
  const forbidden = inputs.filter((p) => FORBIDDEN.test(p));
  if (forbidden.length > 0)
    throw new Error(`the bundle must not contain the local service: ${forbidden.join(', ')}`);
  const code = result.outputFiles.find((f) => f.path === OUT).text;
  const redis = await bundleRedis();
  const all = [...inputs, ...redis.inputs];
  return { code, redis: redis.code, licenses: licensesOf(all), inputs: all };
}

// The license notice of every package whose code is in the bundle, sorted by name.
function licensesOf(inputs) {
  const seen = new Map();
  for (const input of inputs) {
    let dir = dirname(join(here, input));
    while (dir.startsWith(dirname(dirname(here))) && dir !== dirname(dir)) {
      const manifest = join(dir, 'package.json');
      if (existsSync(manifest)) {
        const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
        if (pkg.name) {
          if (!seen.has(pkg.name)) {
            const file = readdirSync(dir).find((f) => /^licen[cs]e(\.|$)/i.test(f));
            seen.set(pkg.name, {
              name: pkg.name,
              version: pkg.version ?? '',
              license: typeof pkg.license === 'string' ? pkg.license : 'see the package',
              text: file ? readFileSync(join(dir, file), 'utf8').trim() : '',
            });
          }
          break;
        }
      }
      dir = dirname(dir);
    }
  }
  return `${[...seen.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((p) =>
      [`${p.name}@${p.version}`, `License: ${p.license}`, p.text].filter(Boolean).join('\n'),
    )
    .join('\n\n----------------------------------------\n\n')}\n`;
}

// The file as committed in HEAD.
function committed(file) {
  const top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
    cwd: here,
    encoding: 'utf8',
  });
  const path = relative(top.trim(), file).split(sep).join('/');
  try {
    return execFileSync('git', ['show', `HEAD:${path}`], {
      cwd: here,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return `(${path} is not committed)`;
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const from = process.argv.indexOf('--sources-from');
  const { code, redis, licenses } = await bundleAction(
    from > 0 ? { sourcesFrom: process.argv[from + 1] } : {},
  );
  if (process.argv[2] === '--check') {
    const against = process.argv[3]?.startsWith('--') ? undefined : process.argv[3];
    const previous = against ? readFileSync(against, 'utf8') : committed(OUT);
    const previousLicenses = against ? licenses : committed(LICENSES);
    const previousRedis = against ? redis : committed(REDIS);
    if (previous !== code || previousLicenses !== licenses || previousRedis !== redis) {
      process.stderr.write(
        `${relative(process.cwd(), OUT)} is stale: its sources changed since it was committed. Run \`pnpm --filter @transloom/github-action build\` and commit packages/github-action/dist.\n`,
      );
      process.exit(1);
    }
    process.stdout.write(`${relative(process.cwd(), OUT)} is up to date (${code.length} bytes)\n`);
  } else {
    mkdirSync(dirname(OUT), { recursive: true });
    for (const [file, text] of [
      [OUT, code],
      [REDIS, redis],
      [LICENSES, licenses],
    ]) {
      writeFileSync(`${file}.tmp`, text);
      renameSync(`${file}.tmp`, file);
    }
    process.stdout.write(
      `${relative(process.cwd(), OUT)}: ${(code.length / 1024 / 1024).toFixed(1)} MiB; ${relative(process.cwd(), REDIS)}: ${(redis.length / 1024).toFixed(0)} KiB\n`,
    );
  }
}
