import { describe, expect, it } from 'vitest';
import { createGitFixture } from './test-support/git-fixture.js';
import {
  projectFiles,
  startGitHub,
  startService,
  translateOnPush,
} from './test-support/scenario.js';

const service = await startService();
const github = await startGitHub();

const THANKS = projectFiles({ greeting: 'Hello {{name}}', farewell: 'Goodbye', thanks: 'Thanks' });

describe('translate mode on the checkout actions/checkout makes (depth 1)', () => {
  it('pushes to transloom/main three times in a row, fetching only the history each merge needs', async () => {
    const fixture = createGitFixture(projectFiles());
    const options = { serviceUrl: service.url, githubUrl: github.url };
    const first = await translateOnPush(fixture, 'run1', options);
    expect(first.code).toBe(0);
    expect(fixture.git(fixture.workspace, 'rev-parse', '--is-shallow-repository')).toBe('true');
    const [bot1] = fixture.log('transloom/main', 1);

    // A person's pushes to main while the bot's pull request is open; each one a run.
    for (let i = 0; i < 6; i++)
      fixture.push('main', { [`docs/note${i}.md`]: `${i}\n` }, `Note ${i}`);
    fixture.push('main', THANKS, 'Add thanks');
    const second = await translateOnPush(fixture, 'run2', options);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    // Depth 1 knows no common commit of main and transloom/main: the run fetched history.
    expect(second.stdout).toContain(
      'The checkout is shallow: fetching history (--deepen=32) of main and transloom/main to find their common commit',
    );
    expect(second.stdout).not.toContain('--unshallow');
    const [next, merge] = fixture.log('transloom/main', 2);
    expect(merge!.parents).toEqual([bot1!.sha, fixture.tip('main')]);
    expect(next!.parents).toEqual([merge!.sha]);
    expect(next!.files).toEqual([
      'app/locales/de/common.json',
      'app/locales/pl/common.json',
      'app/transloom.lock',
    ]);
    expect(second.summaryText).toContain('Merged main into transloom/main first.');
    expect(second.outputs).toMatchObject({ changed: 'true', 'commit-sha': next!.sha });

    fixture.push(
      'main',
      projectFiles({ ...JSON.parse(THANKS['app/locales/en/common.json']!), more: 'More' }),
      'Add more',
    );
    const third = await translateOnPush(fixture, 'run3', options);
    expect(third.code).toBe(0);
    const [last, merge2] = fixture.log('transloom/main', 2);
    expect(merge2!.parents).toEqual([next!.sha, fixture.tip('main')]);
    expect(last!.parents).toEqual([merge2!.sha]);
    expect(github.pulls.filter((p) => p.head.ref === 'transloom/main')).toHaveLength(1);
  });

  it('reports a real conflict with its files in the summary, fails, and pushes nothing', async () => {
    const fixture = createGitFixture(projectFiles());
    const options = { serviceUrl: service.url, githubUrl: github.url };
    expect((await translateOnPush(fixture, 'run1', options)).code).toBe(0);
    // Someone edits the bot's branch and main in the same line of the same file.
    fixture.push(
      'transloom/main',
      { 'README.md': '# Site (bot branch)\n' },
      'Edit on the bot branch',
    );
    fixture.push('main', { ...THANKS, 'README.md': '# Site (main)\n' }, 'Edit on main');
    const bot = fixture.tip('transloom/main');
    const run = await translateOnPush(fixture, 'run2', options);
    expect(run.code).toBe(1);
    const message =
      'main cannot be merged into transloom/main without a conflict in README.md: resolve it on transloom/main (or merge or close its pull request); nothing was pushed.';
    expect(run.annotations.at(-1)!.message).toBe(message);
    expect(run.summaryText).toContain(message);
    expect(run.outputs.changed).toBe('false');
    expect(fixture.tip('transloom/main')).toBe(bot);
  });

  it("tells a branch with no common history from a conflict, with git's reason", async () => {
    const fixture = createGitFixture(projectFiles());
    // transloom/main made from another history (an orphan branch).
    fixture.git(fixture.person, 'checkout', '--quiet', '--orphan', 'elsewhere');
    fixture.git(fixture.person, 'rm', '-r', '--quiet', '--cached', '.');
    fixture.git(fixture.person, 'commit', '--quiet', '--allow-empty', '-m', 'Unrelated');
    fixture.git(fixture.person, 'push', '--quiet', 'origin', 'HEAD:refs/heads/transloom/main');
    const orphan = fixture.tip('transloom/main');
    const run = await translateOnPush(fixture, 'run', {
      serviceUrl: service.url,
      githubUrl: github.url,
    });
    expect(run.code).toBe(1);
    const failure = run.annotations.at(-1)!.message;
    expect(failure).toBe(
      'Transloom: transloom/main shares no history with main (it was made from another history): delete transloom/main, or merge main into it by hand; nothing was pushed [TRANSLOOM_ACTION_GIT]',
    );
    expect(failure).not.toContain('conflict');
    expect(run.summaryText).toContain('transloom/main shares no history with main');
    expect(fixture.tip('transloom/main')).toBe(orphan);
  });
});

describe('the bot branch and its pull request, as inputs', () => {
  it('takes branch, base, pull-request-title and pull-request-labels', async () => {
    const fixture = createGitFixture(projectFiles());
    fixture.push('develop', { 'README.md': '# Site (develop)\n' }, 'Start develop');
    // A scheduled run: the event is for main, the workflow checks out develop.
    fixture.checkout('develop');
    const run = await translateOnPush(fixture, 'run', {
      serviceUrl: service.url,
      githubUrl: github.url,
      keepCheckout: true,
      inputs: {
        branch: 'l10n/{base}',
        base: 'develop',
        'pull-request-title': 'i18n: new strings for {base}',
        'pull-request-labels': 'i18n, bot',
      },
    });
    expect(run.code).toBe(0);
    const [commit] = fixture.log('l10n/develop', 1);
    expect(commit!.parents).toEqual([fixture.tip('develop')]);
    const pull = github.pulls.find((p) => p.head.ref === 'l10n/develop')!;
    expect(pull).toMatchObject({
      base: { ref: 'develop' },
      title: 'i18n: new strings for develop',
    });
    expect(pull.labels).toEqual(['i18n', 'bot']);
    expect(run.outputs['pull-request-number']).toBe(String(pull.number));
    // A run for the bot branch itself does nothing.
    const own = await translateOnPush(fixture, 'own', {
      serviceUrl: service.url,
      branch: 'l10n/develop',
      inputs: { branch: 'l10n/{base}' },
    });
    expect(own.code).toBe(0);
    expect(own.summaryText).toContain('a branch the Action writes: nothing to do');
  });

  it('refuses a base whose tip is not what the workflow checked out', async () => {
    const fixture = createGitFixture(projectFiles());
    fixture.push('develop', { 'README.md': '# Site (develop)\n' }, 'Start develop');
    // The checkout is main, the base input says develop: not the code that would be translated.
    const run = await translateOnPush(fixture, 'run', {
      serviceUrl: service.url,
      githubUrl: github.url,
      inputs: { base: 'develop' },
    });
    expect(run.code).toBe(1);
    expect(run.annotations.at(-1)!.message).toContain(
      "mode 'translate' runs only on this repository's own code",
    );
    expect(fixture.git(fixture.origin, 'branch', '--list', 'transloom/develop')).toBe('');
  });
});
