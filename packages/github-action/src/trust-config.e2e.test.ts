import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGitFixture } from './test-support/git-fixture.js';
import {
  issueCommentEvent,
  markingConfig,
  pullRequestTargetEvent,
  workflowRunEvent,
} from './test-support/hostile.js';
import { runBundle } from './test-support/run-bundle.js';
import {
  ADMIN_KEY,
  API_KEY,
  projectFiles,
  pullRequestEvent,
  pushEvent,
  startGitHub,
  startService,
  translateOnPush,
} from './test-support/scenario.js';

const service = await startService();
const github = await startGitHub();

/**
 * A repository whose main holds a JSON configuration, and a fork's pull request (head
 * `feature`) that replaces it with `transloom.config.mjs`: code that leaves a marker when it
 * runs.
 */
function hostileFork(name = 'marker') {
  const fixture = createGitFixture(projectFiles());
  const marker = join(fixture.root, name);
  const head = fixture.push(
    'feature',
    { 'app/transloom.config.json': null, 'app/transloom.config.mjs': markingConfig(marker) },
    'Improve the configuration',
  );
  const githubEnv = join(fixture.root, 'github-env');
  writeFileSync(githubEnv, '');
  return { fixture, marker, head, githubEnv };
}

const SECRETS = { 'api-url': '', 'api-key': API_KEY, 'admin-key': ADMIN_KEY };

describe('check mode: configuration that is code, from a fork', () => {
  it.each([
    ['pull_request', 'the merge commit'],
    ['pull_request_target', "the fork's head, checked out by the workflow"],
    ['workflow_run', "the fork's head, checked out by the workflow"],
  ])('on %s (%s): refused unloaded, nothing runs', async (event) => {
    const { fixture, marker, head, githubEnv } = hostileFork();
    const main = fixture.tip('main');
    let sha = main;
    let ref = 'refs/heads/main';
    let payload: { name: string; payload: Record<string, unknown> };
    if (event === 'pull_request') {
      sha = fixture.checkoutMerge(7, 'feature');
      ref = 'refs/pull/7/merge';
      payload = pullRequestEvent({ number: 7, headRef: 'feature', headSha: head, fork: true });
    } else {
      fixture.checkout('feature', head);
      payload = event === 'workflow_run' ? workflowRunEvent(head) : pullRequestTargetEvent(7, head);
    }
    const run = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run'),
      event: payload,
      ref,
      sha,
      apiUrl: github.url,
      env: { GITHUB_ENV: githubEnv },
      inputs: { mode: 'check', 'working-directory': 'app', ...SECRETS, 'api-url': service.url },
    });
    expect(run.code).toBe(1);
    const failure = run.annotations.at(-1)!.message;
    expect(failure).toContain(
      "app/transloom.config.mjs is JavaScript or TypeScript: loading it would run it as code with this job's environment, and this run's code is not trusted (",
    );
    expect(failure).toContain('the Action reads only a JSON configuration');
    expect(failure).toContain('[TRANSLOOM_ACTION_UNTRUSTED]');
    expect(existsSync(marker)).toBe(false);
    expect(readFileSync(githubEnv, 'utf8')).toBe('');
    expect(run.summaryText).toContain('Transloom: the step failed');
  });

  it('a .ts beside a .json is an error, and neither is read', async () => {
    const fixture = createGitFixture(projectFiles());
    const marker = join(fixture.root, 'marker');
    const head = fixture.push(
      'feature',
      { 'app/transloom.config.ts': markingConfig(marker) },
      'A TypeScript configuration too',
    );
    fixture.checkout('feature');
    // A pull request of this repository: trusted, and still not a silent choice.
    const run = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run'),
      event: pullRequestEvent({ number: 8, headRef: 'feature', headSha: head }),
      apiUrl: github.url,
      inputs: { mode: 'check', 'working-directory': 'app', comment: 'false' },
    });
    expect(run.code).toBe(1);
    expect(run.annotations.at(-1)!.message).toContain(
      'this folder holds 2 configuration files (transloom.config.ts, transloom.config.json): which one is meant cannot be told; keep one',
    );
    expect(existsSync(marker)).toBe(false);
  });

  it("runs the repository's own .mjs on push, and the inputs are not in its environment", async () => {
    const fixture = createGitFixture(projectFiles());
    const marker = join(fixture.root, 'marker');
    fixture.push(
      'main',
      { 'app/transloom.config.json': null, 'app/transloom.config.mjs': markingConfig(marker) },
      'Configuration as code',
    );
    fixture.checkout('main');
    const sha = fixture.tip('main');
    const run = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run'),
      event: pushEvent('main', sha, { message: 'Configuration as code', email: 'dev@example.com' }),
      ref: 'refs/heads/main',
      sha,
      inputs: { mode: 'check', 'working-directory': 'app', 'api-key': API_KEY },
    });
    expect(run.annotations.filter((a) => a.level === 'error' && !a.file)).toEqual([
      expect.objectContaining({ message: expect.stringContaining('translations missing') }),
    ]);
    expect(JSON.parse(readFileSync(marker, 'utf8'))).toEqual([]);
  });

  it("takes config-file inside the repository only, and refuses one that is code when the checkout is a fork's", async () => {
    const { fixture, marker, head } = hostileFork();
    fixture.checkout('feature', head);
    const base = {
      workspace: fixture.workspace,
      event: pullRequestEvent({ number: 9, headRef: 'feature', headSha: head, fork: true }),
      sha: head,
      apiUrl: github.url,
    };
    const outside = await runBundle({
      ...base,
      dir: join(fixture.root, 'outside'),
      inputs: { mode: 'check', 'working-directory': 'app', 'config-file': '../../secret.json' },
    });
    expect(outside.code).toBe(1);
    expect(outside.annotations.at(-1)!.message).toContain(
      "input 'config-file' names ../../secret.json, which is outside the repository",
    );
    const code = await runBundle({
      ...base,
      dir: join(fixture.root, 'code'),
      inputs: {
        mode: 'check',
        'working-directory': 'app',
        'config-file': 'transloom.config.mjs',
      },
    });
    expect(code.code).toBe(1);
    expect(code.annotations.at(-1)!.message).toContain('[TRANSLOOM_ACTION_UNTRUSTED]');
    expect(existsSync(marker)).toBe(false);
  });
});

