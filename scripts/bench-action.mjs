#!/usr/bin/env node
// What the GitHub Action adds over the engine: the main job on examples/starter (its sources,
// nothing translated yet; 3 locales), against the local service in its own process, measured
// three ways, each on a fresh copy of the project in its own git repository:
// - the engine alone, in-process: createProject + translate;
// - `transloom translate`, a whole CLI process;
// - the bundled Action (`node dist/index.js`, translate mode on a push, as the runner starts it,
//   on the depth-1 checkout actions/checkout makes): the same translation, then one commit
//   pushed to transloom/main in a bare origin;
// - the Action's second push: a person adds a string to main while the bot's branch is not
//   merged yet, and the Action runs again on a fresh depth-1 checkout: it fetches the history
//   the merge of main into transloom/main needs, merges, translates the new string and pushes.
// It prints medians, the Action's overhead over both (target <= 1000 ms over the CLI), the
// second push against the first, and the time to load the bundle alone. Run with
// `pnpm bench:action` (after `pnpm build`); `--runs N`.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

const REPOSITORY = 'octo/starter';
const REPOSITORY_URL = `https://github.com/${REPOSITORY}`;

// The workspace as actions/checkout makes it by default: `git init`, the origin by its GitHub
// URL (reaching the bare origin through insteadOf), one commit fetched, a branch made at it.
function actionsCheckout(dir, origin) {
  const workspace = join(dir, 'workspace');
  rmSync(workspace, { recursive: true, force: true });
  mkdirSync(workspace);
  const sha = git(origin, 'rev-parse', 'refs/heads/main');
  git(workspace, 'init', '--quiet');
  git(workspace, 'remote', 'add', 'origin', REPOSITORY_URL);
  git(workspace, 'config', `url.${origin}.insteadOf`, REPOSITORY_URL);
  git(
    workspace,
    'fetch',
    '--quiet',
    '--no-tags',
    '--depth=1',
    'origin',
    `+${sha}:refs/remotes/origin/main`,
  );
  git(workspace, 'checkout', '--quiet', '--force', '-B', 'main', 'refs/remotes/origin/main');
  return workspace;
}

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
  const origin = join(dir, 'origin.git');
  return { dir, seed, origin, workspace: actionsCheckout(dir, origin) };
}

// A person adds a string to the starter's English catalog on main and pushes it.
function addString(seed, origin, n) {
  const file = join(seed, 'locales', 'en', 'common.json');
  const catalog = JSON.parse(readFileSync(file, 'utf8'));
  catalog[`added${n}`] = `A string added on main, number ${n}`;
  writeFileSync(file, `${JSON.stringify(catalog, null, 2)}\n`);
  git(seed, 'commit', '--quiet', '--all', '-m', `Add string ${n}`);
  git(seed, 'push', '--quiet', origin, 'main');
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
    GITHUB_REPOSITORY: REPOSITORY,
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
const figures = { engine: [], cli: [], action: [], second: [], load: [] };
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
      const { dir, seed, origin, workspace } = fixture();
      const result = await measureNode([bundle], {
        cwd: workspace,
        env: actionEnv(dir, workspace, url),
      });
      if (result.code !== 0) throw new Error(`the Action failed: ${result.stdout}${result.stderr}`);
      const pushed = git(origin, 'branch', '--list', 'transloom/main');
      if (!pushed) throw new Error(`the Action pushed no commit:\n${result.stdout}`);
      figures.action.push(result.ms);
      // The second push: main moved on, transloom/main is not merged; a fresh depth-1 checkout.
      const first = git(origin, 'rev-parse', 'refs/heads/transloom/main');
      addString(seed, origin, run);
      const again = actionsCheckout(dir, origin);
      const second = await measureNode([bundle], { cwd: again, env: actionEnv(dir, again, url) });
      if (second.code !== 0)
        throw new Error(`the second run failed: ${second.stdout}${second.stderr}`);
      const parents = git(origin, 'log', '-2', '--format=%P', 'refs/heads/transloom/main').split(
        '\n',
      );
      if (!second.stdout.includes('fetching history') || !parents[1]?.split(' ').includes(first))
        throw new Error(`the second run did not merge main into transloom/main:\n${second.stdout}`);
      figures.second.push(second.ms);
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
  [
    'second push',
    `${ms(figures.second)} (depth-1 checkout: history fetched, main merged into transloom/main, 1 new string, push) = ${(median(figures.second) / median(figures.action)).toFixed(2)}x the first`,
  ],
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
