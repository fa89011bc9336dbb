import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vite8 from 'vite';
import * as vite6 from 'vite6';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransloomPluginOptions } from './plugin-options.js';
import { overlayText, testBrowser } from './test-support/browser.js';
import { captureLogger, until } from './test-support/capture-logger.js';
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
    // One request for the one changed string, and none after the plugin's own write was seen.
    expect(translateRequests(service) - before).toBe(1);
    await new Promise((r) => setTimeout(r, 600));
    expect(translateRequests(service) - before).toBe(1);
    await page.close();
  });
});
