import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pseudoEngine } from '@transloom/server';
import { createServer, type ViteDevServer } from 'vite';
import { afterEach, expect, it } from 'vitest';
import type { TransloomPluginOptions } from './plugin-options.js';
import { overlayText, testBrowser } from './test-support/browser.js';
import { captureLogger, nextSave, until } from './test-support/capture-logger.js';
import {
  CLIENT_SOURCE,
  serviceEnv,
  type TestApp,
  testApp,
  testService,
} from './test-support/test-app.js';
import { transloom } from './transloom-plugin.js';

const open: ViteDevServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function devServer(app: TestApp, options: TransloomPluginOptions) {
  const logger = captureLogger();
  const server = await createServer({
    root: app.root,
    configFile: false,
    customLogger: logger,
    server: { host: '127.0.0.1', port: 0 },
    resolve: { alias: { '@transloom/vite-plugin/client': CLIENT_SOURCE } },
    plugins: [transloom(options)],
  });
  open.push(server);
  await server.listen();
  return { server, logger };
}

const EXTRACT_CONFIG = `${JSON.stringify({
  sourceLocale: 'en',
  targetLocales: ['de'],
  files: [{ source: 'locales/{locale}/*.json' }],
  extract: {
    input: ['src/**/*.js'],
    output: 'locales/{locale}/{ns}.json',
    defaultNamespace: 'common',
  },
})}\n`;

