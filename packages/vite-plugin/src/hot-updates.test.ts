import { existsSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import * as vite8 from 'vite';
import * as vite6 from 'vite6';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransloomPluginOptions } from './plugin-options.js';
import { testBrowser } from './test-support/browser.js';
import { captureLogger, until } from './test-support/capture-logger.js';
import {
  CLIENT_SOURCE,
  serviceEnv,
  type TestApp,
  testApp,
  testService,
} from './test-support/test-app.js';
import { transloom } from './transloom-plugin.js';

// How each kind of app sees a translated catalog change while `vite dev` runs: as it would
// without the plugin (an importer's accept, a full reload), or in place where the client
// helper runs, through the virtual modules, or with `catalogUpdates: 'in-place'`.

type AnyServer = { listen(): Promise<unknown>; close(): Promise<void>; resolvedUrls: any };
const open: AnyServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function devServer(
  createServer: (config: any) => Promise<unknown>,
  app: TestApp,
  options: TransloomPluginOptions,
  plugins: unknown[] = [],
) {
  const logger = captureLogger();
  const server = (await createServer({
    root: app.root,
    configFile: false,
    customLogger: logger,
    clearScreen: false,
    server: { host: '127.0.0.1', port: 0 },
    resolve: { alias: { '@transloom/vite-plugin/client': CLIENT_SOURCE } },
    plugins: [...plugins, transloom(options)],
  })) as AnyServer;
  open.push(server);
  await server.listen();
  return { server, logger, url: server.resolvedUrls!.local[0] as string };
}

/** Opens the app once its German catalog is written; marks the page to tell a reload. */
async function openPage(app: TestApp, url: string, path = '?lng=de'): Promise<Page> {
  await until(() => existsSync(join(app.root, 'locales/de/common.json')), 'the German catalog');
  const browser = await testBrowser();
  const page = await browser.newPage();
  await page.goto(`${url}${path}`);
  await page.waitForFunction(() => (window as any).rendered === true);
  await page.evaluate(() => {
    (window as any).kept = 'same page';
  });
  return page;
}

/** Saves a new English greeting; resolves with the German catalog the plugin then writes. */
async function saveGreeting(app: TestApp, english: string): Promise<Record<string, string>> {
  const before = await app.json('locales/de/common.json');
  await app.write(
    'locales/en/common.json',
    `${JSON.stringify({ greeting: english, farewell: 'Goodbye' }, null, 2)}\n`,
  );
  let now = before;
  await until(async () => {
    now = await app.json('locales/de/common.json');
    return now.greeting !== before.greeting;
  }, 'the new German text on disk');
  return now;
}

const shows = (page: Page, selector: string, text: string) =>
  page.waitForFunction(([s, t]) => document.querySelector(s!)?.textContent === t, [
    selector,
    text,
  ] as const);

// The app imports its catalogs with a glob and accepts their updates where it imports them.
const ACCEPTING_IMPORTER = `const catalogs = import.meta.glob('../locales/*/common.json', { eager: true, import: 'default' });
const show = (de) => { document.querySelector('#greeting').textContent = de.greeting; };
window.first = catalogs['../locales/de/common.json'];
show(window.first);
window.accepted = [];
import.meta.hot.accept(['../locales/en/common.json', '../locales/de/common.json'], ([en, de]) => {
  if (de) { window.accepted.push(de.default); show(de.default); }
});
window.rendered = true;
`;

describe.each([
  ['vite 8', vite8.createServer],
  ['vite 6', vite6.createServer],
] as const)('%s', (_name, createServer) => {
  it("reaches an importer's own import.meta.hot.accept with the file as written, without a reload", async () => {
    const service = await testService();
    const app = await testApp({ 'src/main.js': ACCEPTING_IMPORTER });
    const { url } = await devServer(createServer, app, { env: serviceEnv(service) });
    const page = await openPage(app, url);
    const first = await page.evaluate(() => ({ ...(window as any).first }));

    const german = await saveGreeting(app, 'Good morning');
    await shows(page, '#greeting', german.greeting!);
    const seen = await page.evaluate(() => {
      const w = window as any;
      const last = w.accepted.at(-1);
      return { last: { ...last }, fresh: last !== w.first, first: { ...w.first }, kept: w.kept };
    });
    // The accepted module exports the written file as a new object; the first one is untouched.
    expect(seen.last).toEqual(german);
    expect(seen.fresh).toBe(true);
    expect(seen.first).toEqual(first);
    expect(seen.kept).toBe('same page');
    await page.close();
  });
});

