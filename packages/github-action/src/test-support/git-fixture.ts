import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

/** The identity of the people who push in the fixtures. */
export const DEV = { name: 'Dev Person', email: 'dev@example.com' };

/** A commit as `git log` tells it. */
export interface LoggedCommit {
  sha: string;
  parents: string[];
  authorName: string;
  authorEmail: string;
  message: string;
  files: string[];
}

/** A repository with a bare `origin`, a clone people push from, and the runner's workspace clone. */
export interface GitFixture {
  root: string;
  origin: string;
  /** The clone a person works in (pushes "concurrent" commits). */
  person: string;
  /** The clone the Action runs in (`GITHUB_WORKSPACE`). */
  workspace: string;
  git(cwd: string, ...args: string[]): string;
  /** The tip of a branch in origin. */
  tip(branch: string): string;
  /** Commits of `branch` in origin, newest first. */
  log(branch: string, count?: number): LoggedCommit[];
  /**
   * A person commits `files` (a null text removes the file) on `branch` (created from `from`
   * when new) and pushes it; with `author`, the commit is that author's (the bot's, say).
   */
  push(
    branch: string,
    files: Record<string, string | null>,
    message: string,
    from?: string,
    author?: { name: string; email: string },
  ): string;
  /**
   * Checks out `branch` (at `sha`, its tip by default) into the workspace, replacing the
   * previous one, exactly as `actions/checkout` does by default: `git init`, an origin named
   * by its GitHub URL, one commit fetched (`--depth=1`), a branch made at it. The GitHub URL
   * reaches the bare origin through `url.<origin>.insteadOf`; what the Action reads as the
   * origin is the GitHub URL.
   */
  checkout(branch: string, sha?: string): void;
  /**
   * What `actions/checkout` checks out on a `pull_request` event: the merge of `head` into
   * `base` (GitHub's `refs/pull/<number>/merge`), one commit deep, detached. Returns its sha.
   */
  checkoutMerge(number: number, head: string, base?: string): string;
  /** The URL the workspace's origin has (`https://github.com/<repository>`). */
  url: string;
  /** Whether `ancestor` is an ancestor of `commit` in origin. */
  isAncestor(ancestor: string, commit: string): boolean;
  /**
   * Puts origin's pushes of commits by `botEmail` to the GitHub stand-in before origin takes
   * them (a pre-receive hook that asks `url`; see `FakeGitHub.onBotPush`). A person's pushes
   * go through unasked, so the stand-in may make one while the bot's push waits.
   */
  gatePushes(url: string, botEmail?: string): void;
}

/** The author of the Action's commits by default. */
export const BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com';

// Origin's pre-receive hook for `gatePushes`: a Node script (origin runs it with the pushing
// git's environment, whose PATH has git) that asks the stand-in about updates to the bot's
// commits and takes the push when it answers 200.
function preReceiveHook(url: string, botEmail: string): string {
  return `#!${process.execPath}
const { execFileSync } = require('node:child_process');
let input = '';
process.stdin.on('data', (d) => { input += d; });
process.stdin.on('end', async () => {
  const updates = input.split('\\n').filter(Boolean).map((line) => {
    const [old, next, ref] = line.split(' ');
    return { old, new: next, ref };
  });
  const author = (sha) => /^0+$/.test(sha) ? '' :
    execFileSync('git', ['log', '-1', '--format=%ae', sha], { encoding: 'utf8' }).trim();
  const bot = updates.filter((u) => author(u.new) === ${JSON.stringify(botEmail)});
  if (bot.length === 0) process.exit(0);
  const answer = await fetch(${JSON.stringify(url)}, { method: 'POST', body: JSON.stringify({ updates: bot }) });
  if (answer.ok) process.exit(0);
  process.stderr.write((await answer.json()).message + '\\n');
  process.exit(1);
});
`;
}

