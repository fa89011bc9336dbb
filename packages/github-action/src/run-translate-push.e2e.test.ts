import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMIT_TRAILER } from './commit-trailer.js';
import { createGitFixture, DEV } from './test-support/git-fixture.js';
import { runBundle } from './test-support/run-bundle.js';
import {
  API_KEY,
  projectFiles,
  pullRequestEvent,
  pushEvent,
  startGitHub,
  startService,
} from './test-support/scenario.js';

const service = await startService();
const github = await startGitHub();

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

/** A person merges `branch` into main (a merge commit) and pushes it. */
function mergeIntoMain(fixture: ReturnType<typeof createGitFixture>, branch: string): void {
  fixture.git(fixture.person, 'fetch', '--quiet', 'origin');
  fixture.git(fixture.person, 'checkout', '--quiet', '-B', 'main', 'origin/main');
  fixture.git(
    fixture.person,
    'merge',
    '--quiet',
    '--no-ff',
    '-m',
    `Merge ${branch}`,
    `origin/${branch}`,
  );
  fixture.git(fixture.person, 'push', '--quiet', 'origin', 'main');
}

function translatePush(fixture: ReturnType<typeof createGitFixture>, name: string) {
  fixture.checkout('main');
  const sha = fixture.tip('main');
  const head = fixture.log('main', 1)[0]!;
  return runBundle({
    workspace: fixture.workspace,
    dir: join(fixture.root, name),
    event: pushEvent('main', sha, { message: head.message, email: head.authorEmail }),
    ref: 'refs/heads/main',
    sha,
    apiUrl: github.url,
    inputs: {
      mode: 'translate',
      'working-directory': 'app',
      'api-url': service.url,
      'api-key': API_KEY,
    },
  });
}

