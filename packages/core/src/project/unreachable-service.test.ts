import { readdir } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { ServiceUnreachableError } from '@transloom/client/errors';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../pipeline/run-report.js';
import { TEST_KEY, testProject, testService } from '../test-support/test-project.js';
import { createProject } from './create-project.js';

// Three locales, enough texts for several requests per locale at the default concurrency.
const CONFIG = {
  sourceLocale: 'en',
  targetLocales: ['de', 'ja', 'pl'],
  files: [{ source: 'locales/{locale}/*.json' }],
};
const catalog = (n: number) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, `Text ${i}`])));

// A port nothing listens on: a server is started on a free one and closed again.
function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

// A TCP server that takes connections and then `treat`s them (holds or destroys them); it
// counts the connections.
async function tcpServer(
  treat: (socket: Socket) => void,
): Promise<{ url: string; connections: () => number }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    treat(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, connections: () => connections };
}

async function stopped(
  run: Promise<unknown>,
): Promise<{ error: ServiceUnreachableError & { report?: RunReport }; ms: number }> {
  const started = performance.now();
  const error = await run.then(
    () => {
      throw new Error('expected the run to stop');
    },
    (e: unknown) => e,
  );
  const ms = performance.now() - started;
  expect(error).toBeInstanceOf(ServiceUnreachableError);
  return { error: error as ServiceUnreachableError & { report?: RunReport }, ms };
}

describe('a dead or hanging service stops the run fast', async () => {
  it('stops within seconds when TRANSLOOM_API_URL is a closed port, naming the address', async () => {
    const project = await testProject({ 'locales/en/a.json': catalog(300) });
    const url = `http://127.0.0.1:${await freePort()}`;
    const engine = await createProject({
      cwd: project.root,
      config: CONFIG,
      env: { TRANSLOOM_API_URL: url, TRANSLOOM_API_KEY: TEST_KEY },
    });
    const { error, ms } = await stopped(engine.translate());
    await engine.close();
    console.info(`closed port: the run stopped after ${Math.round(ms)} ms`);
    // 3 retries with jittered backoff (at most 1 + 1.6 + 2.56 s), once: not per request.
    expect(ms).toBeLessThan(10_000);
    expect(error).toMatchObject({
      code: 'TRANSLOOM_SERVICE_UNREACHABLE',
      kind: 'service',
      reason: 'connection',
      systemCode: 'ECONNREFUSED',
      url,
    });
    expect(error.message).toContain(`the service at ${url} cannot be reached`);
    expect(error.message).not.toContain(TEST_KEY);
    // Nothing was written: no target, no lock.
    expect((await readdir(project.root)).sort()).toEqual(['.transloom', 'locales']);
    expect(await readdir(join(project.root, 'locales'))).toEqual(['en']);
  });

  it('sends nothing more once one request ran out of connection retries, for every locale', async () => {
    const project = await testProject({ 'locales/en/a.json': catalog(300) });
    // A service that resets every connection as soon as a request arrives on it.
    const dying = await tcpServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
    const engine = await createProject({
      cwd: project.root,
      config: CONFIG,
      service: { url: dying.url, apiKey: TEST_KEY },
    });
    const { error, ms } = await stopped(engine.translate());
    await engine.close();
    console.info(
      `every connection reset: the run stopped after ${Math.round(ms)} ms and ${dying.connections()} connections`,
    );
    expect(ms).toBeLessThan(10_000);
    expect(error.reason).toBe('connection');
    // 18 requests (300 texts, 3 locales) at 4 in flight: at most 4 requests' 4 attempts each,
    // where each retrying on its own would make 18 x 3 sends of 11 attempts.
    expect(dying.connections()).toBeLessThanOrEqual(16);
  });

  it('stops after requestTimeout when the service accepts connections and never answers', async () => {
    const project = await testProject({ 'locales/en/a.json': catalog(20) });
    const silent = await tcpServer(() => {});
    const engine = await createProject({
      cwd: project.root,
      config: { ...CONFIG, requestTimeout: 500 },
      service: { url: silent.url, apiKey: TEST_KEY },
    });
    const { error, ms } = await stopped(engine.translate());
    await engine.close();
    console.info(`silent service, requestTimeout 500: the run stopped after ${Math.round(ms)} ms`);
    expect(ms).toBeGreaterThanOrEqual(490);
    expect(ms).toBeLessThan(2500);
    expect(error).toMatchObject({ reason: 'timeout', timeoutMs: 500, url: silent.url });
    expect(error.message).toBe(
      `the service at ${silent.url} sent no answer to POST /v2/translate within 500 ms`,
    );
    // The locales running together had one request each in flight; nothing was sent after.
    expect(silent.connections()).toBeLessThanOrEqual(4);
  });

  it("takes the host's requestTimeout over the configuration's", async () => {
    const project = await testProject({ 'locales/en/a.json': catalog(2) });
    const silent = await tcpServer(() => {});
    const engine = await createProject({
      cwd: project.root,
      config: { ...CONFIG, requestTimeout: 60_000 },
      service: { url: silent.url, apiKey: TEST_KEY },
      requestTimeout: 300,
    });
    const { error, ms } = await stopped(engine.usage());
    await engine.close();
    expect(ms).toBeLessThan(1500);
    expect(error).toMatchObject({ reason: 'timeout', timeoutMs: 300 });
  });

  it('stops when the service starts resetting connections in mid-run, keeping what was answered', async () => {
    const server = await testService();
    const project = await testProject({ 'locales/en/a.json': catalog(300) });
    const engine = await createProject({
      cwd: project.root,
      config: { ...CONFIG, concurrency: 1 },
      service: { url: server.url, apiKey: TEST_KEY },
    });
    let answered = 0;
    const { error, ms } = await stopped(
      engine.translate({
        onEvent(event) {
          // After two answered requests, every connection is reset.
          if (event.type === 'batch' && ++answered === 2)
            server.faults!.arm({ kind: 'reset' }, 100_000);
        },
      }),
    );
    await engine.close();
    const resets = server.faults!.requests.filter((r) => r.fault === 'reset').length;
    console.info(
      `reset in mid-run: the run stopped after ${Math.round(ms)} ms, ${resets} reset requests`,
    );
    expect(ms).toBeLessThan(15_000);
    expect(error.reason).toBe('connection');
    expect(error.url).toBe(server.url);
    // One request's 4 attempts (a second locale's request may be refused by the open circuit).
    expect(resets).toBeLessThanOrEqual(8);
    const report = error.report!;
    const translated = Object.values(report.locales).reduce((n, l) => n + l.translated, 0);
    expect(translated).toBe(100);
  });
});
