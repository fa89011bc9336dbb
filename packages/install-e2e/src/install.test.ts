import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, parse } from 'es-module-lexer';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compiledPackages,
  installPacks,
  installScripts,
  run,
  userEnv,
} from '../../../scripts/lib/install-packs.mjs';
import { packAll } from '../../../scripts/pack-all.mjs';
import { ensureNode22 } from '../../../scripts/prepare-docs-e2e.mjs';
import { runBundle } from '../../github-action/src/test-support/run-bundle.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const STARTER = join(REPO, 'examples', 'starter');
const ACTION_BUNDLE = join(REPO, 'packages', 'github-action', 'dist', 'index.js');
/** Every package installed from a tarball, by the folder it has under node_modules. */
const PUBLISHED = ['client', 'core', 'server', 'cli', 'vite-plugin'];
/**
 * Dependencies whose install script may run, and why it compiles nothing: the SQLite port's
 * `node-gyp-build` only finds the prebuilt binary its package carries; esbuild's postinstall
 * checks the binary of its platform package (i18next-parser and Vite depend on esbuild).
 */
const KNOWN_INSTALL_SCRIPTS = ['@photostructure/sqlite', 'esbuild'];
/** Bare imports a package's code names without depending on them, and why that is right. */
const UNDECLARED_ON_PURPOSE: Record<string, string[]> = {
  // cosmiconfig's TypeScript loader, bundled into the command (and the Vite plugin's engine)
  // and never called: the engine loads TypeScript configurations with jiti.
  '@transloom/cli': ['typescript'],
  '@transloom/vite-plugin': ['typescript'],
};

type Run = Awaited<ReturnType<typeof run>>;
const figures: Record<string, string> = {};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
let work: string;
let project: string;
let install: Run;

/** Runs `npx transloom ...` in the project as a user's shell would, with no key set. */
function transloom(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return run('npx', ['transloom', ...args], { cwd: project, env: userEnv({ CI: 'true', ...env }) });
}

/** Adds a key to the starter's source catalog, so that the next run has something to send. */
function addSourceKey(key: string, text: string): void {
  const path = join(project, 'locales', 'en', 'common.json');
  const catalog = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  writeFileSync(path, `${JSON.stringify({ ...catalog, [key]: text }, null, 2)}\n`);
}

const germanCatalog = () =>
  JSON.parse(readFileSync(join(project, 'locales', 'de', 'common.json'), 'utf8')) as {
    app: { title: string; greeting: string };
  } & Record<string, unknown>;

