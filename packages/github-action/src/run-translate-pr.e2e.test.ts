import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createProject } from '@transloom/core';
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER } from './comment-body.js';
import { COMMIT_TRAILER } from './commit-trailer.js';
import { formatCount } from './markdown-text.js';
import { BOT_EMAIL, createGitFixture, DEV } from './test-support/git-fixture.js';
import { runBundle } from './test-support/run-bundle.js';
import {
  API_KEY,
  projectFiles,
  pullRequestEvent,
  startGitHub,
  startService,
} from './test-support/scenario.js';

const service = await startService();
const github = await startGitHub();

const TARGETS = ['app/locales/de/common.json', 'app/locales/pl/common.json', 'app/transloom.lock'];

/** Runs a hook once, on the first translation request the service receives. */
function onFirstTranslate(hook: () => void): void {
  let done = false;
  const listener = (request: { url?: string }) => {
    if (done || !request.url?.startsWith('/v2/translate')) return;
    done = true;
    service.app.server.off('request', listener);
    hook();
  };
  service.app.server.on('request', listener);
}

/** Texts the service was sent since the last call, per target language. */
function textsSent(): Record<string, number> {
  const sent: Record<string, number> = {};
  for (const r of service.faults!.requests.splice(0))
    if (r.path === '/v2/translate' && r.texts) {
      const lang = (r.targetLang ?? '?').toLowerCase();
      sent[lang] = (sent[lang] ?? 0) + r.texts;
    }
  return sent;
}

/** A target file of a commit, parsed. */
function committedJson(
  fixture: ReturnType<typeof createGitFixture>,
  sha: string,
  locale: string,
): Record<string, string> {
  return JSON.parse(
    fixture.git(fixture.origin, 'show', `${sha}:app/locales/${locale}/common.json`),
  );
}