describe('translate mode on push', () => {
  it('commits to transloom/main and opens one pull request; the next push moves the branch forward, never by force', async () => {
    const fixture = createGitFixture(projectFiles());
    const first = await translatePush(fixture, 'run1');
    expect(first.code).toBe(0);
    const main1 = fixture.tip('main');
    const [commit] = fixture.log('transloom/main', 1);
    expect(commit!.parents).toEqual([main1]);
    expect(commit!.files).toEqual([
      'app/locales/de/common.json',
      'app/locales/pl/common.json',
      'app/transloom.lock',
    ]);
    const opened = github.pulls.filter((p) => p.head.ref === 'transloom/main');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ base: { ref: 'main' }, title: 'Translations for main' });
    expect(first.outputs).toMatchObject({
      changed: 'true',
      'commit-sha': commit!.sha,
      'pull-request-number': String(opened[0]!.number),
    });
    expect(fixture.tip('main')).toBe(main1);

    // A person adds a string on main; the bot's pull request is not merged yet.
    fixture.push(
      'main',
      projectFiles({ greeting: 'Hello {{name}}', farewell: 'Goodbye', thanks: 'Thanks' }),
      'Add thanks',
    );
    const second = await translatePush(fixture, 'run2');
    expect(second.code).toBe(0);
    const [next, merge] = fixture.log('transloom/main', 2);
    expect(fixture.isAncestor(commit!.sha, next!.sha)).toBe(true);
    expect(merge!.parents).toEqual([commit!.sha, fixture.tip('main')]);
    expect(next!.parents).toEqual([merge!.sha]);
    expect(next!.files).toEqual([
      'app/locales/de/common.json',
      'app/locales/pl/common.json',
      'app/transloom.lock',
    ]);
    expect(github.pulls.filter((p) => p.head.ref === 'transloom/main')).toHaveLength(1);
    expect(second.outputs['pull-request-number']).toBe(String(opened[0]!.number));
    expect(second.summaryText).toContain('Merged main into transloom/main first');
    expect(
      github.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/pulls')),
    ).toHaveLength(1);

    // Once the pull request is merged, the next run starts the branch from main again.
    fixture.git(fixture.person, 'fetch', '--quiet', 'origin');
    fixture.git(fixture.person, 'checkout', '--quiet', 'main');
    fixture.git(fixture.person, 'reset', '--quiet', '--hard', 'origin/main');
    fixture.git(
      fixture.person,
      'merge',
      '--quiet',
      '--no-ff',
      '-m',
      'Merge translations',
      'origin/transloom/main',
    );
    fixture.git(fixture.person, 'push', '--quiet', 'origin', 'main');
    const third = await translatePush(fixture, 'run3');
    expect(third.code).toBe(0);
    expect(third.outputs.changed).toBe('false');
    expect(fixture.tip('transloom/main')).toBe(next!.sha);
  });

  it.each([
    ['', {}],
    [
      ' (merged by git, with transloom.lock merge=union)',
      { '.gitattributes': 'app/transloom.lock merge=union\n' },
    ],
  ])(
    'merges main into transloom/main over three pushes with a lock conflict between them%s',
    async (_, attributes: Record<string, string>) => {
      const fixture = createGitFixture(projectFiles());
      // 1. A push to main: the bot branch gets the common strings' translations and a lock.
      expect((await translatePush(fixture, 'run1')).code).toBe(0);
      const [bot1] = fixture.log('transloom/main', 1);

      // 2. A pull request adds a page; its own run translates it (a lock of its own), and it is
      // merged into main: main's lock and the bot branch's were both added since they parted.
      const extra = { 'app/locales/en/extra.json': '{\n  "about": "About us"\n}\n' };
      const feature = fixture.push('feature', { ...extra, ...attributes }, 'Add a page');
      github.addPull({
        number: 8,
        headRef: 'feature',
        headSha: feature,
        files: [{ filename: 'app/locales/en/extra.json', status: 'added' }],
      });
      fixture.checkout('feature');
      const pr = await runBundle({
        workspace: fixture.workspace,
        dir: join(fixture.root, 'pr'),
        event: pullRequestEvent({ number: 8, headRef: 'feature', headSha: feature }),
        apiUrl: github.url,
        inputs: {
          mode: 'translate',
          'working-directory': 'app',
          'api-url': service.url,
          'api-key': API_KEY,
        },
      });
      expect(pr.code).toBe(0);
      expect(fixture.log('feature', 1)[0]!.files).toContain('app/transloom.lock');
      mergeIntoMain(fixture, 'feature');
      textsSent();
      const second = await translatePush(fixture, 'run2');
      expect(second.stderr).toBe('');
      expect(second.code).toBe(0);
      const resolved =
        "app/transloom.lock conflicted in the merge of main: both sides' lines were kept.";
      if (attributes['.gitattributes']) expect(second.summaryText).not.toContain(resolved);
      else expect(second.summaryText).toContain(resolved);
      const [bot2] = fixture.log('transloom/main', 1);
      expect(fixture.isAncestor(bot1!.sha, bot2!.sha)).toBe(true);
      expect(fixture.isAncestor(fixture.tip('main'), bot2!.sha)).toBe(true);
      const lock2 = fixture.git(fixture.origin, 'show', `${bot2!.sha}:app/transloom.lock`);
      expect(lock2).not.toMatch(/^(<{7}|={7}|>{7}|\|{7})/m);
      expect(lock2).toContain('locales/en/common.json');
      expect(lock2).toContain('locales/en/extra.json');
      // Both pages were translated already: the merge sent nothing.
      expect(textsSent()).toEqual({});

      // 3. A new string on main: merged in cleanly, translated, pushed.
      fixture.push(
        'main',
        projectFiles({ greeting: 'Hello {{name}}', farewell: 'Goodbye', thanks: 'Thanks' }),
        'Add thanks',
      );
      const third = await translatePush(fixture, 'run3');
      expect(third.code).toBe(0);
      expect(third.summaryText).not.toContain(resolved);
      const [bot3, merge3] = fixture.log('transloom/main', 2);
      expect(merge3!.parents).toEqual([bot2!.sha, fixture.tip('main')]);
      expect(bot3!.parents).toEqual([merge3!.sha]);
      expect(textsSent()).toEqual({ de: 1, pl: 1 });
      for (const file of ['de/common.json', 'de/extra.json', 'pl/common.json', 'pl/extra.json'])
        expect(fixture.git(fixture.origin, 'show', `${bot3!.sha}:app/locales/${file}`)).not.toBe(
          '',
        );
      expect(
        JSON.parse(fixture.git(fixture.origin, 'show', `${bot3!.sha}:app/locales/de/common.json`)),
      ).toHaveProperty('thanks');
      expect(github.pulls.filter((p) => p.head.ref === 'transloom/main')).toHaveLength(1);
    },
  );

  it('merges and commits unsigned on a runner whose git signs every commit', async () => {
    const fixture = createGitFixture(projectFiles());
    expect((await translatePush(fixture, 'run1')).code).toBe(0);
    fixture.push(
      'main',
      projectFiles({ greeting: 'Hello {{name}}', farewell: 'Goodbye', thanks: 'Thanks' }),
      'Add thanks',
    );
    // The runner's global git config signs commits with a program that always fails.
    mkdirSync(join(fixture.root, 'run2'), { recursive: true });
    writeFileSync(
      join(fixture.root, 'run2', '.gitconfig'),
      '[commit]\n\tgpgsign = true\n[gpg]\n\tprogram = false\n',
    );
    const second = await translatePush(fixture, 'run2');
    expect(second.code).toBe(0);
    expect(second.summaryText).toContain('Merged main into transloom/main first');
    const [next, merge] = fixture.log('transloom/main', 2);
    expect(merge!.parents).toEqual([expect.any(String), fixture.tip('main')]);
    expect(next!.parents).toEqual([merge!.sha]);
  });

  it('does nothing on its own branch, and on a push of its own commit', async () => {
    const fixture = createGitFixture(projectFiles());
    fixture.push('transloom/main', { 'README.md': 'bot\n' }, 'Bot work');
    fixture.checkout('transloom/main');
    const sha = fixture.tip('transloom/main');
    const run = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run'),
      event: pushEvent('transloom/main', sha, { message: 'Bot work', email: DEV.email }),
      ref: 'refs/heads/transloom/main',
      sha,
      inputs: {
        mode: 'translate',
        'working-directory': 'app',
        'api-url': service.url,
        'api-key': API_KEY,
      },
    });
    expect(run.code).toBe(0);
    expect(run.summaryText).toContain('a branch the Action writes: nothing to do');
    expect(fixture.tip('transloom/main')).toBe(sha);

    // A push whose head commit is the Action's (trailer and bot author): nothing either.
    fixture.checkout('main');
    const main = fixture.tip('main');
    const own = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run-own'),
      event: pushEvent('main', main, {
        message: `Translate with Transloom\n\n${COMMIT_TRAILER}\n`,
        email: '41898282+github-actions[bot]@users.noreply.github.com',
      }),
      ref: 'refs/heads/main',
      sha: main,
      // The loop guard needs no key: a run of the Action's own commit stays green.
      inputs: {
        mode: 'translate',
        'working-directory': 'app',
        'api-url': service.url,
        'api-key': '',
      },
    });
    expect(own.code).toBe(0);
    expect(own.summaryText).toContain("started by the Action's own commit: nothing to do");
    expect(fixture.git(fixture.origin, 'branch', '--list', 'transloom/main')).toContain(
      'transloom/main',
    );
    expect(fixture.tip('transloom/main')).toBe(sha);
  });

  it('without a key, fails before preparing the bot branch', async () => {
    const fixture = createGitFixture(projectFiles());
    fixture.checkout('main');
    const main = fixture.tip('main');
    const run = await runBundle({
      workspace: fixture.workspace,
      dir: join(fixture.root, 'run'),
      event: pushEvent('main', main, { message: 'Change', email: DEV.email }),
      ref: 'refs/heads/main',
      sha: main,
      inputs: {
        mode: 'translate',
        'working-directory': 'app',
        'api-url': service.url,
        'api-key': '',
      },
    });
    expect(run.code).toBe(1);
    expect(run.annotations.at(-1)!.message).toContain("mode 'translate' needs input 'api-key'");
    expect(fixture.git(fixture.origin, 'branch', '--list', 'transloom/main')).toBe('');
    expect(fixture.git(fixture.workspace, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('main');
  });
});