beforeAll(async () => {
  let started = performance.now();
  const packs = packAll();
  figures['pnpm pack:all'] = `${seconds(performance.now() - started)} (${packs.length} tarballs)`;

  // A temp folder: no node_modules of the repository above it for Node to find.
  work = await mkdtemp(join(tmpdir(), 'transloom-install-'));
  project = join(work, 'app');
  started = performance.now();
  install = await installPacks({
    dir: project,
    tarballs: packs.map((p) => p.file),
    extra: ['vite@^8'],
  });
  figures['npm install (tarballs + vite)'] = seconds(performance.now() - started);

  // The starter example as the project's own files, with a Vite app beside them.
  const tracked = execFileSync('git', ['ls-files'], { cwd: STARTER, encoding: 'utf8' });
  for (const file of tracked.split('\n').filter(Boolean)) {
    if (file === 'package.json') continue;
    await mkdir(dirname(join(project, file)), { recursive: true });
    cpSync(join(STARTER, file), join(project, file));
  }
  writeFileSync(
    join(project, 'vite.config.mjs'),
    "import transloom from '@transloom/vite-plugin';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({ plugins: [transloom()] });\n",
  );
  writeFileSync(
    join(project, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <body>\n    <p id="app"></p>\n    <script type="module" src="/main.js"></script>\n  </body>\n</html>\n',
  );
  writeFileSync(
    join(project, 'main.js'),
    [
      "import resources from 'virtual:transloom/resources';",
      "import de from './locales/de/common.json';",
      '',
      "document.querySelector('#app').textContent = [resources.de.common.app.title, de.app.greeting].join(' | ');",
      '',
    ].join('\n'),
  );
}, 900_000);

afterAll(async () => {
  console.log(
    `\npack and install (Node ${process.version}, load ${(await import('node:os')).loadavg()[0]!.toFixed(1)}):\n${Object.entries(
      figures,
    )
      .map(([name, value]) => `  ${name.padEnd(36)} ${value}`)
      .join('\n')}`,
  );
  if (work && !process.env.TRANSLOOM_KEEP_INSTALL) await rm(work, { recursive: true, force: true });
});

describe('the packed packages, installed with npm outside the repository', () => {
  it('install from the tarballs with nothing compiled', () => {
    expect(install.code, install.stderr).toBe(0);
    expect(compiledPackages(project)).toEqual([]);
    const scripts = installScripts(project);
    expect(Object.keys(scripts).filter((name) => !KNOWN_INSTALL_SCRIPTS.includes(name))).toEqual(
      [],
    );
    expect(scripts['@photostructure/sqlite']).toBe('node-gyp-build');
    expect(`${install.stdout}${install.stderr}`).not.toMatch(
      /gyp info|node-gyp rebuild|g\+\+|\bmake: /,
    );
  });

  it('each carry a package.json for the outside world: versions for workspace ranges, license, engines, files', async () => {
    for (const folder of PUBLISHED) {
      const dir = join(project, 'node_modules', '@transloom', folder);
      const text = readFileSync(join(dir, 'package.json'), 'utf8');
      const manifest = JSON.parse(text) as Record<string, unknown> & {
        name: string;
        version: string;
        dependencies?: Record<string, string>;
        bin?: Record<string, string>;
      };
      expect(text, manifest.name).not.toContain('workspace:');
      for (const [name, range] of Object.entries(manifest.dependencies ?? {}))
        if (name.startsWith('@transloom/')) expect(range).toBe(manifest.version);
      expect(manifest).toMatchObject({
        license: 'MIT',
        type: 'module',
        engines: { node: '>=20.19' },
        publishConfig: { access: 'public' },
      });
      expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toContain('MIT License');
      expect(existsSync(join(dir, 'README.md'))).toBe(true);
      // Source maps point at the sources, which ship; tests do not.
      expect(existsSync(join(dir, 'src', 'index.ts'))).toBe(true);
      expect(readdirSync(join(dir, 'src'), { recursive: true }).map(String)).not.toContainEqual(
        expect.stringMatching(/\.test\.ts$|test-support/),
      );
      for (const bin of Object.values(manifest.bin ?? {}))
        expect(readFileSync(join(dir, bin), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
      // publint: exports, types and files as Node, TypeScript and bundlers read them.
      const tarball = readFileSync(
        join(REPO, 'packs', `transloom-${folder}-${manifest.version}.tgz`),
      );
      const lint = await publint({
        pack: {
          tarball: tarball.buffer.slice(
            tarball.byteOffset,
            tarball.byteOffset + tarball.byteLength,
          ) as ArrayBuffer,
        },
        level: 'suggestion',
        strict: true,
      });
      expect(
        lint.messages.map((m) => formatMessage(m, lint.pkg) ?? m.code),
        manifest.name,
      ).toEqual([]);
    }
  });

  it('import only what they depend on', async () => {
    await init;
    for (const folder of PUBLISHED) {
      const dir = join(project, 'node_modules', '@transloom', folder);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
        optionalDependencies?: Record<string, string>;
      };
      const declared = new Set([
        manifest.name,
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.peerDependencies ?? {}),
        ...Object.keys(manifest.optionalDependencies ?? {}),
        ...(UNDECLARED_ON_PURPOSE[manifest.name] ?? []),
      ]);
      const undeclared = new Set<string>();
      const files = readdirSync(join(dir, 'dist'), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.js'));
      for (const file of files) {
        const code = readFileSync(join(dir, 'dist', file), 'utf8');
        const [imports] = parse(code);
        const specifiers = imports.map((i) => i.n).filter((n): n is string => n !== undefined);
        // Bundled CommonJS code asks for its modules with require().
        for (const m of code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g))
          specifiers.push(m[1]!);
        for (const specifier of specifiers) {
          if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier))
            continue;
          const name = specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/');
          if (!declared.has(name)) undeclared.add(`${name} (dist/${file})`);
        }
      }
      expect([...undeclared], manifest.name).toEqual([]);
    }
  });

  it('npx transloom translate: the starter project, offline with the built-in local service', async () => {
    const first = await transloom(['translate']);
    figures['npx transloom translate (cold)'] = seconds(first.ms);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/local service/i);
    const de = germanCatalog();
    expect(de.app.title).not.toBe('Transloom Starter');
    expect(de.app.greeting).toContain('{{name}}');
    for (const file of ['i18n/ja/getting-started.md', 'messages.pl.xlf', 'site/de/index.html'])
      expect(existsSync(join(project, file)), file).toBe(true);
    const again = await transloom(['translate', '--json']);
    figures['npx transloom translate (no-op)'] = seconds(again.ms);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ requests: 0, billedCharacters: 0 });
  });

  it('vite build with @transloom/vite-plugin: frozen in CI, the catalogs bundled', async () => {
    const build = await run('npx', ['vite', 'build'], {
      cwd: project,
      env: userEnv({ CI: 'true' }),
    });
    figures['npx vite build (frozen)'] = seconds(build.ms);
    expect(build.code, `${build.stdout}\n${build.stderr}`).toBe(0);
    const assets = join(project, 'dist', 'assets');
    const bundle = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(assets, f), 'utf8'))
      .join('\n');
    // The virtual module's catalogs and the imported JSON module, as the last run wrote them.
    const de = germanCatalog();
    expect(bundle).toContain(JSON.stringify(de.app.title).slice(1, -1));
    expect(bundle).toContain(JSON.stringify(de.app.greeting).slice(1, -1));
  });

  it("node on the Action's committed bundle, alone in a folder: check mode on the project", async () => {
    const action = join(work, 'action');
    await mkdir(action, { recursive: true });
    cpSync(ACTION_BUNDLE, join(action, 'index.js'));
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: project });
    writeFileSync(join(project, '.gitignore'), 'node_modules/\ndist/\n.transloom/\n');
    execFileSync('git', ['add', '-A'], { cwd: project });
    execFileSync(
      'git',
      ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '-q', '-m', 'App'],
      { cwd: project },
    );
    const started = performance.now();
    const checked = await runBundle({
      entry: join(action, 'index.js'),
      workspace: project,
      dir: join(work, 'action-run'),
      event: { name: 'push', payload: {} },
      ref: 'refs/heads/main',
      inputs: { mode: 'check' },
    });
    figures['node dist/index.js (check)'] = seconds(performance.now() - started);
    expect(checked.code, checked.everything).toBe(0);
    expect(checked.outputs).toMatchObject({ missing: '0', stale: '0' });
    expect(checked.summary).toMatch(/^\| <code>de<\/code> \| 52 \| 0 \|/m);
  });

  it("on Node 22 the service keeps its data in Node's own node:sqlite, with or without the optional port", async () => {
    const node22 = ensureNode22();
    const port = join(project, 'node_modules', '@photostructure', 'sqlite');
    const hidden = join(project, 'node_modules', '@photostructure', 'sqlite-omitted');
    renameSync(port, hidden);
    try {
      // As after `npm install --omit=optional`: Node 20 has no SQLite, and says so.
      addSourceKey('installNode20', 'Installed without the port');
      const without = await transloom(['translate']);
      expect(without.code).not.toBe(0);
      expect(without.stderr).toMatch(/node:sqlite/);
      expect(without.stderr).toMatch(/--omit=optional/);
      expect(germanCatalog()).not.toHaveProperty('installNode20');

      const path = `${dirname(node22)}${delimiter}${userEnv().PATH}`;
      addSourceKey('installNode22', 'Translated on Node 22');
      const builtin = await transloom(['translate'], { PATH: path });
      figures['npx transloom translate (Node 22)'] = seconds(builtin.ms);
      expect(builtin.code, builtin.stderr).toBe(0);
      // Node 22 warns that node:sqlite is experimental; the command does not pass that on.
      expect(builtin.stderr).not.toMatch(/ExperimentalWarning|experimental/i);
      expect(germanCatalog()).toHaveProperty('installNode22');
      expect(germanCatalog()).toHaveProperty('installNode20');
    } finally {
      renameSync(hidden, port);
    }
  });
});
