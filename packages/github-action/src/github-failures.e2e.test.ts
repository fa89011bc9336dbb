import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER } from './comment-body.js';
import { createGitFixture } from './test-support/git-fixture.js';
import { readableText } from './test-support/render-markdown.js';
import { runBundle } from './test-support/run-bundle.js';
import {
  API_KEY,
  projectFiles,
  pullRequestEvent,
  REPOSITORY,
  startGitHub,
  startService,
  translateOnPush,
} from './test-support/scenario.js';

const service = await startService();
const github = await startGitHub();

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Translate mode on pull request #`number` of this repository, head `feature` checked out. */
function translatePr(
  fixture: ReturnType<typeof createGitFixture>,
  name: string,
  number: number,
  headSha: string,
  options: { apiUrl?: string; inputs?: Record<string, string> } = {},
) {
  return runBundle({
    workspace: fixture.workspace,
    dir: join(fixture.root, name),
    event: pullRequestEvent({ number, headRef: 'feature', headSha }),
    apiUrl: options.apiUrl ?? github.url,
    inputs: {
      mode: 'translate',
      'working-directory': 'app',
      'api-url': service.url,
      'api-key': API_KEY,
      ...options.inputs,
    },
  });
}

// What the pull requests below change: the source catalog.
const SOURCE_CHANGED = [{ filename: 'app/locales/en/common.json', status: 'modified' }];

const writes = (from: number) =>
  github.calls.slice(from).filter((c) => c.method !== 'GET' && c.path !== '/graphql');

describe('a GitHub API that fails after the push', () => {
  it('that never answers: the pull request gives up after 30 s with a warning; outputs and summary are there', async () => {
    const fixture = createGitFixture(projectFiles());
    github.hang.push({ path: /\/pulls$/ });
    try {
      const started = performance.now();
      const run = await translateOnPush(fixture, 'run', {
        serviceUrl: service.url,
        githubUrl: github.url,
      });
      const ms = performance.now() - started;
      console.info(
        `Action translate, GitHub never answers: exit ${run.code} after ${Math.round(ms)} ms`,
      );
      expect(ms).toBeLessThan(45_000);
      expect(run.code).toBe(0);
      const [commit] = fixture.log('transloom/main', 1);
      expect(run.outputs).toMatchObject({ changed: 'true', 'commit-sha': commit!.sha });
      expect(run.outputs['pull-request-number']).toBeUndefined();
      const warning =
        'The translation is pushed, but its pull request could not be opened: could not open a pull request from transloom/main into main: GitHub did not answer within 30 s';
      expect(run.annotations).toContainEqual(
        expect.objectContaining({ level: 'warning', message: warning }),
      );
      expect(run.summaryText).toContain('units translated');
      expect(run.summaryText).toContain(warning);
      // The summary came first: the warning is added after it.
      expect(run.summaryText.indexOf('units translated')).toBeLessThan(
        run.summaryText.indexOf(warning),
      );
    } finally {
      github.hang.length = 0;
    }
  }, 90_000);

  it('whose comment call fails: the pushed translation stands, the step passes with a warning', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push('feature', projectFiles({ hi: 'Hi' }), 'Change');
    fixture.checkout('feature');
    github.addPull({ number: 400, headRef: 'feature', headSha: head, files: SOURCE_CHANGED });
    github.failures.push({
      method: 'POST',
      path: /\/issues\/400\/comments$/,
      status: 500,
      times: 5,
      message: 'Server Error',
    });
    try {
      const from = github.calls.length;
      const run = await translatePr(fixture, 'run', 400, head);
      expect(run.code).toBe(0);
      const [commit] = fixture.log('feature', 1);
      expect(commit!.parents).toEqual([head]);
      expect(run.outputs).toMatchObject({
        changed: 'true',
        'commit-sha': commit!.sha,
        'pull-request-number': '400',
      });
      expect(run.outputs['comment-id']).toBeUndefined();
      const warning =
        'The comment could not be posted: could not comment on pull request #400: GitHub answered 500: Server Error';
      expect(run.annotations).toContainEqual(
        expect.objectContaining({ level: 'warning', message: warning }),
      );
      expect(run.summaryText).toContain(warning);
      // A POST that got a 500 may have been done: it is not sent again.
      expect(writes(from).map((c) => `${c.method} ${c.path}`)).toEqual([
        `POST /repos/${REPOSITORY}/issues/400/comments`,
      ]);
    } finally {
      github.failures.length = 0;
    }
  });

  it('that cannot be reached: says so, not "GitHub refused ... 500"', async () => {
    const fixture = createGitFixture(projectFiles());
    const run = await translateOnPush(fixture, 'run', {
      serviceUrl: service.url,
      githubUrl: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(run.code).toBe(0);
    expect(run.outputs.changed).toBe('true');
    expect(run.annotations).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        message:
          'The translation is pushed, but its pull request could not be opened: could not open a pull request from transloom/main into main: could not reach GitHub: connection refused (ECONNREFUSED) (3 attempts)',
      }),
    );
  });

  it('retries 5xx answers and a secondary rate limit (Retry-After), a bounded number of times', async () => {
    const fixture = createGitFixture(projectFiles());
    github.failures.push(
      { method: 'GET', path: /\/pulls$/, status: 502, times: 2, message: 'Bad Gateway' },
      {
        method: 'POST',
        path: /\/pulls$/,
        status: 403,
        times: 1,
        headers: { 'retry-after': '1' },
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes.',
      },
    );
    try {
      const from = github.calls.length;
      const run = await translateOnPush(fixture, 'run', {
        serviceUrl: service.url,
        githubUrl: github.url,
      });
      expect(run.code).toBe(0);
      expect(run.annotations.filter((a) => a.level === 'warning')).toEqual([]);
      const pull = github.pulls.find((p) => p.head.ref === 'transloom/main' && p.state === 'open');
      expect(run.outputs['pull-request-number']).toBe(String(pull!.number));
      const pulls = github.calls.slice(from).filter((c) => c.path.endsWith('/pulls'));
      expect(pulls.map((c) => c.method)).toEqual(['GET', 'GET', 'GET', 'POST', 'POST']);
      // Three answers of 502 in a row: the third is the last attempt.
      github.failures.push({ method: 'GET', path: /\/pulls$/, status: 503, times: 3 });
      fixture.push('main', projectFiles({ greeting: 'Hello {{name}}', farewell: 'Bye' }), 'Bye');
      const again = await translateOnPush(fixture, 'run2', {
        serviceUrl: service.url,
        githubUrl: github.url,
      });
      expect(again.code).toBe(0);
      expect(again.annotations.at(-1)).toMatchObject({
        level: 'warning',
        message: expect.stringContaining('GitHub answered 503: Failure 503 (3 attempts)'),
      });
    } finally {
      github.failures.length = 0;
    }
  });
});

