import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterEach, expect, it } from 'vitest';
import { captureLogger, nextSave, until } from './test-support/capture-logger.js';
import { serviceEnv, type TestApp, testApp, testService } from './test-support/test-app.js';
import { transloom } from './transloom-plugin.js';

const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const open: ViteDevServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/** Runs the real TypeScript compiler on the app; resolves with its exit code and output. */
function tsc(app: TestApp): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSC, '-p', join(app.root, 'tsconfig.json')], {
      cwd: app.root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

const TSCONFIG = `${JSON.stringify({
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    lib: ['ES2022'],
  },
  include: ['src/**/*.ts'],
})}\n`;

it('writes i18next types of the source keys on start and on a change, so a misspelt key fails tsc', async () => {
  const service = await testService();
  const app = await testApp({
    'tsconfig.json': TSCONFIG,
    'locales/en/common.json': `${JSON.stringify(
      {
        greeting: 'Hello',
        menu: { title: 'Menu' },
        clicks_one: 'You clicked once',
        clicks_other: 'You clicked {{count}} times',
      },
      null,
      2,
    )}\n`,
    'src/ok.ts': `import i18next from 'i18next';
export const texts = [i18next.t('greeting'), i18next.t('menu.title'), i18next.t('clicks', { count: 2 })];
`,
    'src/bad.ts': `import i18next from 'i18next';
export const misspelt = i18next.t('greting');
export const later = i18next.t('welcome');
`,
  });
  const types = join(app.root, 'src/i18next.d.ts');
  const { logger } = await devServer(app, { env: serviceEnv(service), types: 'src/i18next.d.ts' });
  await until(() => existsSync(types), 'the types file');
  expect(await app.read('src/i18next.d.ts')).toContain(`defaultNS: "common";`);

  const first = await tsc(app);
  expect(first.code).not.toBe(0);
  const errors = (output: string) => output.split('\n').filter((line) => /error TS\d+/.test(line));
  // Each unknown key is an error at its place; the known ones (plural and nested) pass.
  expect(errors(first.output)).toEqual([
    expect.stringMatching(/^src\/bad\.ts\(2,\d+\): error TS\d+: .*greting/),
    expect.stringMatching(/^src\/bad\.ts\(3,\d+\): error TS\d+: .*welcome/),
  ]);

  // A key added to the source catalog is a key of the types at once.
  await nextSave();
  await app.write(
    'locales/en/common.json',
    `${JSON.stringify({ ...(await app.json('locales/en/common.json')), welcome: 'Welcome' }, null, 2)}\n`,
  );
  await until(
    async () => (await app.read('src/i18next.d.ts')).includes('"welcome"'),
    'the new key',
  );
  const second = await tsc(app);
  expect(errors(second.output)).toEqual([
    expect.stringMatching(/^src\/bad\.ts\(2,\d+\): error TS\d+: .*greting/),
  ]);
  expect(logger.lines.filter((l) => l.includes('types of the source keys written'))).toHaveLength(
    2,
  );
});

async function devServer(app: TestApp, options: Parameters<typeof transloom>[0]) {
  const logger = captureLogger();
  const server = await createServer({
    root: app.root,
    configFile: false,
    customLogger: logger,
    server: { host: '127.0.0.1', port: 0 },
    plugins: [transloom(options)],
  });
  open.push(server);
  await server.listen();
  return { server, logger };
}
