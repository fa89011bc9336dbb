import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { createGitFixture } from './test-support/git-fixture.js';
import { inputEnv, parseOutputs } from './test-support/run-bundle.js';
import { projectFiles } from './test-support/scenario.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

// How a user debugs the Action on their machine: @github/local-action runs the bundle's `run`
// with the inputs and runner variables of a dotenv file.
it('runs the bundled Action through @github/local-action', { timeout: 120_000 }, async () => {
  const fixture = createGitFixture(projectFiles({ hi: 'Hi' }, ['de']));
  fixture.checkout('main');
  const output = join(fixture.root, 'output.txt');
  const summary = join(fixture.root, 'summary.md');
  writeFileSync(output, '');
  writeFileSync(summary, '');
  writeFileSync(join(fixture.root, 'event.json'), '{}');
  const env = {
    ...inputEnv({ mode: 'check', 'working-directory': 'app' }, 'ghs_localToken'),
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_EVENT_PATH: join(fixture.root, 'event.json'),
    GITHUB_REPOSITORY: 'octo/site',
    GITHUB_WORKSPACE: fixture.workspace,
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    RUNNER_TEMP: fixture.root,
  };
  const dotenv = join(fixture.root, '.env');
  writeFileSync(
    dotenv,
    Object.entries(env)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join('\n'),
  );
  const localAction = realpathSync(join(packageDir, 'node_modules', '@github', 'local-action'));
  const tsx = createRequire(join(localAction, 'package.json')).resolve('tsx/cli');
  const result = spawnSync(
    process.execPath,
    [tsx, join(localAction, 'src', 'index.ts'), 'run', packageDir, 'dist/index.js', dotenv],
    {
      cwd: packageDir,
      encoding: 'utf8',
      // No package manager named: local-action stubs nothing, since the bundle carries
      // @actions/core itself, and runs it as the runner would.
      env: {
        PATH: process.env.PATH,
        HOME: fixture.root,
        TARGET_ACTION_PATH: packageDir,
        NO_COLOR: '1',
      },
      timeout: 60_000,
    },
  );
  expect(result.stdout).toContain('Running Action');
  expect(result.stdout).toContain(
    '::error title=Not translated (de),file=app/locales/en/common.json,line=2',
  );
  expect(parseOutputs(readFileSync(output, 'utf8'))).toMatchObject({ missing: '1' });
});
