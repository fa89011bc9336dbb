import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type ServerOptions, startServer, type TransloomServer } from '@transloom/server';
import { afterAll } from 'vitest';
import { loadConfig } from '../config/load-config.js';
import { connectService } from '../pipeline/connect-service.js';
import { type TranslateProjectOptions, translateProject } from '../pipeline/translate-project.js';

/** The key the test service knows. */
export const TEST_KEY = 'core-test-key:5c1e';

/** A local service on a loopback port, closed after the file's tests. */
export async function testService(
  options: ServerOptions = {},
): Promise<TransloomServer & { url: string }> {
  const server = await startServer({
    apiKeys: [TEST_KEY],
    faults: true,
    port: 0,
    host: '127.0.0.1',
    ...options,
  });
  afterAll(() => server.close());
  return server;
}

/** A project in a temporary directory. */
export interface TestProject {
  root: string;
  write(path: string, text: string): Promise<void>;
  read(path: string): Promise<string>;
  /** Runs the main job against `server` (the config is read from disk each time). */
  run(
    server: { url: string },
    options?: Omit<TranslateProjectOptions, 'config' | 'connect'>,
  ): ReturnType<typeof translateProject>;
}

/** Creates a project from `files` (path -> text); removed after the file's tests. */
export async function testProject(files: Readonly<Record<string, string>>): Promise<TestProject> {
  const root = await mkdtemp(join(tmpdir(), 'transloom-project-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  const project: TestProject = {
    root,
    async write(path, text) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    },
    read: (path) => readFile(join(root, path), 'utf8'),
    async run(server, options = {}) {
      const config = await loadConfig({ cwd: root });
      return translateProject({
        ...options,
        config,
        connect: async () =>
          connectService({ apiKey: TEST_KEY, serverUrl: server.url, maxRetries: 8 }),
      });
    },
  };
  for (const [path, text] of Object.entries(files)) await project.write(path, text);
  return project;
}

/** Requests the service received to `path` (all when omitted) since the log was cleared. */
export function requestsTo(server: TransloomServer, path?: string): number {
  return server.faults!.requests.filter((r) => path === undefined || r.path === path).length;
}
