import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build, createServer, type ViteDevServer } from 'vite';
import { afterEach, expect, it } from 'vitest';
import { testBrowser } from './test-support/browser.js';
import { captureLogger, until } from './test-support/capture-logger.js';
import { serviceEnv, testApp, testService } from './test-support/test-app.js';
import { transloom } from './transloom-plugin.js';

// One locale's catalogs per module: `virtual:transloom/resources/<locale>` and the loaders of
// `virtual:transloom/loaders`, so a page loads only the language it shows.

const open: ViteDevServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const TWO_LOCALES = `${JSON.stringify({
  sourceLocale: 'en',
  targetLocales: ['de', 'ja'],
  files: [{ source: 'locales/{locale}/*.json' }],
})}\n`;

const LOADING_PAGE = `import loaders, { locales } from 'virtual:transloom/loaders';
const lng = new URLSearchParams(location.search).get('lng') ?? 'de';
const resources = await loaders[lng]();
window.locales = locales;
const render = () => { document.querySelector('#greeting').textContent = resources.common.greeting; };
import.meta.hot.on('vite:afterUpdate', render);
render();
window.rendered = true;
`;

it('loads only the shown locale in dev, and updates its module in place', async () => {
  const service = await testService();
  const app = await testApp({ 'transloom.config.json': TWO_LOCALES, 'src/main.js': LOADING_PAGE });
  const server = await createServer({
    root: app.root,
    configFile: false,
    customLogger: captureLogger(),
    server: { host: '127.0.0.1', port: 0 },
    plugins: [transloom({ env: serviceEnv(service) })],
  });
  open.push(server);
  await server.listen();
  await until(
    () =>
      existsSync(join(app.root, 'locales/de/common.json')) &&
      existsSync(join(app.root, 'locales/ja/common.json')),
    'both catalogs',
  );
  const browser = await testBrowser();
  const page = await browser.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(decodeURIComponent(request.url())));
  await page.goto(`${server.resolvedUrls!.local[0]}?lng=de`);
  await page.waitForFunction(() => (window as any).rendered === true);
  const german = await app.json('locales/de/common.json');
  expect(await page.textContent('#greeting')).toBe(german.greeting);
  expect(await page.evaluate(() => (window as any).locales)).toEqual(['de', 'en', 'ja']);
  expect(requested.some((u) => u.includes('virtual:transloom/resources/de'))).toBe(true);
  expect(requested.some((u) => u.includes('/locales/de/common.json'))).toBe(true);
  expect(requested.filter((u) => /resources\/ja|\/locales\/(ja|en)\//.test(u))).toEqual([]);

  await page.evaluate(() => {
    (window as any).kept = 'same page';
  });
  await app.write(
    'locales/en/common.json',
    '{\n  "greeting": "Hi there",\n  "farewell": "Goodbye"\n}\n',
  );
  let now = german;
  await until(async () => {
    now = await app.json('locales/de/common.json');
    return now.greeting !== german.greeting;
  }, 'the new German text');
  await page.waitForFunction(
    (text) => document.querySelector('#greeting')?.textContent === text,
    now.greeting,
  );
  expect(await page.evaluate(() => (window as any).kept)).toBe('same page');
  await page.close();
});

it('refuses a locale the project does not have, naming the ones it has', async () => {
  const service = await testService();
  const app = await testApp({ 'transloom.config.json': TWO_LOCALES });
  const server = await createServer({
    root: app.root,
    configFile: false,
    customLogger: captureLogger(),
    server: { host: '127.0.0.1', port: 0 },
    plugins: [transloom({ env: serviceEnv(service) })],
  });
  open.push(server);
  await server.listen();
  await expect(
    server.environments.client.transformRequest('virtual:transloom/resources/fr'),
  ).rejects.toThrow("'fr' is no locale of the project (de, en, ja)");
});

it('puts each locale in a chunk of its own in a build', async () => {
  const app = await testApp({
    'transloom.config.json': TWO_LOCALES,
    'locales/de/common.json': '{\n  "greeting": "Hallo Welt",\n  "farewell": "Tschüss"\n}\n',
    'locales/ja/common.json': '{\n  "greeting": "こんにちは世界",\n  "farewell": "さようなら"\n}\n',
    'index.html':
      '<!doctype html><html><body><script type="module" src="/src/build-main.js"></script></body></html>\n',
    'src/build-main.js':
      "import loaders from 'virtual:transloom/loaders';\nloaders[navigator.language]?.().then((r) => { document.body.textContent = r.common.greeting; });\n",
  });
  await build({
    root: app.root,
    configFile: false,
    customLogger: captureLogger(),
    build: { outDir: 'dist' },
    plugins: [transloom({ build: 'off' })],
  });
  const dir = join(app.root, 'dist/assets');
  const chunks = await Promise.all(
    (await readdir(dir))
      .filter((f) => f.endsWith('.js'))
      .map(async (f) => readFile(join(dir, f), 'utf8')),
  );
  const holding = (text: string) => chunks.filter((c) => c.includes(text));
  // One chunk per locale, each with its own text only; the entry holds no catalog.
  expect(holding('Hallo Welt')).toHaveLength(1);
  expect(holding('こんにちは世界')).toHaveLength(1);
  expect(holding('Hallo Welt')[0]).not.toContain('こんにちは世界');
  expect(holding('Hallo Welt')[0]).not.toContain('Goodbye');
  expect(chunks.length).toBeGreaterThanOrEqual(4);
});
