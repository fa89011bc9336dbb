import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { until } from './test-support/capture-logger.js';
import { CLIENT_SOURCE, serviceEnv, testApp, testService } from './test-support/test-app.js';

/** The built plugin, as an app's `vite.config` imports it (the test command builds first). */
const PLUGIN = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const VITE_BIN = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

it('lets `vite` print its ready line before any translation work starts', async () => {
  const service = await testService();
  const app = await testApp({
    'vite.config.mjs': `import transloom from ${JSON.stringify(PLUGIN)};
export default {
  resolve: { alias: { '@transloom/vite-plugin/client': ${JSON.stringify(CLIENT_SOURCE)} } },
  plugins: [transloom()],
};
`,
  });
  const port = await freePort();
  const { TRANSLOOM_API_KEY: _k, TRANSLOOM_API_URL: _u, CI: _ci, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    [VITE_BIN, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: app.root,
      env: { ...inherited, ...serviceEnv(service), NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await until(() => /transloom de:/.test(output), 'the run line', 30_000);
  } finally {
    child.kill('SIGTERM');
    // The app's folder is removed after the test: not while the server is still closing.
    await exited;
  }
  const ready = output.search(/ready in \d+/);
  expect(ready).toBeGreaterThan(-1);
  expect(output.search(/transloom/)).toBeGreaterThan(ready);
  expect(output).toMatch(/transloom de: 2 units translated, 1 request/);
});