describe('dry-run', () => {
  it('on a pull request: posts nothing, prints the comment it would post, which says it is a dry run', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push('feature', projectFiles({ hi: 'Hi', bye: 'Bye' }), 'Change');
    fixture.checkout('feature');
    github.addPull({ number: 401, headRef: 'feature', headSha: head, files: SOURCE_CHANGED });
    // The real sticky comment, from an earlier run.
    const real = github.addComment(401, `${COMMENT_MARKER}\n### Transloom\n\nEarlier.`, {
      login: 'github-actions[bot]',
      type: 'Bot',
    });
    const from = github.calls.length;
    const requests = service.faults!.requests.length;
    const run = await translatePr(fixture, 'run', 401, head, {
      inputs: { 'dry-run': 'true', 'api-key': '', 'api-url': '' },
    });
    expect(run.code).toBe(0);
    expect(writes(from)).toEqual([]);
    expect(real.body).toBe(`${COMMENT_MARKER}\n### Transloom\n\nEarlier.`);
    expect(service.faults!.requests.length).toBe(requests);
    expect(fixture.tip('feature')).toBe(head);
    expect(run.stdout).toContain(
      'Dry run: nothing is posted to GitHub. The comment a run would post:',
    );
    const printed = run.stdout.slice(run.stdout.indexOf(COMMENT_MARKER));
    const text = readableText(printed);
    expect(text).toContain(
      'Dry run: 4 strings would be sent; nothing was sent, written, committed or posted.',
    );
    expect(text).not.toContain('Every string is translated');
    expect(text).toMatch(/^de 0 0 0 0 2 0$/m);
  });

  it('on a push: opens no pull request and pushes nothing', async () => {
    const fixture = createGitFixture(projectFiles());
    const from = github.calls.length;
    const run = await translateOnPush(fixture, 'run', {
      serviceUrl: '',
      githubUrl: github.url,
      inputs: { 'dry-run': 'true', 'api-key': '' },
    });
    expect(run.code).toBe(0);
    expect(writes(from)).toEqual([]);
    expect(fixture.git(fixture.origin, 'branch', '--list', 'transloom/main')).toBe('');
    expect(run.stdout).toContain('Dry run: nothing is posted to GitHub.');
  });
});

describe('progress', () => {
  it('names the locale of each line and prints each once', async () => {
    const fixture = createGitFixture(projectFiles());
    const run = await translateOnPush(fixture, 'run', {
      serviceUrl: service.url,
      githubUrl: github.url,
      inputs: { 'pull-request': 'never' },
    });
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n').filter((l) => /texts|files up to date/.test(l));
    // Locales run side by side: their lines interleave, each is there once.
    expect(lines[0]).toBe('0 of 1 files up to date');
    expect([...lines].sort()).toEqual([
      '0 of 1 files up to date',
      'de: 2 of 2 texts translated',
      'de: 2 texts to send for 2 units',
      'pl: 2 of 2 texts translated',
      'pl: 2 texts to send for 2 units',
    ]);
  });
});
