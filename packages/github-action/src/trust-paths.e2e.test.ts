import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER } from './comment-body.js';
import { createGitFixture } from './test-support/git-fixture.js';
import { liveText, renderGfm, tagNames } from './test-support/render-markdown.js';
import { runBundle } from './test-support/run-bundle.js';
import {
  API_KEY,
  projectFiles,
  pullRequestEvent,
  startGitHub,
  startService,
  translateOnPush,
} from './test-support/scenario.js';

const service = await startService();
const github = await startGitHub();

/** A project at the repository's root (its root is the checkout, `.git` inside it). */
function rootProject(files: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) {
  return {
    'README.md': '# Site\n',
    'notes.md': '# Notes\n\nText from a page.\n',
    'l/en.json': '{ "a": "A" }\n',
    'transloom.config.json': `${JSON.stringify({ sourceLocale: 'en', targetLocales: ['de'], files, ...extra })}\n`,
  };
}

describe('.git and .github are out of reach', () => {
  it.each([
    [[{ source: 'notes.md', target: '.git/config' }], "'.git/config' is inside .git"],
    [[{ source: 'l/{locale}.json', target: '.GIT/hooks/x' }], "'.GIT/hooks/x' is inside .git"],
  ])('refuses %j at configuration time, in check and translate mode', async (files, message) => {
    const fixture = createGitFixture(rootProject(files));
    fixture.checkout('main');
    const gitConfig = readFileSync(join(fixture.workspace, '.git/config'), 'utf8');
    const requests = service.faults!.requests.length;
    const check = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'check'),
      event: pullRequestEvent({ number: 3, headRef: 'main', headSha: 'a'.repeat(40), fork: true }),
      inputs: { mode: 'check' },
    });
    const translate = await translateOnPush(fixture, 'translate', {
      serviceUrl: service.url,
      keepCheckout: true,
      inputs: { 'working-directory': '.', 'pull-request': 'never' },
    });
    for (const run of [check, translate]) {
      expect(run.code).toBe(1);
      expect(run.annotations.at(-1)!.message).toContain(message);
      expect(run.annotations.at(-1)!.message).toContain('[TRANSLOOM_CONFIG]');
    }
    expect(readFileSync(join(fixture.workspace, '.git/config'), 'utf8')).toBe(gitConfig);
    expect(existsSync(join(fixture.workspace, '.GIT/hooks/x'))).toBe(false);
    expect(existsSync(join(fixture.workspace, '.git/hooks/x'))).toBe(false);
    expect(service.faults!.requests.length).toBe(requests);
    expect(fixture.git(fixture.origin, 'branch', '--list', 'transloom/*')).toBe('');
  });

  it('refuses targets and the lock in .github unless allowed, and never commits a workflow', async () => {
    const workflows = [{ source: 'l/{locale}.json', target: '.github/workflows/{locale}.yml' }];
    for (const extra of [
      {},
      { files: [{ source: 'l/{locale}.json' }], lockFile: '.github/t.lock' },
    ]) {
      const fixture = createGitFixture(rootProject(workflows, extra));
      const run = await translateOnPush(fixture, 'run', {
        serviceUrl: service.url,
        inputs: { 'working-directory': '.', 'pull-request': 'never' },
      });
      expect(run.code).toBe(1);
      expect(run.annotations.at(-1)!.message).toContain(
        'inside .github, where workflows, actions and CODEOWNERS live; set allowGitHubFolder: true to write there',
      );
    }
    // Allowed by the configuration, the engine writes it; the Action still never commits it.
    const fixture = createGitFixture(rootProject(workflows, { allowGitHubFolder: true }));
    const run = await translateOnPush(fixture, 'run', {
      serviceUrl: service.url,
      inputs: { 'working-directory': '.', 'pull-request': 'never' },
    });
    expect(run.code).toBe(1);
    expect(run.annotations.at(-1)!.message).toBe(
      'Transloom: will not commit .github/workflows/de.yml: the Action never commits workflows (.github/workflows); nothing was committed [TRANSLOOM_ACTION_PATH]',
    );
    expect(fixture.git(fixture.origin, 'branch', '--list', 'transloom/*')).toBe('');
  });
});

