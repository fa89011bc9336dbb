import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vite8 from 'vite';
import * as vite6 from 'vite6';
import { describe, expect, it } from 'vitest';
import type { BuildMode } from './plugin-options.js';
import { captureLogger } from './test-support/capture-logger.js';
import { serviceEnv, testApp, testService, translateRequests } from './test-support/test-app.js';
import { transloom } from './transloom-plugin.js';

const VITES = [
  ['vite 8', vite8],
  ['vite 6', vite6],
] as const;

// The page of a built app: its catalogs from the resources module, and nothing else.
const BUILD_APP = {
  'index.html':
    '<!doctype html><html><body><script type="module" src="/src/build-main.js"></script></body></html>\n',
  'src/build-main.js':
    "import resources from 'virtual:transloom/resources';\ndocument.body.textContent = JSON.stringify(resources);\n",
};

async function bundleText(dir: string): Promise<string> {
  const files = await readdir(dir, { recursive: true });
  const texts = await Promise.all(
    files.filter((f) => f.endsWith('.js')).map((f) => readFile(join(dir, f), 'utf8')),
  );
  return texts.join('\n');
}

describe.each(VITES)('%s build', (_name, vite) => {
  it('frozen fails with the missing units listed, sends nothing, and passes once they are translated', async () => {
    const service = await testService();
    const app = await testApp(BUILD_APP);
    const build = (mode: BuildMode) => {
      const logger = captureLogger();
      return (vite.build as (config: unknown) => Promise<unknown>)({
        root: app.root,
        configFile: false,
        customLogger: logger,
        build: { outDir: 'dist' },
        plugins: [transloom({ build: mode, env: serviceEnv(service) })],
      }).then(() => logger.lines);
    };

    const failure = await build('frozen').then(
      () => new Error('the frozen build passed'),
      (error: Error) => error,
    );
    expect(failure.message).toMatch(/2 units missing or stale, and a frozen run sends nothing/);
    expect(failure.message).toMatch(/locales\/en\/common\.json:2:\d+\s+greeting\s+\(de\)/);
    expect(failure.message).toMatch(/locales\/en\/common\.json:3:\d+\s+farewell\s+\(de\)/);
    expect(translateRequests(service)).toBe(0);
    expect(existsSync(join(app.root, 'dist/index.html'))).toBe(false);
    // Nothing was written: no catalog holding the source's text for the app to ship.
    expect(existsSync(join(app.root, 'locales/de/common.json'))).toBe(false);

    const translated = await build('translate');
    expect(translated.filter((l) => /^transloom de: 2 units translated/.test(l))).toHaveLength(1);
    const german = await app.json('locales/de/common.json');

    const frozen = await build('frozen');
    expect(frozen.some((l) => /^transloom \(frozen\) de: up to date/.test(l))).toBe(true);
    expect(translateRequests(service)).toBe(1);
    const bundle = await bundleText(join(app.root, 'dist'));
    expect(bundle).toContain(german.greeting);
    expect(bundle).toContain('Goodbye');

    // A new string: the frozen build fails and leaves the German catalog as it was.
    const before = await app.read('locales/de/common.json');
    await app.write(
      'locales/en/common.json',
      (await app.read('locales/en/common.json')).replace('{', '{\n  "fresh": "Fresh",'),
    );
    await expect(build('frozen')).rejects.toThrow(/1 unit missing or stale/);
    expect(await app.read('locales/de/common.json')).toBe(before);
  });

  it('reads the catalogs beside a frozen check (which writes none) and still fails at the end', async () => {
    // The configuration is read only once a catalog has been loaded: were the catalogs made
    // to wait for the frozen check, the build would never end.
    const app = await testApp({
      'src/build-main.js':
        "import en from '../locales/en/common.json';\ndocument.body.textContent = en.greeting;\n",
      'transloom.config.mjs': `await globalThis.catalogLoaded;\nexport default ${JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'locales/{locale}/*.json' }],
      })};\n`,
      'index.html': BUILD_APP['index.html'],
    });
    let loaded = () => {};
    (globalThis as { catalogLoaded?: Promise<void> }).catalogLoaded = new Promise<void>((r) => {
      loaded = r;
    });
    const build = (vite.build as (config: unknown) => Promise<unknown>)({
      root: app.root,
      configFile: false,
      customLogger: captureLogger(),
      build: { outDir: 'dist' },
      plugins: [
        transloom({ build: 'frozen', config: 'transloom.config.mjs', env: {} }),
        {
          name: 'catalog-seen',
          load(id: string) {
            if (id.endsWith('/locales/en/common.json')) loaded();
          },
        },
      ],
    });
    // Nothing is translated: the German units are missing, and the check says so at the end.
    await expect(build).rejects.toThrow(/2 units missing or stale/);
    expect(existsSync(join(app.root, 'dist/index.html'))).toBe(false);
  });

  it('translates once for an app build of a client and an SSR environment', async () => {
    const service = await testService();
    const app = await testApp(BUILD_APP);
    const logger = captureLogger();
    const builder = await (
      vite.createBuilder as (config: unknown) => Promise<{ buildApp(): Promise<void> }>
    )({
      root: app.root,
      configFile: false,
      customLogger: logger,
      builder: {},
      environments: {
        client: { build: { outDir: 'dist/client' } },
        ssr: { build: { outDir: 'dist/server', ssr: 'src/ssr-entry.js' } },
      },
      plugins: [transloom({ build: 'translate', env: serviceEnv(service) })],
    });
    await builder.buildApp();
    expect(logger.lines.filter((l) => /^transloom /.test(l))).toEqual([
      expect.stringMatching(/^transloom de: 2 units translated/),
    ]);
    const german = await app.json('locales/de/common.json');
    expect(await bundleText(join(app.root, 'dist/server'))).toContain(german.greeting);
    expect(await bundleText(join(app.root, 'dist/client'))).toContain(german.greeting);
  });
});
