import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startLocalService } from '@transloom/server';
import { describe, expect, it } from 'vitest';
import { requestsTo, TEST_KEY, testProject, testService } from '../../test-support/test-project.js';
import { resolveBuildMode } from './resolve-build-mode.js';
import { runBuildStep } from './run-build-step.js';

const CONFIG = JSON.stringify({
  sourceLocale: 'en',
  targetLocales: ['de'],
  files: [{ source: 'locales/{locale}/*.json' }],
});

it('freezes a build in CI unless the host says otherwise', () => {
  expect(resolveBuildMode(undefined, { CI: 'true' })).toBe('frozen');
  expect(resolveBuildMode(undefined, { CI: '0' })).toBe('translate');
  expect(resolveBuildMode(undefined, {})).toBe('translate');
  expect(resolveBuildMode('translate', { CI: '1' })).toBe('translate');
});

describe('the build step', async () => {
  const server = await testService();
  const env = { TRANSLOOM_API_KEY: TEST_KEY, TRANSLOOM_API_URL: server.url };

  it('fails a frozen build at the missing units and sends nothing; a translating one writes them and the pseudo-locale', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/common.json': '{\n  "greeting": "Hello"\n}\n',
    });
    const lines: string[] = [];
    const options = {
      root: project.root,
      localService: startLocalService,
      pseudoLocale: 'en-XA',
      onLog: (_level: string, line: string) => void lines.push(line),
    };
    server.faults!.requests.splice(0);
    const frozen = await runBuildStep({ ...options, env: { ...env, CI: 'true' } });
    expect(frozen.problem).toMatchObject({
      message: expect.stringMatching(/1 unit missing or stale, and a frozen run sends nothing/),
      file: join(project.root, 'locales/en/common.json'),
      line: 2,
    });
    expect(requestsTo(server)).toBe(0);
    expect(existsSync(join(project.root, 'locales/de/common.json'))).toBe(false);
    expect(lines).toEqual([expect.stringMatching(/^transloom \(frozen\) de: /)]);

    const translated = await runBuildStep({ ...options, env, mode: 'translate' });
    expect(translated.problem).toBeUndefined();
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^transloom de: 1 unit translated/),
      expect.stringMatching(/^transloom \(pseudo\) en-XA: 1 unit translated/),
    ]);
    expect(existsSync(join(project.root, 'locales/en-XA/common.json'))).toBe(true);
    expect((await translated.files())?.sources.size).toBe(1);
    const off = await runBuildStep({ ...options, env, mode: 'off' });
    expect(off.problem).toBeUndefined();
    expect((await off.files())?.sources).toEqual((await translated.files())?.sources);
    // The files are listed when the host asks, not as part of the step: a build that serves no
    // catalog of its own does not walk the project a second time.
    const unasked = await runBuildStep({ ...options, env, mode: 'off' });
    await writeFile(join(project.root, 'locales/en/extra.json'), '{ "a": "A" }\n');
    expect((await unasked.files())?.sources.size).toBe(2);
    expect(lines).toHaveLength(3);
  });

  it('gives a configuration error as the problem, at its key', async () => {
    const project = await testProject({
      'transloom.config.json':
        '{\n  "sourceLocale": "en",\n  "targetLocale": ["de"],\n  "files": []\n}\n',
    });
    const result = await runBuildStep({ root: project.root, env });
    expect(await result.files()).toBeUndefined();
    expect(result.problem).toMatchObject({
      file: join(project.root, 'transloom.config.json'),
      line: 3,
      column: 3,
    });
  });
});
