import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER } from './comment-body.js';
import { createGitFixture } from './test-support/git-fixture.js';
import { liveText, readableText, renderGfm, tagNames } from './test-support/render-markdown.js';
import { runBundle } from './test-support/run-bundle.js';
import {
  projectFiles,
  pullRequestEvent,
  REPOSITORY,
  startGitHub,
} from './test-support/scenario.js';

const github = await startGitHub();

// The fork's check run: it writes the report that the trusted workflow comments from.
const fixture = createGitFixture(projectFiles());
const head = fixture.push(
  'feature',
  { 'app/locales/en/extra.json': '{ "x": "Extra" }\n' },
  'Fork change',
);
fixture.checkout('feature');
const check = await runBundle({
  workspace: fixture.workspace,
  dir: join(fixture.root, 'check'),
  event: pullRequestEvent({ number: 11, headRef: 'feature', headSha: head, fork: true }),
  apiUrl: github.url,
  inputs: { mode: 'check', 'working-directory': 'app' },
});
github.addPull({ number: 11, headRef: 'feature', headSha: head, headRepo: 'forker/site' });
github.addPull({ number: 12, headRef: 'other', headSha: 'f'.repeat(40) });

// The trusted workflow: no checkout of the fork's code, only the report, downloaded into the
// workspace (where actions/download-artifact puts it).
function comment(
  name: string,
  report: string,
  run: { headSha?: string; pullRequests?: number[]; inputs?: Record<string, string> } = {},
) {
  const dir = join(fixture.root, name);
  mkdirSync(join(dir, 'artifact'), { recursive: true });
  copyFileSync(report, join(dir, 'artifact', 'report.json'));
  return runInWorkspace(dir, 'artifact/report.json', run);
}

function runInWorkspace(
  dir: string,
  report: string,
  run: { headSha?: string; pullRequests?: number[]; inputs?: Record<string, string> } = {},
) {
  return runBundle({
    workspace: dir,
    dir,
    event: {
      name: 'workflow_run',
      payload: {
        action: 'completed',
        workflow_run: {
          event: 'pull_request',
          head_sha: run.headSha ?? head,
          html_url: `https://github.com/${REPOSITORY}/actions/runs/77`,
          pull_requests: (run.pullRequests ?? []).map((number) => ({ number })),
        },
        repository: { full_name: REPOSITORY },
      },
    },
    apiUrl: github.url,
    inputs: { mode: 'comment', report, ...run.inputs },
  });
}

function hostile(name: string, edit: (report: any) => void): string {
  const report = JSON.parse(readFileSync(check.outputs['report-path']!, 'utf8'));
  edit(report);
  const file = join(fixture.root, `${name}.json`);
  writeFileSync(file, JSON.stringify(report));
  return file;
}

const own = () =>
  github.comments.filter((c) => c.issue === 11 && c.body.startsWith(COMMENT_MARKER));