// Fixtures are made inside tests, where a hook cannot be added: one hook removes them all.
const roots: string[] = [];
afterAll(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

// Writes each file, or removes it when its text is null.
function write(dir: string, files: Record<string, string | null>): void {
  for (const [path, text] of Object.entries(files)) {
    if (text === null) {
      rmSync(join(dir, path), { force: true });
      continue;
    }
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** Creates the fixture with `files` committed on `main`; removed after the file's tests. */
export function createGitFixture(
  files: Record<string, string>,
  repository = 'octo/site',
): GitFixture {
  const root = mkdtempSync(join(tmpdir(), 'transloom-action-git-'));
  roots.push(root);
  const env = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: '1',
    HOME: root,
    GIT_AUTHOR_NAME: DEV.name,
    GIT_AUTHOR_EMAIL: DEV.email,
    GIT_COMMITTER_NAME: DEV.name,
    GIT_COMMITTER_EMAIL: DEV.email,
  };
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, {
      cwd,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  const origin = join(root, 'origin.git');
  const person = join(root, 'person');
  const workspace = join(root, 'workspace');
  git(root, 'init', '--quiet', '--bare', '--initial-branch=main', origin);
  git(root, 'clone', '--quiet', origin, person);
  git(person, 'checkout', '--quiet', '-b', 'main');
  write(person, files);
  git(person, 'add', '--all');
  git(person, 'commit', '--quiet', '-m', 'Initial project');
  git(person, 'push', '--quiet', 'origin', 'main');
  const url = `https://github.com/${repository}`;
  // The steps of actions/checkout (v4, v5) with its defaults.
  const actionsCheckout = (sha: string, ref: string, branch: string | undefined) => {
    rmSync(workspace, { recursive: true, force: true });
    mkdirSync(workspace);
    git(workspace, 'init', '--quiet');
    git(workspace, 'remote', 'add', 'origin', url);
    git(workspace, 'config', `url.${origin}.insteadOf`, url);
    git(workspace, 'config', '--local', 'gc.auto', '0');
    git(
      workspace,
      '-c',
      'protocol.version=2',
      'fetch',
      '--no-tags',
      '--prune',
      '--no-recurse-submodules',
      '--depth=1',
      'origin',
      `+${sha}:${ref}`,
    );
    if (branch) git(workspace, 'checkout', '--quiet', '--force', '-B', branch, ref);
    else git(workspace, 'checkout', '--quiet', '--force', ref);
  };
  const fixture: GitFixture = {
    root,
    url,
    origin,
    person,
    workspace,
    git,
    tip: (branch) => git(origin, 'rev-parse', `refs/heads/${branch}`),
    log(branch, count = 20) {
      const out = git(
        origin,
        'log',
        `-${count}`,
        '--format=%x01%H%x00%P%x00%an%x00%ae%x00%B%x00',
        '--name-only',
        `refs/heads/${branch}`,
      );
      return out
        .split('\x01')
        .filter(Boolean)
        .map((entry) => {
          const [sha, parents, authorName, authorEmail, message, names] = entry.split('\0');
          return {
            sha: sha!,
            parents: parents!.split(' ').filter(Boolean),
            authorName: authorName!,
            authorEmail: authorEmail!,
            message: message!.trim(),
            files: (names ?? '').split('\n').filter(Boolean).sort(),
          };
        });
    },
    push(branch, changes, message, from = 'main', author) {
      git(person, 'fetch', '--quiet', 'origin');
      const exists = git(origin, 'branch', '--list', branch) !== '';
      git(person, 'checkout', '--quiet', '-B', branch, `origin/${exists ? branch : from}`);
      write(person, changes);
      git(person, 'add', '--all');
      const by = author ? [`--author=${author.name} <${author.email}>`] : [];
      git(person, 'commit', '--quiet', ...by, '-m', message);
      git(person, 'push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
      return git(person, 'rev-parse', 'HEAD');
    },
    checkout(branch, sha) {
      actionsCheckout(sha ?? fixture.tip(branch), `refs/remotes/origin/${branch}`, branch);
    },
    checkoutMerge(number, head, base = 'main') {
      git(person, 'fetch', '--quiet', 'origin');
      git(person, 'checkout', '--quiet', '--detach', `origin/${base}`);
      git(
        person,
        'merge',
        '--quiet',
        '--no-ff',
        '-m',
        `Merge ${head} into ${base}`,
        `origin/${head}`,
      );
      const merge = git(person, 'rev-parse', 'HEAD');
      git(person, 'push', '--quiet', 'origin', `HEAD:refs/pull/${number}/merge`);
      actionsCheckout(merge, `refs/remotes/pull/${number}/merge`, undefined);
      return merge;
    },
    gatePushes(gateUrl, botEmail = BOT_EMAIL) {
      const hook = join(origin, 'hooks', 'pre-receive');
      writeFileSync(hook, preReceiveHook(gateUrl, botEmail));
      chmodSync(hook, 0o755);
    },
    isAncestor(ancestor, commit) {
      try {
        git(origin, 'merge-base', '--is-ancestor', ancestor, commit);
        return true;
      } catch {
        return false;
      }
    },
  };
  return fixture;
}
