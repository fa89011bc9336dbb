import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vite8 from 'vite';
import * as vite6 from 'vite6';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransloomPluginOptions } from './plugin-options.js';
import { overlayText, testBrowser } from './test-support/browser.js';
import { captureLogger, nextSave, until } from './test-support/capture-logger.js';
import {
  CLIENT_SOURCE,
  serviceEnv,
  type TestApp,
  testApp,
  testService,
  translateRequests,
} from './test-support/test-app.js';
import { transloom } from './transloom-plugin.js';

// The lowest and the highest Vite of the peer range.
const VITES = [
  ['vite 8', vite8.createServer],
  ['vite 6', vite6.createServer],
] as const;

type AnyServer = {
  listen(): Promise<unknown>;
  close(): Promise<void>;
  resolvedUrls: { local: string[] } | null;
  ssrLoadModule(url: string): Promise<Record<string, any>>;
};
const open: AnyServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe.each(VITES)('%s dev server', (_name, createServer) => {
  async function devServer(app: TestApp, options: TransloomPluginOptions) {
    const logger = captureLogger();
    const server = (await createServer({
      root: app.root,
      configFile: false,
      customLogger: logger,
      clearScreen: false,
      server: { host: '127.0.0.1', port: 0 },
      resolve: { alias: { '@transloom/vite-plugin/client': CLIENT_SOURCE } },
      plugins: [transloom(options) as any],
    } as any)) as unknown as AnyServer;
    open.push(server);
    await server.listen();
    return { server, logger, url: server.resolvedUrls!.local[0]! };
  }

  it('shows the German text, and a saved source string in German without a reload; its own writes start no second round', async () => {
    const service = await testService();
    const browser = await testBrowser();
    const app = await testApp();
    const { url, logger } = await devServer(app, { env: serviceEnv(service) });
    await until(() => existsSync(join(app.root, 'locales/de/common.json')), 'the German catalog');
    const german = await app.json('locales/de/common.json');
    expect(german.greeting).not.toBe('Hello');
    const page = await browser.newPage();
    await page.goto(`${url}?lng=de`);
    await page.waitForFunction(() => (window as any).rendered === true);
    expect(await page.textContent('#greeting')).toBe(german.greeting);
    expect(await page.textContent('#direct')).toBe(german.greeting);
    await until(
      () => logger.lines.some((l) => /transloom de: 2 units translated/.test(l)),
      'the run line',
    );
    await page.evaluate(() => {
      (window as any).kept = 'same page';
    });
    const before = translateRequests(service);
    const runs = () => logger.lines.filter((l) => /^transloom de:/.test(l)).length;
    const runsBefore = runs();

    await app.write(
      'locales/en/common.json',
      '{\n  "greeting": "Good morning",\n  "farewell": "Goodbye"\n}\n',
    );
    await until(
      async () => (await app.json('locales/de/common.json')).greeting !== german.greeting,
      'the new German text on disk',
    );
    const changed = await app.json('locales/de/common.json');
    expect(changed.farewell).toBe(german.farewell);
    await page.waitForFunction(
      (text) => document.querySelector('#greeting')?.textContent === text,
      changed.greeting,
    );
    await page.waitForFunction(
      (text) => document.querySelector('#direct')?.textContent === text,
      changed.greeting,
    );
    expect(await page.evaluate(() => (window as any).kept)).toBe('same page');
    // One run and one request for the one changed string; the plugin's own write of the
    // German catalog starts no second run.
    expect(translateRequests(service) - before).toBe(1);
    await new Promise((r) => setTimeout(r, 600));
    expect(translateRequests(service) - before).toBe(1);
    expect(runs() - runsBefore).toBe(1);
    // A person's later edit of the same file is seen (the page shows it).
    await nextSave();
    await app.write(
      'locales/de/common.json',
      `${JSON.stringify({ ...changed, greeting: 'Guten Morgen' }, null, 2)}\n`,
    );
    await page.waitForFunction(
      () => document.querySelector('#greeting')?.textContent === 'Guten Morgen',
    );
    expect(await page.evaluate(() => (window as any).kept)).toBe('same page');
    await page.close();
  });

  it('shows a malformed source catalog at its position, writes nothing half-done, and recovers on the next good save', async () => {
    const service = await testService();
    const browser = await testBrowser();
    const app = await testApp();
    const { url } = await devServer(app, { env: serviceEnv(service) });
    await until(() => existsSync(join(app.root, 'locales/de/common.json')), 'the German catalog');
    const german = await app.read('locales/de/common.json');
    const page = await browser.newPage();
    await page.goto(`${url}?lng=de`);
    await page.waitForFunction(() => (window as any).rendered === true);

    await app.write('locales/en/common.json', '{\n  "greeting": "Hello",\n  "farewell": \n}\n');
    await page.waitForFunction(() =>
      (window as any).errors.some((e: any) => e.plugin === 'transloom'),
    );
    const error = (await page.evaluate(() =>
      (window as any).errors.find((e: any) => e.plugin === 'transloom'),
    )) as any;
    expect(error.message).toMatch(/locales\/en\/common\.json:4:1: /);
    expect(error.loc).toEqual({
      file: join(app.root, 'locales/en/common.json'),
      line: 4,
      column: 1,
    });
    expect(error.frame).toContain('"farewell":');
    expect(await app.read('locales/de/common.json')).toBe(german);

    await nextSave();
    await app.write(
      'locales/en/common.json',
      '{\n  "greeting": "Hello",\n  "farewell": "See you"\n}\n',
    );
    await until(
      async () =>
        (await app.json('locales/de/common.json')).farewell !== JSON.parse(german).farewell,
      'the fixed text in German',
    );
    const fixed = await app.json('locales/de/common.json');
    await page.waitForFunction(
      (text) => document.querySelector('#farewell')?.textContent === text,
      fixed.farewell,
    );
    // The plugin's overlay is gone (closed by the client helper, or with the page Vite reloaded).
    await until(
      async () => !(await overlayText(page)).includes('plugin:transloom'),
      'the overlay to close',
    );
    await page.close();
  });

  it('shows the quota error (456) in the overlay with the file and units, and keeps serving', async () => {
    // The first request may pass the account's limit; the next one is refused.
    const service = await testService({ characterLimit: 3 });
    const browser = await testBrowser();
    const app = await testApp();
    const { url, logger } = await devServer(app, { env: serviceEnv(service) });
    await until(() => existsSync(join(app.root, 'locales/de/common.json')), 'the German catalog');
    const german = await app.json('locales/de/common.json');
    await app.write('locales/en/common.json', '{\n  "greeting": "Hi",\n  "farewell": "Bye"\n}\n');
    const page = await browser.newPage();
    await page.goto(`${url}?lng=de`);
    await page.waitForFunction(() => (window as any).rendered === true);
    await until(
      async () => (await overlayText(page)).includes('quota'),
      'the quota error in the overlay',
    );
    const text = await overlayText(page);
    expect(text).toContain('[plugin:transloom]');
    expect(text).toContain('(456)');
    expect(text).toMatch(/locales\/en\/common\.json:2:15\s+greeting\s+\(de\)/);
    expect(text).toMatch(/locales\/en\/common\.json:3:15\s+farewell\s+\(de\)/);
    expect(logger.lines.some((l) => /transloom de: .*stopped at the quota/.test(l))).toBe(true);
    // The page still works, with the German text written before.
    expect(await page.textContent('#greeting')).toBe(german.greeting);
    // A page opened later sees the standing problem too.
    const later = await browser.newPage();
    await later.goto(`${url}?lng=de`);
    await until(
      async () => (await overlayText(later)).includes('quota'),
      'the overlay of a new page',
    );
    await Promise.all([page.close(), later.close()]);
  });

  it('renders new text on the server on the next request, never a missing or half-written catalog', async () => {
    const service = await testService();
    const app = await testApp();
    const { server } = await devServer(app, { env: serviceEnv(service) });
    await until(() => existsSync(join(app.root, 'locales/de/common.json')), 'the German catalog');
    const german = await app.json('locales/de/common.json');
    const first = (await server.ssrLoadModule('/src/ssr-entry.js')).render();
    expect(first).toBe(`<p>${german.greeting}</p>`);
    await app.write(
      'locales/en/common.json',
      '{\n  "greeting": "Good evening",\n  "farewell": "Goodbye"\n}\n',
    );
    const seen = new Set<string>();
    await until(async () => {
      // Every render in between shows the old text or the new one; none fails.
      seen.add((await server.ssrLoadModule('/src/ssr-entry.js')).render());
      return seen.size > 1;
    }, 'the new text in a server render');
    const now = await app.json('locales/de/common.json');
    expect([...seen]).toEqual([first, `<p>${now.greeting}</p>`]);
  });
});