describe("the Action's own git", () => {
  it('runs no filter, merge driver or hook a pull request names, and gets none of the secrets', async () => {
    const fixture = createGitFixture(projectFiles());
    const options = { serviceUrl: service.url, githubUrl: github.url };
    expect((await translateOnPush(fixture, 'run1', options)).code).toBe(0);
    // The pull request that was merged into main names a filter and a merge driver for every file.
    fixture.push(
      'main',
      {
        '.gitattributes': '* filter=evil merge=evil\n',
        ...projectFiles({ greeting: 'Hello {{name}}', farewell: 'Goodbye', thanks: 'Thanks' }),
      },
      'Attributes',
    );
    const marks = join(fixture.root, 'marks');
    mkdirSync(marks);
    const run = (name: string) => join(fixture.root, name);
    // The runner's git knows the filter and the driver (as a runner may know git-lfs's).
    mkdirSync(run('run2'), { recursive: true });
    const program = (what: string) => `sh -c 'env > ${marks}/${what}-$$; cat'`;
    writeFileSync(
      join(run('run2'), '.gitconfig'),
      // Values quoted: a bare `;` would start a comment in git's configuration.
      `[filter "evil"]\n\tclean = "${program('clean')}"\n\tsmudge = "${program('smudge')}"\n\trequired = true\n[merge "evil"]\n\tdriver = "${program('merge')} %A"\n`,
    );
    fixture.checkout('main');
    // Hooks planted in the checkout.
    for (const hook of [
      'pre-push',
      'post-merge',
      'post-checkout',
      'pre-commit',
      'reference-transaction',
    ]) {
      const file = join(fixture.workspace, '.git', 'hooks', hook);
      writeFileSync(file, `#!/bin/sh\nenv > ${marks}/hook-${hook}-$$\n`);
      chmodSync(file, 0o755);
    }
    // A git that logs the environment each command gets, in front of the real one.
    const shim = join(fixture.root, 'shim');
    const logs = join(fixture.root, 'git-env');
    mkdirSync(shim);
    mkdirSync(logs);
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(join(shim, 'git'), `#!/bin/sh\nenv > ${logs}/$$\nexec ${realGit} "$@"\n`);
    chmodSync(join(shim, 'git'), 0o755);
    const second = await translateOnPush(fixture, 'run2', {
      ...options,
      keepCheckout: true,
      env: {
        PATH: `${shim}:${process.env.PATH}`,
        GITHUB_TOKEN: 'ghs_workflowTokenOfThisRun000000000000',
        ACTIONS_RUNTIME_TOKEN: 'runtime-token-of-the-runner',
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token',
      },
    });
    expect(second.code).toBe(0);
    expect(second.summaryText).toContain('Merged main into transloom/main first.');
    expect(readdirSync(marks)).toEqual([]);
    // What was committed is what the run wrote, not a filter's output.
    const [commit] = fixture.log('transloom/main', 1);
    const committed = fixture.git(
      fixture.origin,
      'show',
      `${commit!.sha}:app/locales/de/common.json`,
    );
    expect(committed).toBe(
      readFileSync(join(fixture.workspace, 'app/locales/de/common.json'), 'utf8').trim(),
    );
    // Every git command ran through the shim, and none had a secret in its environment.
    const envs = readdirSync(logs).map((f) => readFileSync(join(logs, f), 'utf8'));
    expect(envs.length).toBeGreaterThan(5);
    for (const env of envs) {
      expect(env).not.toMatch(/^(INPUT_|ACTIONS_|GITHUB_TOKEN=)/m);
      expect(env).not.toContain(API_KEY);
    }
    // The clone's attributes are as they were.
    expect(existsSync(join(fixture.workspace, '.git/info/attributes'))).toBe(false);
  });
});

