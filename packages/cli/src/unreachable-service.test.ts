import { createServer, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from './cli-io.js';
import { runCli } from './run-cli.js';
import { E2E_KEY, e2eService, serviceEnv, starterProject } from './test-support/e2e.js';
import { memoryIo } from './test-support/memory-io.js';

// A port nothing listens on: a server is started on a free one and closed again.
function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

// A TCP server that takes connections and `treat`s them (holds or destroys them).
async function tcpServer(treat: (socket: Socket) => void): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
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
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

// Runs the CLI in this process and times it.
async function timed(argv: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const io = memoryIo(cwd, env);
  const started = performance.now();
  const code = await runCli(argv, io);
  const ms = Math.round(performance.now() - started);
  return { code, ms, stderr: io.stderr.text, stdout: io.stdout.text };
}

const envFor = (url: string) => ({ TRANSLOOM_API_URL: url, TRANSLOOM_API_KEY: E2E_KEY });

describe('transloom against a dead or hanging service (in process)', () => {
  it('exits 5 within seconds when TRANSLOOM_API_URL is a closed port, with one line naming it', async () => {
    const root = await starterProject();
    const url = `http://127.0.0.1:${await freePort()}`;
    const run = await timed(['translate'], root, envFor(url));
    console.info(`translate, closed port: exit ${run.code} after ${run.ms} ms`);
    expect(run.code).toBe(EXIT.unreachable);
    expect(run.ms).toBeLessThan(10_000);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^transloom translate: the service at ${url.replaceAll('.', '\\.')} cannot be reached: connection refused \\(ECONNREFUSED\\), 4 attempts in (\\d+ ms|\\d+(\\.\\d)? s); check TRANSLOOM_API_URL and that the service is running$`,
      ),
    );
    expect(run.stderr).not.toContain('    at ');
    expect(run.stderr + run.stdout).not.toContain(E2E_KEY);
  });

  it('exits 5 after --request-timeout when the service never answers', async () => {
    const root = await starterProject();
    const url = await tcpServer(() => {});
    const run = await timed(['translate', '--request-timeout', '500'], root, envFor(url));
    console.info(
      `translate, silent service, --request-timeout 500: exit ${run.code} after ${run.ms} ms`,
    );
    expect(run.code).toBe(EXIT.unreachable);
    expect(run.ms).toBeGreaterThanOrEqual(490);
    expect(run.ms).toBeLessThan(3000);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(
      `transloom translate: the service at ${url} sent no answer to POST /v3/glossaries within 500 ms; if the service is only slow, wait longer with --request-timeout MS or requestTimeout`,
    );
  });

  it('exits 5 within seconds when the service resets every connection', async () => {
    const root = await starterProject();
    // Every connection is reset as soon as a request arrives on it.
    const url = await tcpServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
    const run = await timed(['translate'], root, envFor(url));
    console.info(`translate, every connection reset: exit ${run.code} after ${run.ms} ms`);
    expect(run.code).toBe(EXIT.unreachable);
    expect(run.ms).toBeLessThan(10_000);
    expect(run.stderr).toContain(
      `transloom translate: the service at ${url} cannot be reached: connection reset (ECONNRESET)`,
    );
  });

  it('exits 5 from usage and glossary push, which take --request-timeout too', async () => {
    const root = await starterProject();
    const silent = await tcpServer(() => {});
    const usage = await timed(['usage', '--request-timeout', '300'], root, envFor(silent));
    console.info(
      `usage, silent service, --request-timeout 300: exit ${usage.code} after ${usage.ms} ms`,
    );
    expect(usage.code).toBe(EXIT.unreachable);
    expect(usage.ms).toBeLessThan(2000);
    expect(usage.stderr).toContain(
      `transloom usage: the service at ${silent} sent no answer to GET /v2/usage within 300 ms`,
    );
    const closed = `http://127.0.0.1:${await freePort()}`;
    const push = await timed(['glossary', 'push'], root, envFor(closed));
    console.info(`glossary push, closed port: exit ${push.code} after ${push.ms} ms`);
    expect(push.code).toBe(EXIT.unreachable);
    expect(push.ms).toBeLessThan(10_000);
    expect(push.stderr).toContain(`transloom glossary: the service at ${closed} cannot be reached`);
  });

  it('refuses a --request-timeout that is not whole milliseconds from 100', async () => {
    const root = await starterProject();
    for (const [value, why] of [
      ['60', 'is in milliseconds: at least 100'],
      ['1.5s', 'expected a whole number of milliseconds'],
    ] as const) {
      const run = await timed(['translate', '--request-timeout', value], root, {});
      expect(run.code).toBe(EXIT.usage);
      expect(run.stderr).toBe(`transloom translate: --request-timeout: ${why}, got '${value}'\n`);
    }
  });

  it('keeps translating with a healthy service and a short --request-timeout', async () => {
    const server = await e2eService();
    const root = await starterProject();
    const run = await timed(['translate', '--request-timeout', '20000'], root, serviceEnv(server));
    expect(run.code, run.stderr).toBe(EXIT.ok);
  });
});