/** A person translates `branch` with Transloom on their machine and pushes the result. */
async function translateAsPerson(
  fixture: ReturnType<typeof createGitFixture>,
  branch: string,
): Promise<void> {
  fixture.git(fixture.person, 'fetch', '--quiet', 'origin');
  fixture.git(fixture.person, 'checkout', '--quiet', '-B', branch, `origin/${branch}`);
  const project = await createProject({
    cwd: join(fixture.person, 'app'),
    service: { url: service.url, apiKey: API_KEY },
  });
  try {
    expect((await project.translate()).failures).toEqual([]);
  } finally {
    await project.close();
  }
  fixture.git(fixture.person, 'add', '--all');
  fixture.git(fixture.person, 'commit', '--quiet', '-m', 'Translate');
  fixture.git(fixture.person, 'push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
}

function translatePr(
  fixture: ReturnType<typeof createGitFixture>,
  name: string,
  headSha: string,
  extra: { inputs?: Record<string, string>; fork?: boolean; sha?: string } = {},
) {
  return runBundle({
    workspace: fixture.workspace,
    dir: join(fixture.root, name),
    event: pullRequestEvent({ number: 5, headRef: 'feature', headSha, fork: extra.fork ?? false }),
    // GITHUB_SHA of a pull_request event: the merge commit actions/checkout checks out.
    ...(extra.sha ? { sha: extra.sha } : {}),
    apiUrl: github.url,
    inputs: {
      mode: 'translate',
      'working-directory': 'app',
      'api-url': service.url,
      'api-key': API_KEY,
      ...extra.inputs,
    },
  });
}

/** Runs translate mode for the `closed` event of pull request #5. */
function closedPr(fixture: ReturnType<typeof createGitFixture>, headSha: string) {
  const event = pullRequestEvent({ number: 5, headRef: 'feature', headSha });
  return runBundle({
    workspace: fixture.workspace,
    dir: join(fixture.root, 'closed'),
    event: { ...event, payload: { ...event.payload, action: 'closed' } },
    apiUrl: github.url,
    inputs: {
      mode: 'translate',
      'working-directory': 'app',
      'api-url': service.url,
      'api-key': API_KEY,
    },
  });
}

describe('translate mode on a pull request of this repository', () => {
  it('pushes one commit of the targets and the lock, by the bot, as a fast-forward; then its own commit does nothing', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push(
      'feature',
      {
        'app/locales/en/common.json':
          '{\n  "greeting": "Hello {{name}}",\n  "farewell": "Goodbye",\n  "welcome": "Welcome"\n}\n',
      },
      'Add welcome',
    );
    fixture.checkout('feature');
    const run = await translatePr(fixture, 'run1', head);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [commit, previous] = fixture.log('feature', 2);
    expect(previous!.sha).toBe(head);
    expect(commit!.parents).toEqual([head]);
    expect(commit!.authorEmail).toBe(BOT_EMAIL);
    expect(commit!.authorName).toBe('github-actions[bot]');
    expect(commit!.message).toBe(`Translate with Transloom\n\n${COMMIT_TRAILER}`);
    // The targets and the lock, nothing else (not the state directory with its memory).
    expect(commit!.files).toEqual(TARGETS);
    expect(run.outputs).toMatchObject({
      changed: 'true',
      'commit-sha': commit!.sha,
      'pull-request-number': '5',
    });
    expect(Number(run.outputs.requests)).toBeGreaterThan(0);
    expect(Number(run.outputs['billed-characters'])).toBeGreaterThan(0);
    expect(run.summaryText).toContain('checks will not re-run');
    const comment = github.comments.find((c) => c.issue === 5 && c.body.startsWith(COMMENT_MARKER));
    expect(comment?.body).toContain(`Translations committed in ${commit!.sha}`);
    const paid = { requests: run.outputs.requests!, billed: run.outputs['billed-characters']! };
    const soFar = (runs: number) =>
      `This pull request so far: **${formatCount(Number(paid.requests))}** requests and **${formatCount(Number(paid.billed))}** billed characters over ${runs} translate runs.`;
    expect(comment?.body).toContain(soFar(1));
    expect(comment?.body).toContain('Stale edits: **0**');

    // The push of the bot's commit starts a run (with an App token it would): it does nothing.
    fixture.checkout('feature');
    const again = await translatePr(fixture, 'run2', commit!.sha);
    expect(again.code).toBe(0);
    expect(again.annotations).toContainEqual(
      expect.objectContaining({
        level: 'notice',
        message: "This run was started by the Action's own commit: nothing to do.",
      }),
    );
    expect(again.summaryText).toContain('nothing to do');
    expect(again.outputs.changed).toBe('false');
    expect(fixture.tip('feature')).toBe(commit!.sha);

    // A person's next commit with nothing new to translate: no commit either.
    const readme = fixture.push('feature', { 'README.md': '# Site\n\nMore.\n' }, 'Docs');
    fixture.checkout('feature');
    const idle = await translatePr(fixture, 'run3', readme);
    expect(idle.code).toBe(0);
    expect(idle.outputs).toMatchObject({ changed: 'false', requests: '0' });
    expect(idle.summaryText).toContain('Nothing to translate: no commit');
    expect(fixture.tip('feature')).toBe(readme);
    // The comment adds up the pull request's runs (this one paid nothing), carried in itself.
    expect(comment?.body).toContain('Requests: **0** · Billed characters: **0**');
    expect(comment?.body).toContain(soFar(2));
    // A total that cannot be read (someone edited the comment) starts again from the next run.
    comment!.body = comment!.body.replace(/"requests":\d+/, '"requests":"many"');
    fixture.checkout('feature');
    expect((await translatePr(fixture, 'run4', readme)).code).toBe(0);
    expect(comment?.body).toContain(
      'This pull request so far: **0** requests and **0** billed characters over 1 translate runs (counted since this run: the total the comment carried could not be read).',
    );
  });

  it('translates a push made during the run in the same run, sending nothing twice; the run of that push does not defer to the commit', async () => {
    const fixture = createGitFixture(projectFiles());
    const strings = { greeting: 'Hello {{name}}', farewell: 'Goodbye', welcome: 'Welcome' };
    const head = fixture.push('feature', projectFiles(strings), 'Add welcome');
    fixture.checkout('feature');
    let concurrent = '';
    // While the run sends its first request, a person pushes a new string.
    onFirstTranslate(() => {
      concurrent = fixture.push(
        'feature',
        projectFiles({ ...strings, thanks: 'Thanks for reading' }),
        'Add thanks',
      );
    });
    textsSent();
    const run = await translatePr(fixture, 'run', head);
    expect(run.code).toBe(0);
    expect(concurrent).not.toBe('');
    const [commit, theirs] = fixture.log('feature', 2);
    expect(theirs!.sha).toBe(concurrent);
    expect(commit!.parents).toEqual([concurrent]);
    expect(commit!.files).toEqual(TARGETS);
    for (const locale of ['de', 'pl'])
      expect(Object.keys(committedJson(fixture, commit!.sha, locale)).sort()).toEqual([
        'farewell',
        'greeting',
        'thanks',
        'welcome',
      ]);
    // Each text once per locale: the second round found the first three in the run's memory.
    expect(textsSent()).toEqual({ de: 4, pl: 4 });
    expect(run.stdout).toContain('feature moved since the run started: translating again');
    expect(run.summaryText).toContain(
      'feature moved during the run: it was translated again on its new tip (2 rounds)',
    );
    // The whole run's cost, both rounds.
    expect(Number(run.outputs.requests)).toBeGreaterThanOrEqual(4);

    // The person's push started a run too (checkout: the branch's tip, the Action's commit).
    // The Action's commit starts no run, so this run does not leave the branch to it.
    fixture.checkout('feature');
    const next = await translatePr(fixture, 'run2', concurrent);
    expect(next.code).toBe(0);
    expect(next.summaryText).toContain(
      `feature moved on from ${concurrent} (this run's commit) to ${commit!.sha} with the Action's own commits only, which start no run that translates: translated at ${commit!.sha}.`,
    );
    expect(next.summaryText).toContain('Nothing to translate: no commit.');
    expect(textsSent()).toEqual({});
    expect(fixture.tip('feature')).toBe(commit!.sha);
  });

  it("translates a person's commit that the Action's own commit was put on top of", async () => {
    const fixture = createGitFixture(projectFiles());
    const person = fixture.push(
      'feature',
      projectFiles({ greeting: 'Hello {{name}}', farewell: 'Goodbye', thanks: 'Thanks' }),
      'Add thanks',
    );
    // A commit of the Action on top that translated nothing of it (a run that rebased its
    // commit onto the person's, as the Action did before it translated again).
    const own = fixture.push(
      'feature',
      { 'README.md': '# Site\n\nBot.\n' },
      `Translate with Transloom\n\n${COMMIT_TRAILER}`,
      'main',
      { name: 'github-actions[bot]', email: BOT_EMAIL },
    );
    // actions/checkout with ref: github.head_ref checks out the tip, the Action's commit.
    fixture.checkout('feature');
    const run = await translatePr(fixture, 'run', person);
    expect(run.code).toBe(0);
    expect(run.summaryText).toContain(
      `feature moved on from ${person} (this run's commit) to ${own} with the Action's own commits only`,
    );
    const [commit] = fixture.log('feature', 1);
    expect(commit!.parents).toEqual([own]);
    expect(commit!.files).toEqual(TARGETS);
    expect(committedJson(fixture, commit!.sha, 'de')).toHaveProperty('thanks');
  });

  it('translates again over a target a person edited during the run: pushed, nothing paid twice', async () => {
    // main is translated (a person ran Transloom and committed the targets and the lock).
    const fixture = createGitFixture({ ...projectFiles(), '.gitignore': '.transloom/\n' });
    await translateAsPerson(fixture, 'main');
    const many = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`line${i}`, `Sentence number ${i} of the page.`]),
    );
    const strings = { greeting: 'Hello {{name}}', farewell: 'Goodbye', ...many };
    const head = fixture.push(
      'feature',
      { 'app/locales/en/common.json': `${JSON.stringify(strings, null, 2)}\n` },
      'Add twenty strings',
    );
    fixture.checkout('feature');
    // When the run pushes, a person's push of a German text by hand lands first, on the line
    // the run's commit changes too (the last key before the new ones).
    const german = JSON.parse(
      fixture.git(fixture.origin, 'show', 'main:app/locales/de/common.json'),
    );
    let edited = '';
    fixture.gatePushes(github.pushGateUrl);
    github.onBotPush = () => {
      github.onBotPush = undefined;
      edited = fixture.push(
        'feature',
        {
          'app/locales/de/common.json': `${JSON.stringify({ ...german, farewell: 'Tschüss, von Hand' }, null, 2)}\n`,
        },
        'German by hand',
      );
      return 'accept';
    };
    textsSent();
    const run = await translatePr(fixture, 'run', head);
    expect(run.code).toBe(0);
    const [commit, theirs] = fixture.log('feature', 2);
    expect(theirs!.sha).toBe(edited);
    expect(commit!.parents).toEqual([edited]);
    const de = committedJson(fixture, commit!.sha, 'de');
    expect(de.farewell).toBe('Tschüss, von Hand');
    expect(Object.keys(de)).toHaveLength(22);
    // Twenty new texts per locale, once: the second round found them in the run's memory.
    expect(textsSent()).toEqual({ de: 20, pl: 20 });
    expect(run.summaryText).toContain('translated again on its new tip (2 rounds)');

    // The English text changes: the German one a person wrote is stale, and the comment says so.
    const changed = fixture.push(
      'feature',
      {
        'app/locales/en/common.json': `${JSON.stringify({ ...strings, farewell: 'Goodbye for now' }, null, 2)}\n`,
      },
      'Change the farewell',
    );
    fixture.checkout('feature');
    const next = await translatePr(fixture, 'run2', changed);
    expect(next.code).toBe(0);
    expect(next.outputs.stale).toBe('1');
    const comment = github.comments.find((c) => c.issue === 5 && c.body.startsWith(COMMENT_MARKER));
    expect(comment?.body).toContain('Stale edits: **1**');
  });

  it('gives up on a branch that moves at every push, and fails at once on a refused push', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push('feature', { 'README.md': '# Site\n\nBusy.\n' }, 'Start');
    fixture.checkout('feature');
    fixture.gatePushes(github.pushGateUrl);
    let pushes = 0;
    github.onBotPush = () => {
      pushes++;
      fixture.push('feature', { [`docs/note${pushes}.md`]: `${pushes}\n` }, `Note ${pushes}`);
      return 'accept';
    };
    textsSent();
    const busy = await translatePr(fixture, 'busy', head);
    expect(busy.code).toBe(1);
    expect(pushes).toBe(4);
    expect(busy.annotations.at(-1)!.message).toBe(
      'feature moved 4 times while the run translated it: nothing was overwritten and nothing was pushed. What the run translated is in its translation memory; run the workflow again.',
    );
    expect(fixture.log('feature', 1)[0]!.authorEmail).toBe(DEV.email);
    expect(textsSent()).toEqual({ de: 2, pl: 2 });
    expect(busy.outputs.changed).toBe('false');

    // A protected branch refuses the push: no move, so no second round.
    github.onBotPush = () => 'reject';
    fixture.checkout('feature');
    const refused = await translatePr(fixture, 'refused', fixture.tip('feature'));
    github.onBotPush = undefined;
    expect(refused.code).toBe(1);
    expect(refused.annotations.at(-1)!.message).toMatch(
      /^Transloom: git push to feature was refused: .*protected branch: the push was refused/s,
    );
    // One round (no move to translate again for); a fresh checkout has no memory of the last run.
    expect(refused.stdout).not.toContain('translating again');
    expect(fixture.log('feature', 1)[0]!.authorEmail).toBe(DEV.email);
  });

  it('leaves out the targets git ignores, and says so', async () => {
    const fixture = createGitFixture({ ...projectFiles(), '.gitignore': 'app/locales/pl/\n' });
    const head = fixture.push('feature', { 'README.md': '# Site\n\nIgnored.\n' }, 'Start');
    fixture.checkout('feature');
    const run = await translatePr(fixture, 'run', head);
    expect(run.code).toBe(0);
    expect(fixture.log('feature', 1)[0]!.files).toEqual([
      'app/locales/de/common.json',
      'app/transloom.lock',
    ]);
    expect(run.annotations).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        message:
          'git ignores 1 files the run wrote, so they were not committed: app/locales/pl/common.json',
      }),
    );
  });

  it('refuses a pull request from a fork, before any request', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push('feature', { 'README.md': 'x\n' }, 'Fork change');
    fixture.checkout('feature');
    const before = service.faults!.requests.length;
    const run = await translatePr(fixture, 'run', head, { fork: true });
    expect(run.code).toBe(1);
    expect(run.annotations[run.annotations.length - 1]!.message).toContain('comes from a fork');
    expect(service.faults!.requests.length).toBe(before);
    expect(fixture.tip('feature')).toBe(head);
  });

  it('keeps every key out of the log, the summary, the outputs, the comment and the commit', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push('feature', { 'README.md': 'y\n' }, 'Change');
    fixture.checkout('feature');
    const token = 'ghp_personalAccessTokenForTests0000000000';
    const run = await translatePr(fixture, 'run', head, { inputs: { 'github-token': token } });
    expect(run.code).toBe(0);
    for (const secret of [API_KEY, token, 'ghs_workflowTokenOfThisRun000000000000']) {
      expect(run.stdout).toContain(`::add-mask::${secret}`);
      const unmasked = run.everything.split(`::add-mask::${secret}`).join('');
      expect(unmasked).not.toContain(secret);
      for (const c of github.comments) expect(c.body).not.toContain(secret);
      for (const commit of fixture.log('feature', 3)) expect(commit.message).not.toContain(secret);
    }
    // With a token other than the workflow's, checks run on the pushed commit.
    expect(run.summaryText).toContain('checks run on it');
  });
});

