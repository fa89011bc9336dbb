#!/usr/bin/env node
// What the GitHub Action adds over the engine: the main job on examples/starter (its sources,
// nothing translated yet; 3 locales), against the local service in its own process, measured
// three ways, each on a fresh copy of the project in its own git repository:
// - the engine alone, in-process: createProject + translate;
// - `transloom translate`, a whole CLI process;
// - the bundled Action (`node dist/index.js`, translate mode on a push, as the runner starts it):
//   the same translation, then one commit pushed to transloom/main in a bare origin.
// It prints medians, the Action's overhead over both (target <= 1000 ms over the CLI), and the
// time to load the bundle alone. Run with `pnpm bench:action` (after `pnpm build`); `--runs N`.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { measureNode, median } from './lib/measure-process.mjs';
import { spawnLocalService } from './lib/spawn-local-service.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);
const KEY = 'bench-action-key';
const TARGET_MS = 1000;
const root = fileURLToPath(new URL('..', import.meta.url));
const starter = join(root, 'examples', 'starter');
const bundle = join(root, 'packages', 'github-action', 'dist', 'index.js');
const cli = join(root, 'packages', 'cli', 'dist', 'bin.js');
const { createProject } = await import(
  pathToFileURL(join(root, 'packages', 'core', 'dist', 'index.js')).href
);

const gitEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
};
const git = (cwd, ...args) =>
  execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8' }).trim();

// A bare origin holding the starter's tracked files on main, and a clone of it.
function fixture() {
  const dir = mkdtempSync(join(tmpdir(), 'transloom-bench-action-'));
  const seed = join(dir, 'seed');
  mkdirSync(seed);
  // The example ignores its targets; a project using the Action commits them.
  for (const file of git(starter, 'ls-files')
    .split('\n')
    .filter((f) => f !== '.gitignore')) {
    mkdirSync(dirname(join(seed, file)), { recursive: true });
    cpSync(join(starter, file), join(seed, file));
  }
  git(dir, 'init', '--quiet', '--bare', '--initial-branch=main', 'origin.git');
  git(seed, 'init', '--quiet', '--initial-branch=main');
  git(seed, 'add', '--all');
  git(seed, 'commit', '--quiet', '-m', 'Starter');
  git(seed, 'push', '--quiet', join(dir, 'origin.git'), 'main');
  git(dir, 'clone', '--quiet', join(dir, 'origin.git'), 'workspace');
  return { dir, workspace: join(dir, 'workspace') };
}

function actionEnv(dir, workspace, url) {
  const sha = git(workspace, 'rev-parse', 'HEAD');
  writeFileSync(
    join(dir, 'event.json'),
    JSON.stringify({
      ref: 'refs/heads/main',
      head_commit: { message: 'Starter', author: { email: 'bench@example.com' } },
    }),
  );
  writeFileSync(join(dir, 'summary.md'), '');
  writeFileSync(join(dir, 'output.txt'), '');
  return {
    PATH: process.env.PATH,
    HOME: dir,
    GIT_CONFIG_NOSYSTEM: '1',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: join(dir, 'event.json'),
    GITHUB_REPOSITORY: 'octo/starter',
    GITHUB_WORKSPACE: workspace,
    GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
    GITHUB_OUTPUT: join(dir, 'output.txt'),
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SHA: sha,
    RUNNER_TEMP: dir,
    INPUT_MODE: 'translate',
    'INPUT_API-URL': url,
    'INPUT_API-KEY': KEY,
    'INPUT_PULL-REQUEST': 'never',
    INPUT_COMMENT: 'false',
    'INPUT_GITHUB-TOKEN': 'ghs_bench',
  };
}

const { url, child } = await spawnLocalService(['--api-key', KEY]);
const figures = { engine: [], cli: [], action: [], load: [] };
let units = 0;
let requests = 0;
try {
  for (let run = 0; run < RUNS; run++) {
    {
      const { dir, workspace } = fixture();
      const started = performance.now();
      const project = await createProject({
        cwd: workspace,
        service: { url, apiKey: KEY },
        env: {},
      });
      const report = await project.translate();
      await project.close();
      figures.engine.push(performance.now() - started);
      units = Object.values(report.locales).reduce((n, l) => n + l.translated + l.reused, 0);
      requests = report.requests;
      rmSync(dir, { recursive: true, force: true });
    }
    {
      const { dir, workspace } = fixture();
      const result = await measureNode([cli, 'translate', '--cwd', workspace], {
        env: { TRANSLOOM_API_URL: url, TRANSLOOM_API_KEY: KEY, CI: 'true' },
      });
      if (result.code !== 0) throw new Error(`transloom translate failed: ${result.stderr}`);
      figures.cli.push(result.ms);
      rmSync(dir, { recursive: true, force: true });
    }
    {
      const { dir, workspace } = fixture();
      const result = await measureNode([bundle], {
        cwd: workspace,
        env: actionEnv(dir, workspace, url),
      });
      if (result.code !== 0) throw new Error(`the Action failed: ${result.stdout}${result.stderr}`);
      const pushed = git(join(dir, 'origin.git'), 'branch', '--list', 'transloom/main');
      if (!pushed) throw new Error(`the Action pushed no commit:\n${result.stdout}`);
      figures.action.push(result.ms);
      rmSync(dir, { recursive: true, force: true });
    }
    const load = await measureNode([
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(pathToFileURL(bundle).href)})`,
    ]);
    figures.load.push(load.ms);
  }
} finally {
  child.kill();
}

const ms = (list) => `${Math.round(median(list))} ms`;
const overCli = median(figures.action) - median(figures.cli);
const overEngine = median(figures.action) - median(figures.engine);
const rows = [
  [
    'project',
    `examples/starter: ${units} unit-locales translated in ${requests} requests (pseudo engine), ${RUNS} runs each`,
  ],
  ['engine alone', `${ms(figures.engine)} (createProject + translate, in-process)`],
  ['transloom translate', `${ms(figures.cli)} (a whole CLI process)`],
  ['the Action', `${ms(figures.action)} (a whole process: bundle, translation, commit, push)`],
  ['bundle load', `${ms(figures.load)} (node importing dist/index.js, nothing run)`],
  [
    'added over the CLI',
    `${Math.round(overCli)} ms (target <= ${TARGET_MS} ms)${overCli <= TARGET_MS ? '' : '  OVER TARGET'}`,
  ],
  [
    'added over the engine',
    `${Math.round(overEngine)} ms (process start and bundle load included)`,
  ],
];
for (const [label, text] of rows) process.stdout.write(`${label.padEnd(22)}${text}\n`);
