import { readFileSync } from 'node:fs';
import { ActionError } from './action-error.js';

/** A pull request as the event tells it. */
export interface EventPullRequest {
  number: number;
  /** The head branch's name (in the head repository). */
  headRef: string;
  headSha: string;
  /** The head branch lives in another repository: its runs get a read-only token and no secrets. */
  fork: boolean;
  /** The head repository (`owner/name`), when GitHub still knows it. */
  headRepo: string | undefined;
}

/** The run's event and repository, read from the variables the runner sets. */
export interface ActionEvent {
  name: string;
  owner: string;
  repo: string;
  /** `GITHUB_WORKSPACE`: the checkout. */
  workspace: string;
  pullRequest: EventPullRequest | undefined;
  /** The branch a push or dispatch ran on (`refs/heads/` removed). */
  branch: string | undefined;
  /** The commit that triggered the run. */
  sha: string | undefined;
  /** A push's head commit, as the event tells it. */
  headCommit: { message: string; authorEmail: string } | undefined;
  /** `GITHUB_SERVER_URL`: where the repository lives (GitHub or a GitHub Enterprise server). */
  serverUrl: string;
  /** This run's page, where the job summary is. */
  runUrl: string | undefined;
  /** For `workflow_run`: the run that finished (its page, head commit and pull requests). */
  workflowRun: { htmlUrl: string | undefined; headSha: string; pullRequests: number[] } | undefined;
  payload: Record<string, unknown>;
}

type Json = Record<string, unknown>;
const object = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

function readPullRequest(raw: Json | undefined): EventPullRequest | undefined {
  if (!raw) return undefined;
  const head = object(raw.head);
  const base = object(raw.base);
  const number = raw.number;
  if (typeof number !== 'number' || !head || !base) return undefined;
  // The head repository is missing when the fork was deleted.
  const headRepo = text(object(head.repo)?.full_name);
  const baseRepo = text(object(base.repo)?.full_name);
  return {
    number,
    headRef: text(head.ref) ?? '',
    headSha: text(head.sha) ?? '',
    fork: headRepo === undefined || headRepo.toLowerCase() !== baseRepo?.toLowerCase(),
    headRepo,
  };
}

/** Reads the event from `GITHUB_EVENT_NAME`, `GITHUB_EVENT_PATH`, `GITHUB_REPOSITORY` and the rest. */
export function readActionEvent(env: Readonly<Record<string, string | undefined>>): ActionEvent {
  const name = env.GITHUB_EVENT_NAME ?? '';
  const repository = env.GITHUB_REPOSITORY ?? '';
  const [owner, repo] = repository.split('/');
  if (!owner || !repo)
    throw new ActionError(
      'TRANSLOOM_ACTION_EVENT',
      `GITHUB_REPOSITORY must be 'owner/name'; got '${repository}' (is this running in GitHub Actions?)`,
    );
  let payload: Json = {};
  if (env.GITHUB_EVENT_PATH) {
    try {
      payload = object(JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8'))) ?? {};
    } catch (error) {
      throw new ActionError(
        'TRANSLOOM_ACTION_EVENT',
        `the event file ${env.GITHUB_EVENT_PATH} cannot be read: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  const ref = env.GITHUB_REF ?? '';
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const run = object(payload.workflow_run);
  const head = object(payload.head_commit);
  return {
    name,
    owner,
    repo,
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    pullRequest: readPullRequest(object(payload.pull_request)),
    branch: ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : undefined,
    sha: env.GITHUB_SHA,
    serverUrl: server,
    headCommit: head
      ? {
          message: text(head.message) ?? '',
          authorEmail: text(object(head.author)?.email) ?? '',
        }
      : undefined,
    runUrl: env.GITHUB_RUN_ID
      ? `${server}/${owner}/${repo}/actions/runs/${env.GITHUB_RUN_ID}${env.GITHUB_RUN_ATTEMPT ? `/attempts/${env.GITHUB_RUN_ATTEMPT}` : ''}`
      : undefined,
    workflowRun: run
      ? {
          htmlUrl: text(run.html_url),
          headSha: text(run.head_sha) ?? '',
          pullRequests: (Array.isArray(run.pull_requests) ? run.pull_requests : [])
            .map((p) => object(p)?.number)
            .filter((n): n is number => typeof n === 'number'),
        }
      : undefined,
    payload,
  };
}