describe('translate mode, other checkouts and options', () => {
  it('commits on the head branch when actions/checkout left the merge commit checked out', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push('feature', { 'README.md': '# Site\n\nFeature.\n' }, 'Feature');
    fixture.push('main', { 'docs/base.md': 'Base moved on\n' }, 'Base change');
    // What actions/checkout checks out on pull_request: refs/pull/5/merge, one commit deep.
    const merge = fixture.checkoutMerge(5, 'feature');
    const run = await translatePr(fixture, 'run', head, { sha: merge });
    expect(run.code).toBe(0);
    const [commit] = fixture.log('feature', 1);
    expect(commit!.parents).toEqual([head]);
    expect(commit!.files).toEqual(TARGETS);
    expect(fixture.git(fixture.origin, 'ls-tree', '--name-only', '-r', commit!.sha)).not.toContain(
      'docs/base.md',
    );
  });

  it('dry-run sends, writes and commits nothing and needs no key', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push('feature', { 'README.md': 'dry\n' }, 'Change');
    fixture.checkout('feature');
    const before = service.faults!.requests.length;
    const run = await translatePr(fixture, 'run', head, {
      inputs: { 'dry-run': 'true', 'api-key': '', 'api-url': '', comment: 'false', locales: 'pl' },
    });
    expect(run.code).toBe(0);
    expect(service.faults!.requests.length).toBe(before);
    expect(fixture.tip('feature')).toBe(head);
    for (const file of ['app/locales/pl/common.json', 'app/transloom.lock'])
      expect(existsSync(join(fixture.workspace, file))).toBe(false);
    expect(run.summaryText).toContain('2 units would be sent; nothing was sent or written.');
    expect(run.summaryText).toMatch(/^pl 0 2 0 0 0 0 0 2 0 0$/m);
    expect(run.summaryText).not.toMatch(/^de /m);
    expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
  });

  it('does nothing for a closed pull request', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push('feature', { 'README.md': 'closed\n' }, 'Change');
    fixture.checkout('feature');
    const run = await closedPr(fixture, head);
    expect(run.code).toBe(0);
    expect(run.summaryText).toContain('Pull request #5 is closed: nothing to translate.');
    expect(fixture.tip('feature')).toBe(head);
  });

  it('does nothing for a merged pull request whose head branch was deleted', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push('feature', { 'README.md': 'merged\n' }, 'Change');
    // After the merge GitHub deletes the head branch; the checkout holds the base.
    fixture.git(fixture.origin, 'update-ref', '-d', 'refs/heads/feature');
    fixture.checkout('main');
    const main = fixture.tip('main');
    const before = service.faults!.requests.length;
    const run = await closedPr(fixture, head);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.annotations).toEqual([
      expect.objectContaining({
        level: 'notice',
        message: 'Pull request #5 is closed: nothing to translate.',
      }),
    ]);
    expect(run.outputs.changed).toBe('false');
    expect(service.faults!.requests.length).toBe(before);
    expect(fixture.tip('main')).toBe(main);
    expect(fixture.git(fixture.origin, 'branch', '--list', 'feature')).toBe('');
  });

  it('commits no source text when the service answers nothing usable, and fails the step', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push(
      'feature',
      {
        'app/locales/en/common.json':
          '{\n  "greeting": "Hello {{name}}",\n  "farewell": "Goodbye",\n  "fresh": "Fresh <b>text</b>"\n}\n',
      },
      'Add a string',
    );
    fixture.checkout('feature');
    // Every answer comes back with broken markup: nothing passes verification.
    service.faults!.arm({ kind: 'mangle', path: '/v2/translate' }, 1000);
    try {
      const run = await translatePr(fixture, 'run', head);
      expect(run.code).toBe(1);
      expect(run.annotations.some((a) => a.level === 'error')).toBe(true);
      // No target was made with the source's text, so there is nothing to commit.
      expect(fixture.tip('feature')).toBe(head);
      expect(existsSync(join(fixture.workspace, 'app/locales/de/common.json'))).toBe(false);
    } finally {
      service.faults!.clear();
    }
  });

  it('without a key, fails naming the inputs it needs', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push('feature', { 'README.md': 'nokey\n' }, 'Change');
    fixture.checkout('feature');
    const run = await translatePr(fixture, 'run', head, { inputs: { 'api-key': '' } });
    expect(run.code).toBe(1);
    expect(run.annotations.at(-1)!.message).toContain("mode 'translate' needs input 'api-key'");
    expect(fixture.tip('feature')).toBe(head);
  });
});

