import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ProjectLockedError } from '../errors/project-locked-error.js';
import { testProject } from '../test-support/test-project.js';
import { createProject } from './create-project.js';
import type { RunEvent } from './project-types.js';
import { acquireRunLock } from './run-lock.js';

it('adds the keys the code uses under the run lock; a dry run only lists them, and takes no lock', async () => {
  const project = await testProject({
    'transloom.config.json': JSON.stringify({
      sourceLocale: 'en',
      targetLocales: ['de'],
      files: [{ source: 'locales/{locale}/*.json' }],
      extract: {
        input: ['src/**/*.js'],
        output: 'locales/{locale}/{ns}.json',
        defaultNamespace: 'app',
      },
    }),
    'locales/en/app.json': '{\n  "old": "Old"\n}\n',
    'src/page.js': "export const title = (t) => t('welcome', 'Welcome');\n",
  });
  const events: RunEvent[] = [];
  const engine = await createProject({ cwd: project.root, env: {} });
  const other = await acquireRunLock({
    file: join(project.root, '.transloom/run.lock'),
    command: 'translate',
  });
  // Another run holds the project: writing waits for it (or refuses), looking does not.
  await expect(engine.extract({ wait: false })).rejects.toBeInstanceOf(ProjectLockedError);
  const looked = await engine.extract({ dryRun: true });
  expect(Object.fromEntries(looked.added)).toEqual({ 'locales/en/app.json': ['welcome'] });
  expect(await project.read('locales/en/app.json')).toBe('{\n  "old": "Old"\n}\n');
  const writing = engine.extract({ onEvent: (event) => events.push(event) });
  await new Promise((r) => setTimeout(r, 300));
  expect(events.map((e) => e.type)).toEqual(['waiting']);
  expect(await project.read('locales/en/app.json')).toBe('{\n  "old": "Old"\n}\n');
  await other.release();
  const written = await writing;
  expect(written.scanned).toBe(1);
  expect(JSON.parse(await project.read('locales/en/app.json'))).toEqual({
    old: 'Old',
    welcome: 'Welcome',
  });
  expect((await engine.extract()).added.size).toBe(0);
  await engine.close();
});
