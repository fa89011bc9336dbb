import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readActionReport } from './action-report.js';
import { COMMENT_MARKER } from './comment-body.js';
import { createGitFixture } from './test-support/git-fixture.js';
import { readableText } from './test-support/render-markdown.js';
import { runBundle } from './test-support/run-bundle.js';
import { projectFiles, pullRequestEvent, startGitHub } from './test-support/scenario.js';

const github = await startGitHub();

describe('check mode', () => {
  it('on a fork pull request: annotations on source lines, job summary, report file, no comment attempted, failed step', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push(
      'feature',
      projectFiles({ greeting: 'Hello {{name}}', farewell: 'Goodbye', welcome: 'Welcome' }),
      'Add welcome',
    );
    fixture.checkout('feature');
    github.readOnly = true;
    github.calls.length = 0;
    const run = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run'),
      event: pullRequestEvent({ number: 7, headRef: 'feature', headSha: head, fork: true }),
      apiUrl: github.url,
      inputs: { mode: 'check', 'working-directory': 'app' },
    });
    github.readOnly = false;
    expect(run.code).toBe(1);
    expect(github.calls).toEqual([]);
    const missing = run.annotations.filter((a) => a.title?.startsWith('Not translated'));
    expect(missing).toHaveLength(6);
    expect(
      missing.every((a) => a.level === 'error' && a.file === 'app/locales/en/common.json'),
    ).toBe(true);
    expect(missing.map((a) => a.line).sort()).toEqual([2, 2, 3, 3, 4, 4]);
    expect(run.annotations.find((a) => a.message.includes('6 translations missing'))).toBeDefined();
    const summary = readableText(run.summary);
    expect(summary).toMatch(/^de 0 3 0 0 0 0 0 3 0 0$/m);
    expect(run.summary).toContain('| <code>app/locales/en/common.json</code>:4 |');
    expect(summary).toContain('no comment was attempted');
    expect(run.outputs.missing).toBe('6');
    const report = await readActionReport(run.outputs['report-path']!, [join(fixture.root, 'run')]);
    expect(report).toMatchObject({ mode: 'check', outcome: 'work', pullRequest: 7, headSha: head });
    expect(report.pending).toHaveLength(6);
  });

  it('fail-on never passes with warnings; a target a person wrote is kept, not missing', async () => {
    const fixture = createGitFixture({
      ...projectFiles({ hi: 'Hi', bye: 'Bye' }, ['de']),
      'app/locales/de/common.json': '{\n  "hi": "Hallo"\n}\n',
    });
    fixture.checkout('main');
    const lenient = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run1'),
      event: { name: 'push', payload: {} },
      inputs: { mode: 'check', 'working-directory': 'app', 'fail-on': 'never' },
    });
    expect(lenient.code).toBe(0);
    expect(lenient.annotations.filter((a) => a.level === 'error')).toEqual([]);
    expect(lenient.annotations.map((a) => [a.level, a.line, a.message])).toEqual([
      ['warning', 3, 'bye: no de translation; run Transloom translate'],
    ]);
    expect(lenient.outputs.missing).toBe('1');
  });

  it('past 10 annotations of a kind, groups them per file and points to the summary', async () => {
    const strings = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [`key${i}`, `Text ${i}`]),
    );
    const files: Record<string, string> = projectFiles(strings);
    for (let i = 0; i < 12; i++)
      files[`app/locales/en/page${i}.json`] = `{ "title": "Page ${i}" }\n`;
    const fixture = createGitFixture(files);
    fixture.checkout('main');
    const run = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run'),
      event: { name: 'push', payload: {} },
      inputs: { mode: 'check', 'working-directory': 'app' },
    });
    expect(run.code).toBe(1);
    const errors = run.annotations.filter((a) => a.level === 'error' && a.file);
    // 13 files with findings: 9 grouped per file, then one pointing to the summary.
    expect(errors).toHaveLength(9);
    const common = run.annotations.find((a) => a.file === 'app/locales/en/common.json');
    expect(common?.title).toBe('16 Transloom findings in this file');
    expect(common?.message).toContain('job summary');
    expect(
      run.annotations.some((a) => /^\d+ more Transloom findings in 4 files$/.test(a.title ?? '')),
    ).toBe(true);
    // The summary lists every one of the 40 missing units.
    expect(run.summary.match(/\| new \|/g)).toHaveLength(40);
  });

  it('on a pull request of this repository: posts one sticky comment, then updates it', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push(
      'feature',
      { 'app/locales/en/extra.json': '{ "more": "More" }\n' },
      'More',
    );
    fixture.checkout('feature');
    const someone = github.addComment(3, 'Looks good');
    const runOnce = (n: number) =>
      runBundle({
        workspace: fixture.workspace,
        dir: join(fixture.root, `run${n}`),
        event: pullRequestEvent({ number: 3, headRef: 'feature', headSha: head }),
        apiUrl: github.url,
        inputs: { mode: 'check', 'working-directory': 'app' },
      });
    const first = await runOnce(1);
    const second = await runOnce(2);
    expect(first.code).toBe(1);
    const mine = github.comments.filter((c) => c.issue === 3 && c.body.startsWith(COMMENT_MARKER));
    expect(mine).toHaveLength(1);
    expect(first.outputs['comment-id']).toBe(String(mine[0]!.id));
    expect(second.outputs['comment-id']).toBe(String(mine[0]!.id));
    expect(someone.body).toBe('Looks good');
    expect(mine[0]!.body).toContain('| <code>pl</code> | 0 | 0 | 0 | 0 | 3 | 0 |');
    expect(mine[0]!.body).toContain('(https://github.com/octo/site/actions/runs/4242/attempts/1)');
    expect(github.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    expect(
      github.calls.every((c) => c.authorization === 'token ghs_workflowTokenOfThisRun000000000000'),
    ).toBe(true);
  });
});

describe('check mode without the right to comment', () => {
  it('warns and keeps its verdict when the token cannot comment on a pull request of this repository', async () => {
    const fixture = createGitFixture(projectFiles({ hi: 'Hi' }, ['de']));
    const head = fixture.push('feature', { 'README.md': 'x\n' }, 'Change');
    fixture.checkout('feature');
    github.readOnly = true;
    try {
      const run = await runBundle({
        workspace: fixture.workspace,
        dir: join(fixture.root, 'run'),
        event: pullRequestEvent({ number: 21, headRef: 'feature', headSha: head }),
        apiUrl: github.url,
        inputs: { mode: 'check', 'working-directory': 'app', locales: 'de' },
      });
      expect(run.code).toBe(1);
      expect(run.annotations).toContainEqual(
        expect.objectContaining({
          level: 'warning',
          message: expect.stringContaining(
            'The comment could not be posted: could not comment on pull request #21: GitHub answered 403: Resource not accessible by integration',
          ),
        }),
      );
      expect(run.annotations.at(-1)!.message).toBe(
        'Transloom: 1 translations missing (fail-on: missing)',
      );
    } finally {
      github.readOnly = false;
    }
  });
});
