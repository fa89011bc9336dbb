import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../config/load-config.js';
import { errorProblem, locateConfigIssue } from './error-problem.js';

const dir = await mkdtemp(join(tmpdir(), 'transloom-dev-config-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function configError(text: string, name = 'transloom.config.json'): Promise<unknown> {
  const root = await mkdtemp(join(dir, 'p-'));
  await writeFile(join(root, 'package.json'), '{}\n');
  await writeFile(join(root, name), text);
  return loadConfig({ cwd: root }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

it('points a configuration error at the key it names', async () => {
  const error = await configError(
    '{\n  "sourceLocale": "en",\n  "targetLocales": ["de"],\n  "files": [\n    { "source": "a/{locale}.json", "format": "yaml" }\n  ]\n}\n',
  );
  const problem = errorProblem(error, dir);
  expect(problem.message).toContain('files[0].format');
  expect(problem).toMatchObject({ line: 5, column: 36 });
  expect(problem.file).toMatch(/transloom\.config\.json$/);
});

it('points a JSON syntax error in the configuration at its offset', async () => {
  const error = await configError(
    '{\n  "sourceLocale": "en",\n  "targetLocales": ["de"]\n  "files": []\n}\n',
  );
  expect(errorProblem(error, dir)).toMatchObject({ line: 4, column: 3 });
});

it('points inside package.json#transloom, and gives no position for a script configuration', async () => {
  const root = await mkdtemp(join(dir, 'pkg-'));
  const file = join(root, 'package.json');
  await writeFile(
    file,
    '{\n  "name": "x",\n  "transloom": {\n    "sourceLocale": "en",\n    "fils": []\n  }\n}\n',
  );
  expect(locateConfigIssue(file, { path: 'fils', message: 'unknown key' })).toEqual({
    line: 5,
    column: 5,
  });
  expect(locateConfigIssue(join(root, 'transloom.config.ts'), { path: 'files', message: '' })).toBe(
    undefined,
  );
});

it('gives the message alone for errors without a place', () => {
  expect(errorProblem(new Error('the service could not be reached'), dir)).toEqual({
    message: 'the service could not be reached',
  });
});