describe('translate mode against a service that cannot be reached', () => {
  it('fails the step within seconds, naming the address, and pushes nothing', async () => {
    const fixture = createGitFixture(projectFiles());
    const head = fixture.push(
      'feature',
      { 'app/locales/en/common.json': '{\n  "greeting": "Hello again"\n}\n' },
      'Change',
    );
    fixture.checkout('feature');
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const url = `http://127.0.0.1:${port}`;
    const started = performance.now();
    const run = await translatePr(fixture, 'run', head, { inputs: { 'api-url': url } });
    const ms = Math.round(performance.now() - started);
    console.info(`Action translate, closed port: exit ${run.code} after ${ms} ms`);
    expect(run.code).toBe(1);
    expect(ms).toBeLessThan(15_000);
    expect(run.annotations.at(-1)!.message).toMatch(
      new RegExp(
        `^Transloom: the service at ${url.replaceAll('.', '\\.')} cannot be reached: connection refused \\(ECONNREFUSED\\), 4 attempts in .* \\[TRANSLOOM_SERVICE_UNREACHABLE\\]$`,
      ),
    );
    expect(run.everything.split(`::add-mask::${API_KEY}`).join('')).not.toContain(API_KEY);
    expect(fixture.tip('feature')).toBe(head);
  });
});

