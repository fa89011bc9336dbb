import { join } from 'node:path';
import { startServer, type TransloomServer } from '@transloom/server';
import { afterAll } from 'vitest';
import { type FakeGitHub, startFakeGitHub } from './fake-github.js';
import type { GitFixture } from './git-fixture.js';
import { type ActionRun, runBundle } from './run-bundle.js';

/** The developer key the test service knows. */
export const API_KEY = 'tl-action-test-key:6b1f9e0c';
/** The admin key the test service knows. */
export const ADMIN_KEY = 'tl-action-admin-key:d27a41c3';
/** The repository of the events. */
export const REPOSITORY = 'octo/site';

/** A small i18next project in `app/`: three strings, two target locales. */
export function projectFiles(
  strings: Record<string, string> = { greeting: 'Hello {{name}}', farewell: 'Goodbye' },
  targetLocales: string[] = ['de', 'pl'],
): Record<string, string> {
  return {
    'README.md': '# Site\n',
    'app/transloom.config.json': `${JSON.stringify(
      { sourceLocale: 'en', targetLocales, files: [{ source: 'locales/{locale}/*.json' }] },
      null,
      2,
    )}\n`,
    'app/locales/en/common.json': `${JSON.stringify(strings, null, 2)}\n`,
  };
}

/** The real local service on a loopback port, with fault injection and an admin key. */
export async function startService(): Promise<TransloomServer & { url: string }> {
  const server = await startServer({
    apiKeys: [API_KEY],
    adminKeys: [ADMIN_KEY],
    faults: true,
    port: 0,
    host: '127.0.0.1',
  });
  afterAll(() => server.close());
  return server;
}

/** The GitHub stand-in, closed after the file's tests. */
export async function startGitHub(): Promise<FakeGitHub> {
  const github = await startFakeGitHub(REPOSITORY);
  afterAll(() => github.close());
  return github;
}

/** A `pull_request` event as GitHub sends it (only the fields the Action reads, and a few more). */
export function pullRequestEvent(options: {
  number: number;
  headRef: string;
  headSha: string;
  fork?: boolean;
}): { name: string; payload: Record<string, unknown> } {
  const base = { full_name: REPOSITORY };
  return {
    name: 'pull_request',
    payload: {
      action: 'synchronize',
      number: options.number,
      pull_request: {
        number: options.number,
        head: {
          ref: options.headRef,
          sha: options.headSha,
          repo: { full_name: options.fork ? 'forker/site' : REPOSITORY },
        },
        base: { ref: 'main', repo: base },
      },
      repository: { ...base, default_branch: 'main' },
    },
  };
}

/** A `push` event for `branch` at `sha`. */
export function pushEvent(
  branch: string,
  sha: string,
  headCommit: { message: string; email: string },
): { name: string; payload: Record<string, unknown> } {
  return {
    name: 'push',
    payload: {
      ref: `refs/heads/${branch}`,
      after: sha,
      head_commit: { id: sha, message: headCommit.message, author: { email: headCommit.email } },
      repository: { full_name: REPOSITORY, default_branch: 'main' },
    },
  };
}

/** Options of {@link translateOnPush}. */
export interface PushRunOptions {
  serviceUrl: string;
  githubUrl?: string;
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** The branch pushed to (default `main`). */
  branch?: string;
  /** Leave the workspace as it is (default: a fresh depth-1 checkout of the branch's tip). */
  keepCheckout?: boolean;
}

/** Runs translate mode for a push of `branch`'s tip, on the checkout actions/checkout makes. */
export function translateOnPush(
  fixture: GitFixture,
  name: string,
  options: PushRunOptions,
): Promise<ActionRun> {
  const branch = options.branch ?? 'main';
  if (!options.keepCheckout) fixture.checkout(branch);
  const sha = fixture.tip(branch);
  const head = fixture.log(branch, 1)[0]!;
  return runBundle({
    workspace: fixture.workspace,
    dir: join(fixture.root, name),
    event: pushEvent(branch, sha, { message: head.message, email: head.authorEmail }),
    ref: `refs/heads/${branch}`,
    sha,
    ...(options.githubUrl ? { apiUrl: options.githubUrl } : {}),
    ...(options.env ? { env: options.env } : {}),
    inputs: {
      mode: 'translate',
      'working-directory': 'app',
      'api-url': options.serviceUrl,
      'api-key': API_KEY,
      ...options.inputs,
    },
  });
}