describe('comment mode (workflow_run)', () => {
  it('posts the sticky comment from the report of a fork check, then updates it in place', async () => {
    expect(check.code).toBe(1);
    const first = await comment('comment1', check.outputs['report-path']!);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(own()).toHaveLength(1);
    expect(own()[0]!.body).toContain('| <code>de</code> | 0 | 0 | 0 | 0 | 3 | 0 |');
    // The counts are the check run's own claim: the comment says whose.
    expect(readableText(own()[0]!.body)).toContain(
      `These counts come from the check run of commit ${head}, as its report file tells them.`,
    );
    expect(own()[0]!.body).toContain(`(https://github.com/${REPOSITORY}/actions/runs/77)`);
    expect(first.outputs).toMatchObject({
      'comment-id': String(own()[0]!.id),
      'pull-request-number': '11',
    });
    const second = await comment('comment2', check.outputs['report-path']!);
    expect(second.code).toBe(0);
    expect(own()).toHaveLength(1);
    expect(github.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('escapes every string of the report: no markup, link, mention or table cell injection', async () => {
    const payload =
      '</details><img src=x onerror=alert(1)> [click](javascript:alert(1)) @everyone | ``x`` <!-- hidden -->\n::warning::injected';
    const file = hostile('hostile', (r) => {
      r.totals.stale = 1;
      r.locales.de.stale = 1;
      r.stale = [{ file: payload, line: 3, locale: 'de', unit: payload }];
    });
    const run = await comment('comment-hostile', file);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/^::warning::injected/m);
    const body = own()[0]!.body;
    expect(body).not.toContain('\n::warning');
    // Rendered as GitHub renders it: the row has exactly its four cells, nothing of the
    // payload is an element, a link or a mention.
    const html = renderGfm(body);
    const row = html.split('<tr>').find((r) => r.includes('onerror'))!;
    expect(row.match(/<td[\s>]/g)).toHaveLength(4);
    expect(tagNames(html).sort()).toEqual(
      [
        'a',
        'code',
        'details',
        'h3',
        'p',
        'strong',
        'summary',
        'table',
        'tbody',
        'td',
        'th',
        'thead',
        'tr',
      ].sort(),
    );
    expect([...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      `https://github.com/${REPOSITORY}/actions/runs/77`,
    ]);
    expect(liveText(html)).toEqual([]);
  });

  it('refuses a report that does not match the schema, or is too big, and posts nothing', async () => {
    const before = own()[0]!.body;
    const extra = await comment(
      'comment-extra',
      hostile('extra', (r) => {
        r.script = 'x';
      }),
    );
    expect(extra.code).toBe(1);
    expect(extra.annotations.at(-1)!.message).toMatch(
      /does not match transloom-action-report\/1: \(root\): unrecognized keys \[TRANSLOOM_ACTION_REPORT\]$/,
    );
    const long = await comment(
      'comment-long',
      hostile('long', (r) => {
        r.pending[0].unit = 'x'.repeat(5000);
      }),
    );
    expect(long.code).toBe(1);
    expect(long.annotations.at(-1)!.message).toContain(': pending: too big');
    const huge = join(fixture.root, 'huge.json');
    writeFileSync(huge, `{"padding":"${'x'.repeat(600 * 1024)}"}`);
    const big = await comment('comment-big', huge);
    expect(big.code).toBe(1);
    expect(big.annotations.at(-1)!.message).toContain('at most 524288 are read');
    // Not JSON: the error never echoes what the file holds.
    const text = join(fixture.root, 'text.json');
    writeFileSync(text, 'SECRET-LOOKING TEXT {');
    const notJson = await comment('comment-text', text);
    expect(notJson.code).toBe(1);
    expect(notJson.annotations.at(-1)!.message).toContain('is not valid JSON');
    expect(notJson.everything).not.toContain('SECRET-LOOKING');
    expect(own()[0]!.body).toBe(before);
  });

  it('posts nothing when the report names a pull request whose head is not the finished run', async () => {
    const calls = github.calls.length;
    const other = await comment(
      'comment-other',
      hostile('other', (r) => {
        r.pullRequest = 12;
        r.headSha = null;
      }),
    );
    expect(other.code).toBe(0);
    expect(other.annotations.at(-1)).toMatchObject({ level: 'warning' });
    expect(other.annotations.at(-1)!.message).toContain('no comment posted');
    expect(github.comments.filter((c) => c.issue === 12)).toHaveLength(0);
    const writes = github.calls.slice(calls).filter((c) => c.method !== 'GET');
    expect(writes).toEqual([]);
  });
});

describe('comment mode: the report input', () => {
  it('reads only a file of its own in the workspace or RUNNER_TEMP: no link, no /proc, nothing outside', async () => {
    const calls = github.calls.length;
    const before = own().map((c) => c.body);
    const dir = join(fixture.root, 'report-input');
    mkdirSync(dir, { recursive: true });
    copyFileSync(check.outputs['report-path']!, join(fixture.root, 'outside.json'));
    symlinkSync(check.outputs['report-path']!, join(dir, 'linked.json'));
    symlinkSync('/proc/self/environ', join(dir, 'environ.json'));
    const cases: Array<[string, RegExp]> = [
      [
        'linked.json',
        /report .*linked\.json is a symbolic link; the Action reads only the file itself/,
      ],
      ['environ.json', /report .*environ\.json is a symbolic link/],
      [
        '/proc/self/environ',
        /report \/proc\/self\/environ is not inside the workspace or RUNNER_TEMP/,
      ],
      ['../outside.json', /outside\.json is not inside the workspace or RUNNER_TEMP/],
    ];
    for (const [report, message] of cases) {
      const run = await runInWorkspace(dir, report, {
        inputs: {},
      });
      expect(run.code).toBe(1);
      expect(run.annotations.at(-1)!.message).toMatch(message);
      // Nothing of what such a file holds is shown: not the environment, not the report.
      expect(run.everything).not.toMatch(/GITHUB_EVENT_PATH=|"schema"/);
    }
    expect(github.calls.slice(calls).filter((c) => c.method !== 'GET')).toEqual([]);
    expect(own().map((c) => c.body)).toEqual(before);
  });
});

describe('comment mode: whose comment is edited', () => {
  it('leaves a marked comment by someone else alone and posts its own', async () => {
    const planted = github.addComment(
      11,
      `${COMMENT_MARKER}\nAll good, merge it! [details](https://evil.example)`,
      { login: 'mallory', type: 'User' },
    );
    for (const c of github.comments.filter((c) => c.issue === 11 && c !== planted))
      github.comments.splice(github.comments.indexOf(c), 1);
    const calls = github.calls.length;
    const run = await comment('comment-planted', check.outputs['report-path']!);
    expect(run.code).toBe(0);
    expect(planted.body).toBe(
      `${COMMENT_MARKER}\nAll good, merge it! [details](https://evil.example)`,
    );
    const writes = github.calls.slice(calls).filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /repos/${REPOSITORY}/issues/11/comments`,
    ]);
    const mine = own().filter((c) => c.user.login === 'github-actions[bot]');
    expect(mine).toHaveLength(1);
    expect(run.outputs['comment-id']).toBe(String(mine[0]!.id));
    // The next run edits its own comment, still not the planted one.
    const again = await comment('comment-planted-2', check.outputs['report-path']!);
    expect(again.outputs['comment-id']).toBe(String(mine[0]!.id));
    expect(planted.body).toContain('All good, merge it!');
  });

  it('with a GitHub App token, finds its comment by the app bot login (GraphQL viewer)', async () => {
    const calls = github.calls.length;
    const token = 'ghs_installationTokenOfTheApp0000000000';
    const first = await comment('comment-app', check.outputs['report-path']!, {
      inputs: { 'github-token': token },
    });
    expect(first.code).toBe(0);
    const app = own().filter((c) => c.user.login === 'transloom-app[bot]');
    expect(app).toHaveLength(1);
    const second = await comment('comment-app-2', check.outputs['report-path']!, {
      inputs: { 'github-token': token },
    });
    expect(second.outputs['comment-id']).toBe(String(app[0]!.id));
    const asked = github.calls.slice(calls).map((c) => `${c.method} ${c.path}`);
    expect(asked).toContain('GET /user');
    expect(asked).toContain('POST /graphql');
  });

  it('dry-run writes nothing to GitHub and prints the comment it would post', async () => {
    const calls = github.calls.length;
    const before = own().map((c) => c.body);
    const run = await comment('comment-dry', check.outputs['report-path']!, {
      inputs: { 'dry-run': 'true' },
    });
    expect(run.code).toBe(0);
    expect(github.calls.slice(calls).filter((c) => c.method !== 'GET')).toEqual([]);
    expect(own().map((c) => c.body)).toEqual(before);
    expect(run.stdout).toContain('Dry run: nothing is posted to GitHub.');
    expect(run.stdout).toContain(COMMENT_MARKER);
    expect(readableText(run.summary)).toContain(
      'Would comment on pull request #11; nothing was posted.',
    );
  });
});