describe('translate mode, what a pull request changed', () => {
  it('translates only the source files the pull request changes', async () => {
    // main holds a page nobody translated yet; the pull request changes the common strings.
    const fixture = createGitFixture({
      ...projectFiles(),
      'app/locales/en/legacy.json': '{ "old": "Old text" }\n',
    });
    const head = fixture.push(
      'feature',
      { 'app/locales/en/common.json': '{\n  "greeting": "Hi {{name}}"\n}\n', 'README.md': 'x\n' },
      'Change',
    );
    fixture.checkout('feature');
    github.addPull({
      number: 31,
      headRef: 'feature',
      headSha: head,
      files: [
        { filename: 'app/locales/en/common.json', status: 'modified' },
        { filename: 'README.md', status: 'modified' },
      ],
    });
    const run = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run'),
      event: pullRequestEvent({ number: 31, headRef: 'feature', headSha: head }),
      apiUrl: github.url,
      inputs: {
        mode: 'translate',
        'working-directory': 'app',
        'api-url': service.url,
        'api-key': API_KEY,
      },
    });
    expect(run.code).toBe(0);
    expect(fixture.log('feature', 1)[0]!.files).toEqual(TARGETS);
    expect(run.summaryText).toContain('Translated only the files the pull request changes.');

    // A change of the configuration reaches every file: the whole project is translated.
    const config = fixture.push(
      'feature',
      {
        'app/transloom.config.json': `${JSON.stringify({ sourceLocale: 'en', targetLocales: ['de'], files: [{ source: 'locales/{locale}/*.json' }] })}\n`,
      },
      'German only',
    );
    fixture.checkout('feature');
    github.pulls
      .find((p) => p.number === 31)!
      .files.push({ filename: 'app/transloom.config.json', status: 'modified' });
    const wide = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run2'),
      event: pullRequestEvent({ number: 31, headRef: 'feature', headSha: config }),
      apiUrl: github.url,
      inputs: {
        mode: 'translate',
        'working-directory': 'app',
        'api-url': service.url,
        'api-key': API_KEY,
      },
    });
    expect(wide.code).toBe(0);
    expect(wide.summaryText).toContain(
      'The whole project was translated: app/transloom.config.json changed.',
    );
    expect(fixture.log('feature', 1)[0]!.files).toEqual([
      'app/locales/de/legacy.json',
      'app/transloom.lock',
    ]);
  });
});