describe('translate mode: only on the repository’s own code', () => {
  it.each([
    ['workflow_run', () => workflowRunEvent('')],
    ['issue_comment', () => issueCommentEvent(7)],
    ['pull_request_target', () => pullRequestTargetEvent(7, '', true)],
  ])("refuses a fork's head on %s before any secret is used or code runs", async (name, event) => {
    const { fixture, marker, head, githubEnv } = hostileFork();
    const main = fixture.tip('main');
    fixture.checkout('feature', head);
    const requests = service.faults!.requests.length;
    const calls = github.calls.length;
    const run = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run'),
      event: event(),
      ref: 'refs/heads/main',
      sha: main,
      apiUrl: github.url,
      env: { GITHUB_ENV: githubEnv },
      inputs: {
        mode: 'translate',
        'working-directory': 'app',
        'api-url': service.url,
        'api-key': API_KEY,
        'admin-key': ADMIN_KEY,
        'max-characters': '1000',
      },
    });
    expect(run.code).toBe(1);
    expect(run.annotations.at(-1)!.message).toContain(`mode 'translate' does not run on '${name}'`);
    expect(run.annotations.at(-1)!.message).toContain(
      `(the checkout is at ${head}, the event names ${main}); nothing was loaded, sent or pushed`,
    );
    expect(existsSync(marker)).toBe(false);
    expect(readFileSync(githubEnv, 'utf8')).toBe('');
    expect(service.faults!.requests.length).toBe(requests);
    expect(github.calls.length).toBe(calls);
    expect(fixture.git(fixture.origin, 'branch', '--list', 'transloom/*')).toBe('');
    expect(fixture.tip('feature')).toBe(head);
  });

  it('refuses a push whose checkout is another commit, or another repository', async () => {
    const { fixture, marker, head } = hostileFork();
    const main = fixture.tip('main');
    // The workflow checked out the pull request's head on a push of main.
    fixture.checkout('feature', head);
    const requests = service.faults!.requests.length;
    const other = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'other-commit'),
      event: pushEvent('main', main, { message: 'x', email: 'dev@example.com' }),
      ref: 'refs/heads/main',
      sha: main,
      inputs: {
        mode: 'translate',
        'working-directory': 'app',
        'api-url': service.url,
        'api-key': API_KEY,
      },
    });
    expect(other.code).toBe(1);
    expect(other.annotations.at(-1)!.message).toContain(
      `(HEAD is ${head}, not the commit the 'push' event names (${main})): nothing was loaded, sent or pushed`,
    );
    // main checked out, but from another repository than the event's.
    fixture.checkout('main');
    fixture.git(fixture.workspace, 'remote', 'set-url', 'origin', 'https://github.com/forker/site');
    fixture.git(
      fixture.workspace,
      'config',
      `url.${fixture.origin}.insteadOf`,
      'https://github.com/forker/site',
    );
    const repo = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'other-repo'),
      event: pushEvent('main', main, { message: 'x', email: 'dev@example.com' }),
      ref: 'refs/heads/main',
      sha: main,
      inputs: {
        mode: 'translate',
        'working-directory': 'app',
        'api-url': service.url,
        'api-key': API_KEY,
      },
    });
    expect(repo.code).toBe(1);
    expect(repo.annotations.at(-1)!.message).toContain(
      "the checkout's origin is https://github.com/forker/site, not https://github.com/octo/site",
    );
    expect(existsSync(marker)).toBe(false);
    expect(service.faults!.requests.length).toBe(requests);
    expect(fixture.git(fixture.origin, 'branch', '--list', 'transloom/*')).toBe('');
  });

  it("on a pull request whose branch moved since the event, leaves it to the newer commit's run", async () => {
    const fixture = createGitFixture(projectFiles());
    const first = fixture.push('feature', projectFiles({ hi: 'Hi' }), 'First');
    const second = fixture.push('feature', projectFiles({ hi: 'Hi', bye: 'Bye' }), 'Second');
    // actions/checkout with ref: github.head_ref, after the second push.
    fixture.checkout('feature');
    const run = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run'),
      event: pullRequestEvent({ number: 12, headRef: 'feature', headSha: first }),
      apiUrl: github.url,
      inputs: {
        mode: 'translate',
        'working-directory': 'app',
        'api-url': service.url,
        'api-key': API_KEY,
      },
    });
    expect(run.code).toBe(0);
    expect(run.annotations).toEqual([
      expect.objectContaining({
        level: 'notice',
        message: `feature moved on from ${first} (this run's commit) to ${second}: the run for ${second} translates it.`,
      }),
    ]);
    expect(fixture.tip('feature')).toBe(second);
  });

  it('still translates a push of the repository itself', async () => {
    const fixture = createGitFixture(projectFiles());
    const run = await translateOnPush(fixture, 'run', {
      serviceUrl: service.url,
      inputs: { 'pull-request': 'never' },
    });
    expect(run.code).toBe(0);
    expect(run.outputs.changed).toBe('true');
  });
});