describe("the Action's own merge", () => {
  it("applies the tree's built-in merge attributes but runs no merge driver the runner defines: its files are a conflict", async () => {
    const fixture = createGitFixture({
      ...projectFiles(),
      'docs/guide.md': 'One\n\nTwo\n\nThree\n\nFour\n\nFive\n',
    });
    const options = { serviceUrl: service.url, githubUrl: github.url };
    expect((await translateOnPush(fixture, 'run1', options)).code).toBe(0);
    // Both branches change the guide, lines apart: git's own text merge would take both.
    fixture.push(
      'transloom/main',
      { 'docs/guide.md': 'One (bot branch)\n\nTwo\n\nThree\n\nFour\n\nFive\n' },
      'Edit on the bot branch',
    );
    fixture.push(
      'main',
      {
        '.gitattributes': '*.md merge=evil\n',
        'docs/guide.md': 'One\n\nTwo\n\nThree\n\nFour\n\nFive (main)\n',
      },
      'Edit on main',
    );
    const bot = fixture.tip('transloom/main');
    const marks = join(fixture.root, 'marks');
    mkdirSync(marks);
    mkdirSync(join(fixture.root, 'run2'), { recursive: true });
    // The runner's git defines the driver the attributes name.
    writeFileSync(
      join(fixture.root, 'run2', '.gitconfig'),
      // Quoted: a bare `;` would start a comment in git's configuration.
      `[merge "evil"]\n\tdriver = "sh -c 'env > ${marks}/merge-$$; cat %B > %A'"\n`,
    );
    const run = await translateOnPush(fixture, 'run2', options);
    expect(readdirSync(marks)).toEqual([]);
    expect(run.code).toBe(1);
    expect(run.annotations.at(-1)!.message).toBe(
      'main cannot be merged into transloom/main without a conflict in docs/guide.md: resolve it on transloom/main (or merge or close its pull request); nothing was pushed.',
    );
    expect(fixture.tip('transloom/main')).toBe(bot);
    expect(existsSync(join(fixture.workspace, '.git/info/attributes'))).toBe(false);
    expect(existsSync(join(fixture.workspace, '.git/MERGE_HEAD'))).toBe(false);
  });
});

describe('what a hostile pull request writes into keys reaches people as text', () => {
  it('in the job summary and the sticky comment, rendered by CommonMark + GFM', async () => {
    const keys = {
      '<img src=x onerror=alert(1)>|[click](https://evil.example)|@everyone': 'A',
      'fixes #12 and GH-1, see www.evil.example or https://evil.example': 'B',
      'admin\u202egnp.exe\u200b': 'C',
    };
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push('feature', projectFiles(keys, ['de']), 'Keys');
    fixture.checkout('feature');
    // A marked comment planted by someone else: left alone.
    const planted = github.addComment(31, `${COMMENT_MARKER}\nAll translated!`, {
      login: 'mallory',
      type: 'User',
    });
    const run = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run'),
      event: pullRequestEvent({ number: 31, headRef: 'feature', headSha: head }),
      apiUrl: github.url,
      inputs: { mode: 'check', 'working-directory': 'app' },
    });
    expect(run.code).toBe(1);
    expect(planted.body).toBe(`${COMMENT_MARKER}\nAll translated!`);
    const comment = github.comments.find(
      (c) => c.issue === 31 && c.user.login === 'github-actions[bot]',
    )!;
    expect(run.outputs['comment-id']).toBe(String(comment.id));
    for (const markdown of [run.summary, comment.body]) {
      const html = renderGfm(markdown);
      expect(
        tagNames(html).filter(
          (t) =>
            ![
              'a',
              'blockquote',
              'code',
              'h3',
              'h4',
              'p',
              'strong',
              'table',
              'tbody',
              'td',
              'th',
              'thead',
              'tr',
            ].includes(t),
        ),
      ).toEqual([]);
      expect([...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1])).toEqual(
        markdown === comment.body
          ? ['https://github.com/octo/site/actions/runs/4242/attempts/1']
          : [],
      );
      expect(liveText(html)).toEqual([]);
      // Every row of every table has as many cells as its header.
      for (const table of html.split('<table>').slice(1)) {
        const header = table.match(/<th[\s>]/g)!.length;
        for (const row of table.split('<tbody>')[1]?.split('<tr>').slice(1) ?? [])
          expect(row.match(/<td[\s>]/g)).toHaveLength(header);
      }
    }
    // The annotations carry the keys as one line each.
    expect(run.annotations.filter((a) => a.title?.startsWith('Not translated'))).toHaveLength(3);
  });
});