describe('vite 8', () => {
  const createServer = vite8.createServer;

  const REACT_FILES = {
    'index.html':
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>\n',
    'src/main.jsx': `import { createRoot } from 'react-dom/client';
import './i18n.js';
import { App } from './App.jsx';
createRoot(document.getElementById('root')).render(<App />);
`,
    'src/App.jsx': `import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
export function App() {
  const { t } = useTranslation();
  useEffect(() => { window.rendered = true; }, []);
  return <p id="greeting">{t('greeting')}</p>;
}
`,
  };
  const reactI18n = (helper: boolean) => `import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
${helper ? "import { hotReloadI18next } from '@transloom/vite-plugin/client';\n" : ''}
const resources = {};
for (const [path, catalog] of Object.entries(import.meta.glob('../locales/*/*.json', { eager: true, import: 'default' }))) {
  const [, locale, ns] = /locales\\/([^/]+)\\/([^/]+)\\.json$/.exec(path);
  (resources[locale] ??= {})[ns] = catalog;
}
await i18next.use(initReactI18next).init({ resources, lng: 'de', fallbackLng: 'en', defaultNS: 'common' });
${helper ? 'hotReloadI18next(i18next);\n' : ''}`;

  it('reloads a React app that accepts nothing, as Vite does, and the page shows the new text', async () => {
    const service = await testService();
    const app = await testApp({ ...REACT_FILES, 'src/i18n.js': reactI18n(false) });
    const { url, logger } = await devServer(createServer, app, { env: serviceEnv(service) }, [
      react(),
    ]);
    const page = await openPage(app, url, '');
    const german = await saveGreeting(app, 'Good evening');
    await shows(page, '#greeting', german.greeting!);
    // A new page: Vite's full reload (no boundary accepts a catalog), not an update in place.
    // The catalogs of both locales may each reload the page: asked while one reload is under
    // way, the page has no context yet, and is asked again.
    await expect
      .poll(() => page.evaluate(() => (window as any).kept).catch(() => 'reloading'), {
        timeout: 15_000,
      })
      .toBeUndefined();
    expect(logger.lines.join('\n')).toMatch(/page reload/);
    await page.close();
  });

  it('updates a React app that runs the client helper in place: new text, no reload', async () => {
    const service = await testService();
    const app = await testApp({ ...REACT_FILES, 'src/i18n.js': reactI18n(true) });
    const { url, logger } = await devServer(createServer, app, { env: serviceEnv(service) }, [
      react(),
    ]);
    const page = await openPage(app, url, '');
    const german = await saveGreeting(app, 'Good night');
    await shows(page, '#greeting', german.greeting!);
    expect(await page.evaluate(() => (window as any).kept)).toBe('same page');
    expect(logger.lines.join('\n')).not.toMatch(/page reload/);
    await page.close();
  });

  it('fills the object of virtual:transloom/resources in place, without the helper and without a reload', async () => {
    const service = await testService();
    const app = await testApp({
      'src/main.js': `import resources from 'virtual:transloom/resources';
window.resources = resources;
const render = () => { document.querySelector('#greeting').textContent = resources.de?.common?.greeting ?? ''; };
import.meta.hot.on('vite:afterUpdate', render);
render();
window.rendered = true;
`,
    });
    const { url } = await devServer(createServer, app, { env: serviceEnv(service) });
    const page = await openPage(app, url);
    await page.evaluate(() => {
      (window as any).held = (window as any).resources;
    });
    const german = await saveGreeting(app, 'Good afternoon');
    await shows(page, '#greeting', german.greeting!);
    const after = await page.evaluate(() => {
      const w = window as any;
      return { same: w.held === w.resources, de: { ...w.resources.de.common }, kept: w.kept };
    });
    expect(after).toEqual({ same: true, de: german, kept: 'same page' });
    await page.close();
  });

  it("updates catalogs imported as modules in place on a page without the helper with catalogUpdates: 'in-place'", async () => {
    const service = await testService();
    const app = await testApp({
      'src/main.js': `const catalogs = import.meta.glob('../locales/*/common.json', { eager: true, import: 'default' });
window.first = catalogs['../locales/de/common.json'];
const render = () => { document.querySelector('#greeting').textContent = window.first.greeting; };
import.meta.hot.on('vite:afterUpdate', render);
render();
window.rendered = true;
`,
    });
    const { url, logger } = await devServer(createServer, app, {
      env: serviceEnv(service),
      catalogUpdates: 'in-place',
    });
    const page = await openPage(app, url);
    const german = await saveGreeting(app, 'Good day');
    await shows(page, '#greeting', german.greeting!);
    expect(await page.evaluate(() => (window as any).kept)).toBe('same page');
    expect(logger.lines.join('\n')).not.toMatch(/page reload/);
    await page.close();
  });

  it('keeps an i18next-http-backend app with catalogs in public/ up to date through the helper', async () => {
    const service = await testService();
    const app = await testApp({
      'transloom.config.json': `${JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'public/locales/{locale}/*.json' }],
      })}\n`,
      'public/locales/en/common.json': '{\n  "greeting": "Hello",\n  "farewell": "Goodbye"\n}\n',
      'src/main.js': `import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { hotReloadI18next } from '@transloom/vite-plugin/client';
await i18next.use(HttpBackend).init({
  lng: 'de', fallbackLng: 'en', ns: ['common'], defaultNS: 'common',
  backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
});
const render = () => { document.querySelector('#greeting').textContent = i18next.t('greeting'); };
i18next.on('languageChanged', render);
hotReloadI18next(i18next);
render();
window.rendered = true;
`,
    });
    const { url } = await devServer(createServer, app, { env: serviceEnv(service) });
    await until(
      () => existsSync(join(app.root, 'public/locales/de/common.json')),
      'the German catalog in public/',
    );
    const browser = await testBrowser();
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => (window as any).rendered === true);
    const before = await app.json('public/locales/de/common.json');
    expect(await page.textContent('#greeting')).toBe(before.greeting);
    await page.evaluate(() => {
      (window as any).kept = 'same page';
    });
    await app.write(
      'public/locales/en/common.json',
      '{\n  "greeting": "Welcome back",\n  "farewell": "Goodbye"\n}\n',
    );
    let german = before;
    await until(async () => {
      german = await app.json('public/locales/de/common.json');
      return german.greeting !== before.greeting;
    }, 'the new German text in public/');
    await shows(page, '#greeting', german.greeting);
    expect(await page.evaluate(() => (window as any).kept)).toBe('same page');
    await page.close();
  });
});
