import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { ActionEvent } from './action-event.js';
import { memoryEnv, openActionProject } from './open-project.js';

const root = mkdtempSync(join(tmpdir(), 'transloom-action-project-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function project(name: string, config: string, file = 'transloom.config.ts'): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'locales', 'en'), { recursive: true });
  writeFileSync(join(dir, 'locales', 'en', 'a.json'), '{ "hi": "Hi" }\n');
  writeFileSync(join(dir, file), config);
  return dir;
}

it('finds the configuration from the working directory upward, a TypeScript one too', async () => {
  const dir = project(
    'ts',
    "const locales: string[] = ['de'];\nexport default { sourceLocale: 'en', targetLocales: locales, files: [{ source: 'locales/{locale}/*.json' }] };\n",
  );
  const opened = await openActionProject({ cwd: join(dir, 'locales'), service: undefined });
  expect(opened.root).toBe(dir);
  expect(opened.config.targetLocales).toEqual(['de']);
  await opened.close();
});

it('never takes a service from the process environment', async () => {
  const dir = project(
    'env',
    '{ "sourceLocale": "en", "targetLocales": ["pl"], "files": [{ "source": "locales/{locale}/*.json" }] }\n',
    'transloom.config.json',
  );
  process.env.TRANSLOOM_API_KEY = 'from-the-environment';
  process.env.TRANSLOOM_API_URL = 'http://127.0.0.1:9';
  try {
    const opened = await openActionProject({ cwd: dir, service: undefined });
    await expect(opened.translate()).rejects.toThrow(/no translation service/);
    await opened.close();
  } finally {
    delete process.env.TRANSLOOM_API_KEY;
    delete process.env.TRANSLOOM_API_URL;
  }
});

it("gives the engine the shared memory's variables and the default branch, and nothing else", () => {
  const env = memoryEnv(
    {
      TRANSLOOM_API_KEY: 'secret-key',
      TRANSLOOM_REDIS_URL: 'redis://:pw@cache:6379/0',
      GITHUB_HEAD_REF: '',
      GITHUB_REF_NAME: 'main',
      HOME: '/root',
    },
    { payload: { repository: { default_branch: 'trunk' } } } as unknown as ActionEvent,
  );
  expect(env).toEqual({
    TRANSLOOM_REDIS_URL: 'redis://:pw@cache:6379/0',
    GITHUB_REF_NAME: 'main',
    TRANSLOOM_DEFAULT_BRANCH: 'trunk',
  });
});
