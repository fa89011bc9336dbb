import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerOptions, startServer, type TransloomServer } from '@transloom/server';
import { onTestFinished } from 'vitest';

/** The key the test service knows. */
export const TEST_KEY = 'vite-plugin-test-key:7d2a';

const PACKAGE = fileURLToPath(new URL('../../', import.meta.url));
/** The client helper's source, served to test apps in place of the package entry. */
export const CLIENT_SOURCE = join(PACKAGE, 'src/client.ts');

/** A local service with fault injection and a request log, closed after the file's tests. */
export async function testService(
  options: ServerOptions = {},
): Promise<TransloomServer & { url: string }> {
  const server = await startServer({
    apiKeys: [TEST_KEY],
    faults: true,
    host: '127.0.0.1',
    port: 0,
    ...options,
  });
  onTestFinished(() => server.close());
  return server;
}

/** Environment that points the plugin at `server`. */
export function serviceEnv(server: { url: string }): Record<string, string> {
  return { TRANSLOOM_API_KEY: TEST_KEY, TRANSLOOM_API_URL: server.url };
}

/** Translate requests the service answered (or refused) since its log was cleared. */
export function translateRequests(server: TransloomServer): number {
  return server.faults!.requests.filter((r) => r.path === '/v2/translate').length;
}

/** An app on disk. */
export interface TestApp {
  root: string;
  write(path: string, text: string): Promise<void>;
  read(path: string): Promise<string>;
  json(path: string): Promise<any>;
}

const MAIN = `import i18next from 'i18next';
import resources from 'virtual:transloom/resources';
import { hotReloadI18next } from '@transloom/vite-plugin/client';

// The app's own import of a catalog, beside the plugin's resources module.
const direct = Object.values(import.meta.glob('../locales/de/common.json', { eager: true, import: 'default' }))[0] ?? {};
// Kept across a reload (Vite reloads a page whose first update finds an error overlay).
window.errors = JSON.parse(sessionStorage.getItem('errors') ?? '[]');
import.meta.hot.on('vite:error', (payload) => {
  window.errors.push(payload.err);
  sessionStorage.setItem('errors', JSON.stringify(window.errors));
});

const lng = new URLSearchParams(location.search).get('lng') ?? 'de';
await i18next.init({ lng, fallbackLng: 'en', resources, defaultNS: 'common', ns: ['common'] });
const render = () => {
  for (const el of document.querySelectorAll('[data-key]')) el.textContent = i18next.t(el.dataset.key);
  document.querySelector('#direct').textContent = direct.greeting ?? '';
};
i18next.on('languageChanged', render);
hotReloadI18next(i18next);
render();
window.rendered = true;
`;

// A server-rendered fragment from the German catalog.
const SSR_ENTRY = `import de from '../locales/de/common.json';
export const render = () => '<p>' + de.greeting + '</p>';
`;

/**
 * A small Vite app with i18next in a temporary directory inside this package (so its bare
 * imports resolve to the package's dependencies): English catalogs, a Transloom config with
 * German as the target, and a page that shows `greeting` and `farewell`. Removed after the
 * file's tests.
 */
export async function testApp(files: Readonly<Record<string, string>> = {}): Promise<TestApp> {
  const base = join(PACKAGE, '.test-apps');
  await mkdir(base, { recursive: true });
  const root = await mkdtemp(join(base, 'app-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  const app: TestApp = {
    root,
    async write(path, text) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    },
    read: (path) => readFile(join(root, path), 'utf8'),
    json: async (path) => JSON.parse(await readFile(join(root, path), 'utf8')),
  };
  const all: Record<string, string> = {
    'package.json': '{ "name": "test-app", "private": true, "type": "module" }\n',
    'transloom.config.json': `${JSON.stringify(
      {
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'locales/{locale}/*.json' }],
      },
      null,
      2,
    )}\n`,
    'locales/en/common.json': '{\n  "greeting": "Hello",\n  "farewell": "Goodbye"\n}\n',
    'index.html':
      '<!doctype html><html><body><p id="greeting" data-key="greeting"></p><p id="farewell" data-key="farewell"></p><p id="direct"></p><script type="module" src="/src/main.js"></script></body></html>\n',
    'src/main.js': MAIN,
    'src/ssr-entry.js': SSR_ENTRY,
    ...files,
  };
  for (const [path, text] of Object.entries(all)) await app.write(path, text);
  return app;
}
