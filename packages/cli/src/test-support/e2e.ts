import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerOptions, startServer, type TransloomServer } from '@transloom/server';
import { afterAll } from 'vitest';

/** The key the end-to-end service knows. */
export const E2E_KEY = 'cli-e2e-key:3f9a';

/** The built CLI (the test command builds before testing). */
export const BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));
/** The starter example: a project with every format and a glossary. */
export const STARTER = fileURLToPath(new URL('../../../../examples/starter/', import.meta.url));

/** A local service with fault injection and a request log, closed after the file's tests. */
export async function e2eService(
  options: ServerOptions = {},
): Promise<TransloomServer & { url: string }> {
  const server = await startServer({
    apiKeys: [E2E_KEY],
    faults: true,
    host: '127.0.0.1',
    port: 0,
    ...options,
  });
  afterAll(() => server.close());
  return server;
}

/** A copy of the starter example's sources (nothing generated) in a temporary directory. */
export async function starterProject(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'transloom-e2e-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  // What `transloom translate` writes: never copied, so each test starts from sources only.
  const generated = (path: string) =>
    /^(i18n|\.transloom|node_modules|transloom\.lock)(\/|$)/.test(path) ||
    /^messages\.[a-z-]+\.xlf$/i.test(path) ||
    /^locales\/(?!en(\/|$))[^/]+/.test(path) ||
    (/^site\/[^/]+$/.test(path) && !path.endsWith('.html'));
  await cp(STARTER, root, {
    recursive: true,
    filter: (source) => !generated(relative(STARTER, source).replaceAll('\\', '/')),
  });
  return root;
}

/** What a CLI run printed and returned. */
export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON, when it is. */
  json: any;
}

/** Environment that points the CLI at `server`. */
export function serviceEnv(server: { url: string }): NodeJS.ProcessEnv {
  return { TRANSLOOM_API_KEY: E2E_KEY, TRANSLOOM_API_URL: server.url };
}

/** Runs the real `transloom` binary in a child process. */
export function runTransloom(
  args: readonly string[],
  options: {
    cwd: string;
    env?: NodeJS.ProcessEnv;
    onSpawn?: (kill: () => void, pid: number) => void;
  },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const { TRANSLOOM_API_KEY: _k, TRANSLOOM_API_URL: _u, ...inherited } = process.env;
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd,
      env: { ...inherited, CI: '1', NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    options.onSpawn?.(() => child.kill('SIGKILL'), child.pid!);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code, signal, stdout, stderr, json });
    });
  });
}

/** Every file under `root` (relative path -> bytes), generated ones included. */
export async function snapshot(
  root: string,
  skip: RegExp = /^\.transloom\//,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path).replaceAll('\\', '/');
      if (skip.test(rel) || rel.startsWith('node_modules')) continue;
      if (entry.isDirectory()) await walk(path);
      else out.set(rel, (await readFile(path)).toString('base64'));
    }
  };
  await walk(root);
  return out;
}

/** Replaces `search` with `replacement` in a project file (which must contain it). */
export async function edit(
  root: string,
  path: string,
  search: string,
  replacement: string,
): Promise<void> {
  const file = join(root, path);
  const text = await readFile(file, 'utf8');
  if (!text.includes(search)) throw new Error(`${path} does not contain ${JSON.stringify(search)}`);
  await writeFile(file, text.replace(search, replacement));
}

/** Translate requests the service received, with their target and number of texts. */
export function translateRequests(server: TransloomServer): Array<{
  targetLang: string | undefined;
  texts: number | undefined;
  status: number | null;
  fault: string | null;
}> {
  return server
    .faults!.requests.filter((r) => r.path === '/v2/translate')
    .map((r) => ({ targetLang: r.targetLang, texts: r.texts, status: r.status, fault: r.fault }));
}

/** Empties the service's request log. */
export function clearRequests(server: TransloomServer): void {
  server.faults!.requests.length = 0;
}
