import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { EXIT } from './cli-io.js';
import { runCli } from './run-cli.js';
import { memoryIo } from './test-support/memory-io.js';

const GIT_CONFIG = '[core]\n\trepositoryformatversion = 0\n';

it.each([
  ['.git/config', 'notes.md'],
  ['.GIT/hooks/x', 'l/{locale}.json'],
])('refuses %s as a target before reading or sending anything (exit 2)', async (target, source) => {
  const root = await mkdtemp(join(tmpdir(), 'transloom-cli-git-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  await mkdir(join(root, '.git/hooks'), { recursive: true });
  await mkdir(join(root, 'l'));
  await writeFile(join(root, '.git/config'), GIT_CONFIG);
  await writeFile(join(root, 'notes.md'), '# Notes\n');
  await writeFile(join(root, 'l/en.json'), '{ "a": "A" }\n');
  await writeFile(
    join(root, 'transloom.config.json'),
    JSON.stringify({ sourceLocale: 'en', targetLocales: ['de'], files: [{ source, target }] }),
  );
  // An address nothing listens on: a run that got as far as sending would fail otherwise.
  const io = memoryIo(root, { TRANSLOOM_API_URL: 'http://127.0.0.1:9', TRANSLOOM_API_KEY: 'k' });
  const code = await runCli(['translate'], io);
  expect(code).toBe(EXIT.usage);
  expect(io.stderr.text).toContain(`files[0].target: '${target}' is inside .git`);
  expect(await readFile(join(root, '.git/config'), 'utf8')).toBe(GIT_CONFIG);
});