it('writes the pseudo-locale in-process, without the service, even when a key is set', async () => {
  const service = await testService();
  const app = await testApp();
  const { server, logger } = await devServer(app, {
    env: serviceEnv(service),
    pseudoLocale: 'en-XA',
  });
  await until(
    () => existsSync(join(app.root, 'locales/en-XA/common.json')),
    'the pseudo-locale catalog',
  );
  const pseudo = await app.json('locales/en-XA/common.json');
  expect(pseudo.greeting).toMatch(/^\[Ĥéļļö/);
  // Only German went to the configured service; the project's lock never names the pseudo-locale.
  const targets = service.faults!.requests.filter((r) => r.path === '/v2/translate');
  expect(targets.map((r) => r.targetLang)).toEqual(['DE']);
  await until(() => existsSync(join(app.root, 'transloom.lock')), 'the lock');
  expect(await app.read('transloom.lock')).not.toContain('en-XA');
  // The note on the built-in service speaks of the project's service, a real one here.
  expect(logger.lines.join('\n')).not.toContain('built-in local service');
  const resources = await server.environments.client.transformRequest(
    '\0virtual:transloom/resources',
  );
  expect(resources?.code).toMatch(/"en-XA": \{ "common": catalog\d \}/);
});

it("lists keys the code uses but the catalogs lack (extract: 'warn') once per start, plural calls satisfied by their forms, and writes nothing", async () => {
  const service = await testService();
  const app = await testApp({
    'transloom.config.json': EXTRACT_CONFIG,
    'locales/en/common.json': `${JSON.stringify({
      greeting: 'Hello',
      farewell: 'Goodbye',
      count: 'count is {{count}}',
      clicks_one: 'You clicked once',
      clicks_other: 'You clicked {{count}} times',
    })}\n`,
    'src/page.js': [
      "export const title = (t) => t('welcome.title', 'Welcome aboard');",
      "export const button = (t, count) => t('count', { count });",
      "export const clicks = (t, count) => t('clicks', { count });",
      "export const items = (t, count) => t('items', { count });",
    ].join('\n'),
  });
  const source = await app.read('locales/en/common.json');
  const { logger } = await devServer(app, { env: serviceEnv(service), extract: 'warn' });
  await until(
    () => logger.lines.some((l) => l.includes('welcome.title')),
    'the missing key in the log',
  );
  expect(logger.lines.join('\n')).toMatch(
    /3 keys are used in code but missing from the source catalogs[\s\S]*locales\/en\/common\.json: welcome\.title, items_one, items_other/,
  );
  // The code is looked at again on a save: only what is new is printed.
  await until(() => logger.lines.some((l) => /^transloom de:/.test(l)), 'the first run');
  await app.write(
    'src/page.js',
    `${await app.read('src/page.js')}\nexport const later = (t) => t('later');\n`,
  );
  await until(() => logger.lines.some((l) => /: later$/m.test(l)), 'the new missing key');
  await new Promise((r) => setTimeout(r, 300));
  const mentions = (key: RegExp) => logger.lines.filter((l) => key.test(l)).length;
  expect(mentions(/welcome\.title/)).toBe(1);
  expect(mentions(/items_other/)).toBe(1);
  expect(mentions(/1 key is used in code but missing[\s\S]*: later$/)).toBe(1);
  expect(mentions(/\bcount_(one|other)|clicks_/)).toBe(0);
  expect(await app.read('locales/en/common.json')).toBe(source);
});

it("adds keys the code uses to the source catalog and translates them (extract: 'write'), on start and on a save", async () => {
  const service = await testService();
  const app = await testApp({
    'transloom.config.json': EXTRACT_CONFIG,
    'src/page.js': "export const title = (t) => t('welcome.title', 'Welcome aboard');\n",
  });
  const { logger } = await devServer(app, { env: serviceEnv(service), extract: 'write' });
  await until(
    async () =>
      existsSync(join(app.root, 'locales/de/common.json')) &&
      (await app.json('locales/de/common.json')).welcome?.title !== undefined,
    'the new key in German',
  );
  expect((await app.json('locales/en/common.json')).welcome.title).toBe('Welcome aboard');
  await app.write('src/page.js', "export const later = (t) => t('later', 'See you later');\n");
  await until(
    async () => (await app.json('locales/de/common.json')).later !== undefined,
    'the key of the saved file in German',
  );
  // The catalog the plugin wrote started no extra run of its own.
  await new Promise((r) => setTimeout(r, 500));
  expect(logger.lines.filter((l) => /^transloom de:/.test(l))).toHaveLength(2);
});

it('shows a configuration error at its key and starts over once the configuration is fixed', async () => {
  const service = await testService();
  const app = await testApp({
    'transloom.config.json':
      '{\n  "sourceLocale": "en",\n  "targetLocale": ["de"],\n  "files": [{ "source": "locales/{locale}/*.json" }]\n}\n',
  });
  const { logger } = await devServer(app, { env: serviceEnv(service) });
  await until(() => logger.lines.some((l) => l.includes('invalid configuration')), 'the error');
  expect(logger.lines.join('\n')).toMatch(
    /targetLocale: unknown key; did you mean 'targetLocales'/,
  );
  await nextSave();
  await app.write(
    'transloom.config.json',
    '{\n  "sourceLocale": "en",\n  "targetLocales": ["de"],\n  "files": [{ "source": "locales/{locale}/*.json" }]\n}\n',
  );
  await until(() => existsSync(join(app.root, 'locales/de/common.json')), 'the German catalog');
});

it('adds a catalog written for the first time to the open page through the resources module, without a reload', async () => {
  // A service that answers only once the page is open: the page starts before the German
  // catalog exists, however slow the machine.
  let answer!: () => void;
  const pageOpen = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const service = await testService({
    engine: {
      ...pseudoEngine,
      name: 'after-the-page',
      translate: async (input) => {
        await pageOpen;
        return pseudoEngine.translate(input);
      },
    },
  });
  const browser = await testBrowser();
  const app = await testApp({
    // Only the plugin's resources module: no glob of the app's own that a new file would reload.
    'src/main.js': `import i18next from 'i18next';
import resources from 'virtual:transloom/resources';
import { hotReloadI18next } from '@transloom/vite-plugin/client';
window.resources = resources;
await i18next.init({ lng: 'de', fallbackLng: 'en', resources, defaultNS: 'common', ns: ['common'] });
const render = () => { document.querySelector('#greeting').textContent = i18next.t('greeting'); };
i18next.on('languageChanged', render);
hotReloadI18next(i18next);
render();
window.kept = 'same page';
`,
  });
  const { server } = await devServer(app, { env: serviceEnv(service) });
  const page = await browser.newPage();
  await page.goto(`${server.resolvedUrls!.local[0]}?lng=de`);
  await page.waitForFunction(() => (window as any).kept === 'same page');
  expect(existsSync(join(app.root, 'locales/de/common.json'))).toBe(false);
  expect(await page.textContent('#greeting')).toBe('Hello');
  answer();
  await until(() => existsSync(join(app.root, 'locales/de/common.json')), 'the German catalog');
  const german = await app.json('locales/de/common.json');
  await page.waitForFunction(
    (text) => document.querySelector('#greeting')?.textContent === text,
    german.greeting,
  );
  // The object the app passed to i18next now holds German too, and the page was not reloaded.
  expect(await page.evaluate(() => Object.keys((window as any).resources).sort())).toEqual([
    'de',
    'en',
  ]);
  expect(await page.evaluate(() => (window as any).kept)).toBe('same page');
  await page.close();
});

it('reports units that fail verification with their file, line, locale and reason', async () => {
  const service = await testService();
  // The first answer and both retries come back with markup the sources lack.
  service.faults!.arm({ kind: 'mangle', path: '/v2/translate' }, 3);
  const app = await testApp({
    'locales/en/common.json': '{\n  "greeting": "Hello {{name}}",\n  "farewell": "Goodbye"\n}\n',
  });
  const { logger } = await devServer(app, { env: serviceEnv(service) });
  await until(
    () => logger.lines.some((l) => l.includes('failed and were not written')),
    'the failure',
  );
  const log = logger.lines.join('\n');
  expect(log).toMatch(/^transloom de: 0 units translated, 2 units failed, 3 requests/m);
  expect(log).toMatch(
    /2 units failed and were not written:\n\s+locales\/en\/common\.json:2:15\s+greeting\s+\(de\): placeholders differ/,
  );
  expect(log).toMatch(
    /locales\/en\/common\.json:3:15\s+farewell\s+\(de\): the translation is not well-formed/,
  );
  // No failed translation was written, nor the source's text in its place: with nothing
  // translated, the German catalog is not made (the app falls back to English).
  expect(existsSync(join(app.root, 'locales/de/common.json'))).toBe(false);
});

it('closes its overlay in the open page once the problem is solved, without a reload', async () => {
  const service = await testService();
  const browser = await testBrowser();
  const app = await testApp();
  const { server } = await devServer(app, { env: serviceEnv(service) });
  await until(() => existsSync(join(app.root, 'locales/de/common.json')), 'the German catalog');
  const page = await browser.newPage();
  await page.goto(`${server.resolvedUrls!.local[0]}?lng=de`);
  await page.waitForFunction(() => (window as any).rendered === true);
  await page.evaluate(() => {
    (window as any).kept = 'same page';
  });
  const config = await app.read('transloom.config.json');
  await app.write('transloom.config.json', config.replace('"targetLocales"', '"targetLocale"'));
  await until(
    async () => (await overlayText(page)).includes('invalid configuration'),
    'the configuration error in the overlay',
  );
  expect(await overlayText(page)).toMatch(/transloom\.config\.json:3:3/);
  await nextSave();
  await app.write('transloom.config.json', config);
  await until(async () => (await overlayText(page)) === '', 'the overlay to close');
  expect(await page.evaluate(() => (window as any).kept)).toBe('same page');
  await page.close();
});

it('starts the built-in service right after the first run, so the first save does not wait for it', async () => {
  // The first session translates (its run starts the service); the second finds everything up
  // to date, and has its service started all the same before any save.
  const app = await testApp();
  const first = await devServer(app, { env: {} });
  await until(() => existsSync(join(app.root, 'locales/de/common.json')), 'the German catalog');
  await until(() => first.logger.lines.some((l) => /^transloom de:/.test(l)), 'the run line');
  await first.server.close();
  const database = join(app.root, '.transloom/local-service.sqlite');
  await rm(database, { force: true });
  await rm(`${database}-wal`, { force: true });
  await rm(`${database}-shm`, { force: true });

  const second = await devServer(app, { env: {} });
  await until(
    () => second.logger.lines.some((l) => /^transloom de: up to date/.test(l)),
    'the no-op run',
  );
  await until(() => existsSync(database), 'the service started without a save');
  // The first save takes the service already running: one line on it, not a second service.
  await nextSave();
  await app.write('locales/en/common.json', '{\n  "greeting": "Hi",\n  "farewell": "Goodbye"\n}\n');
  await until(
    async () => (await app.json('locales/de/common.json')).greeting.includes('Ĥí'),
    'the first save in German',
  );
  expect(
    second.logger.lines.filter((l) => l.includes('using the built-in local service')),
  ).toHaveLength(1);
});
