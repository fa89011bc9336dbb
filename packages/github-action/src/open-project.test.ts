import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openActionProject } from './open-project.js';

const root = mkdtempSync(join(tmpdir(), 'transloom-action-project-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function project(name: string, config: string, file = 'transloom.config.ts'): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'locales', 'en'), { recursive: true });
  writeFileSync(join(dir, 'locales', 'en', 'a.json'), '{ "hi": "Hi" }\n');
  writeFileSync(join(dir, file), config);
  return dir;
}

it('makes max-characters the run budget, from a TypeScript configuration too', async () => {
  const dir = project(
    'ts',
    "const locales: string[] = ['de'];\nexport default { sourceLocale: 'en', targetLocales: locales, files: [{ source: 'locales/{locale}/*.json' }] };\n",
  );
  const opened = await openActionProject({
    cwd: join(dir, 'locales'),
    service: undefined,
    maxCharacters: 500,
  });
  expect(opened.root).toBe(dir);
  expect(opened.config.maxCharacters).toBe(500);
  expect(opened.config.targetLocales).toEqual(['de']);
  await opened.close();
});

it("keeps the configuration's budget when it is lower, and the file's own settings", async () => {
  const dir = project(
    'json',
    '{ "sourceLocale": "en", "targetLocales": ["pl"], "maxCharacters": 40, "files": [{ "source": "locales/{locale}/*.json" }] }\n',
    'transloom.config.json',
  );
  const lower = await openActionProject({ cwd: dir, service: undefined, maxCharacters: 500 });
  expect(lower.config.maxCharacters).toBe(40);
  expect(lower.config.file).toBe(join(dir, 'transloom.config.json'));
  await lower.close();
  const higher = await openActionProject({ cwd: dir, service: undefined, maxCharacters: 10 });
  expect(higher.config.maxCharacters).toBe(10);
  expect(higher.config.targetLocales).toEqual(['pl']);
  await higher.close();
});
