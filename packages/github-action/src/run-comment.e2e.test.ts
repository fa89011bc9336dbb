import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER } from './comment-body.js';
import { createGitFixture } from './test-support/git-fixture.js';
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

// The trusted workflow: no checkout of the fork's code, only the downloaded report.
function comment(
  name: string,
  report: string,
  run: { headSha?: string; pullRequests?: number[] } = {},
) {
  const dir = join(fixture.root, name);
  mkdirSync(dir, { recursive: true });
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
    inputs: { mode: 'comment', report },
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
    const artifact = join(fixture.root, 'artifact');
    mkdirSync(artifact, { recursive: true });
    copyFileSync(check.outputs['report-path']!, join(artifact, 'report.json'));
    const first = await comment('comment1', join(artifact, 'report.json'));
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(own()).toHaveLength(1);
    expect(own()[0]!.body).toContain('| `de` | 0 | 0 | 0 | 0 | 3 | 0 |');
    expect(own()[0]!.body).toContain(`(https://github.com/${REPOSITORY}/actions/runs/77)`);
    expect(first.outputs).toMatchObject({
      'comment-id': String(own()[0]!.id),
      'pull-request-number': '11',
    });
    const second = await comment('comment2', join(artifact, 'report.json'));
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
    const row = body.split('\n').find((line) => line.includes('onerror'))!;
    // Outside code spans nothing of the payload remains: the row has exactly its four cells.
    const outside = row.replace(/(`+) [\s\S]*? \1|(`+)[^`][\s\S]*?\2/g, '');
    expect(outside).not.toMatch(/<img|javascript:|@everyone|<!--|<\/details>/);
    expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(6);
    expect(body).not.toContain('\n::warning');
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
      /does not match transloom-action-report\/1: \(root\): Unrecognized key/,
    );
    const long = await comment(
      'comment-long',
      hostile('long', (r) => {
        r.pending[0].unit = 'x'.repeat(5000);
      }),
    );
    expect(long.code).toBe(1);
    expect(long.annotations.at(-1)!.message).toContain('pending.0.unit');
    const huge = join(fixture.root, 'huge.json');
    writeFileSync(huge, `{"padding":"${'x'.repeat(600 * 1024)}"}`);
    const big = await comment('comment-big', huge);
    expect(big.code).toBe(1);
    expect(big.annotations.at(-1)!.message).toContain('at most 524288 are read');
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
