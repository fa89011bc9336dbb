import { getOctokit } from '@actions/github';
import { ActionError } from './action-error.js';
import { COMMENT_MARKER } from './comment-body.js';
import { GitHubCallError, withRequestPolicy } from './github-request-policy.js';

/** The Octokit client `@actions/github` makes (its base URL from `GITHUB_API_URL`). */
export type GitHubClient = ReturnType<typeof getOctokit>;

/** A repository on GitHub. */
export interface RepoRef {
  owner: string;
  repo: string;
}

/** The login GitHub shows for what the workflow's own token writes. */
export const WORKFLOW_TOKEN_LOGIN = 'github-actions[bot]';

/**
 * An Octokit client for `token`, at `GITHUB_API_URL` (GitHub Enterprise and tests point it
 * elsewhere). Every request goes through the Action's request policy: a 30 s timeout per
 * attempt, bounded retries of 5xx answers, failed connections and rate limits.
 */
export function createGitHubClient(
  token: string,
  apiUrl: string | undefined,
  timeoutMs?: number,
): GitHubClient {
  if (!token)
    throw new ActionError(
      'TRANSLOOM_ACTION_INPUT',
      "input 'github-token' is empty: leave it unset for the workflow's token, or pass a GitHub App token or a PAT",
    );
  const client = getOctokit(token, apiUrl ? { baseUrl: apiUrl.replace(/\/+$/, '') } : {});
  client.hook.wrap('request', (request, options) =>
    withRequestPolicy(request as never, options as never, timeoutMs),
  );
  return client as GitHubClient;
}

function githubError(what: string, error: unknown): ActionError {
  const status = error instanceof GitHubCallError ? error.status : undefined;
  const said =
    error instanceof GitHubCallError ? error.message : String((error as Error)?.message ?? error);
  const hint =
    status === 403
      ? ' (the token cannot write here: on a pull request from a fork it is read-only; use the workflow_run comment workflow)'
      : '';
  return new ActionError('TRANSLOOM_ACTION_GITHUB', `could not ${what}: ${said}${hint}`, {
    cause: error,
    kind: 'service',
  });
}

/**
 * The login of the account `github-token` acts as: the Action's comments are the ones it
 * wrote. The workflow's own token writes as `github-actions[bot]`; another token is asked
 * (`GET /user` for a PAT, GraphQL's `viewer` for a GitHub App's installation token, which
 * `GET /user` refuses).
 */
export async function tokenLogin(
  github: GitHubClient,
  options: { isWorkflowToken: boolean },
): Promise<string> {
  if (options.isWorkflowToken) return WORKFLOW_TOKEN_LOGIN;
  try {
    const { data } = await github.rest.users.getAuthenticated();
    return data.login;
  } catch (rest) {
    if (!(rest instanceof GitHubCallError) || (rest.status !== 403 && rest.status !== 401))
      throw githubError('tell which account github-token belongs to', rest);
    try {
      const data = await github.graphql<{ viewer: { login: string } }>(
        'query { viewer { login } }',
      );
      return data.viewer.login;
    } catch (error) {
      throw githubError(
        'tell which account github-token belongs to (GET /user, GraphQL viewer)',
        error,
      );
    }
  }
}

/**
 * Posts the Action's comment on a pull request, or updates it in place. Its comment is the
 * one that starts with the hidden marker **and** was written by `login` (the token's own
 * account): a comment anyone else starts with the marker is left alone. `render` makes the
 * body from the comment's body so far (undefined when there is none yet): the comment carries
 * the pull request's totals from run to run.
 */
export async function upsertStickyComment(
  github: GitHubClient,
  repo: RepoRef,
  issueNumber: number,
  render: (previous: string | undefined) => string,
  login: string,
): Promise<{ id: number; created: boolean }> {
  try {
    const comments = await github.paginate(github.rest.issues.listComments, {
      ...repo,
      issue_number: issueNumber,
      per_page: 100,
    });
    const own = comments.find(
      (c) =>
        c.body?.startsWith(COMMENT_MARKER) && c.user?.login.toLowerCase() === login.toLowerCase(),
    );
    if (own) {
      const body = render(own.body ?? undefined);
      await github.rest.issues.updateComment({ ...repo, comment_id: own.id, body });
      return { id: own.id, created: false };
    }
    const { data } = await github.rest.issues.createComment({
      ...repo,
      issue_number: issueNumber,
      body: render(undefined),
    });
    return { id: data.id, created: true };
  } catch (error) {
    throw githubError(`comment on pull request #${issueNumber}`, error);
  }
}

/** Opens the pull request from `head` into `base`, or finds the one already open. */
export async function ensurePullRequest(
  github: GitHubClient,
  repo: RepoRef,
  options: { head: string; base: string; title: string; body: string },
): Promise<{ number: number; created: boolean }> {
  const find = async () => {
    const { data: open } = await github.rest.pulls.list({
      ...repo,
      state: 'open',
      head: `${repo.owner}:${options.head}`,
      base: options.base,
      per_page: 10,
    });
    return open.find((p) => p.head.ref === options.head);
  };
  try {
    const found = await find();
    if (found) return { number: found.number, created: false };
    try {
      const { data } = await github.rest.pulls.create({
        ...repo,
        head: options.head,
        base: options.base,
        title: options.title,
        body: options.body,
      });
      return { number: data.number, created: true };
    } catch (error) {
      // Opened meanwhile (another run, or a create whose answer was lost): found, not an error.
      const again =
        error instanceof GitHubCallError && error.status === 422 ? await find() : undefined;
      if (again) return { number: again.number, created: false };
      throw error;
    }
  } catch (error) {
    throw githubError(`open a pull request from ${options.head} into ${options.base}`, error);
  }
}

/** Adds labels to a pull request (labels GitHub does not know yet are created). */
export async function addLabels(
  github: GitHubClient,
  repo: RepoRef,
  number: number,
  labels: readonly string[],
): Promise<void> {
  if (labels.length === 0) return;
  try {
    await github.rest.issues.addLabels({ ...repo, issue_number: number, labels: [...labels] });
  } catch (error) {
    throw githubError(`label pull request #${number}`, error);
  }
}

/** A pull request's head commit, as GitHub has it now. */
export async function pullRequestHead(
  github: GitHubClient,
  repo: RepoRef,
  number: number,
): Promise<{ sha: string }> {
  try {
    const { data } = await github.rest.pulls.get({ ...repo, pull_number: number });
    return { sha: data.head.sha };
  } catch (error) {
    throw githubError(`read pull request #${number}`, error);
  }
}

/** GitHub lists at most this many files of a pull request. */
export const MAX_LISTED_FILES = 3000;

/** The files a pull request changes (repository paths), with how each changed. */
export async function pullRequestFiles(
  github: GitHubClient,
  repo: RepoRef,
  number: number,
): Promise<Array<{ path: string; status: string }>> {
  try {
    const files = await github.paginate(github.rest.pulls.listFiles, {
      ...repo,
      pull_number: number,
      per_page: 100,
    });
    return files.map((f) => ({ path: f.filename, status: f.status }));
  } catch (error) {
    throw githubError(`list the files of pull request #${number}`, error);
  }
}

/** A pull request merged by a commit: its head branch, and whether it came from a fork. */
export interface MergedPullRequest {
  number: number;
  headRef: string;
  baseRef: string;
  fork: boolean;
}

/** The pull requests GitHub associates with a commit that have been merged. */
export async function mergedPullRequests(
  github: GitHubClient,
  repo: RepoRef,
  sha: string,
): Promise<MergedPullRequest[]> {
  try {
    const { data } = await github.rest.repos.listPullRequestsAssociatedWithCommit({
      ...repo,
      commit_sha: sha,
      per_page: 100,
    });
    const own = `${repo.owner}/${repo.repo}`.toLowerCase();
    return data
      .filter((p) => p.merged_at)
      .map((p) => ({
        number: p.number,
        headRef: p.head.ref,
        baseRef: p.base.ref,
        fork: p.head.repo?.full_name?.toLowerCase() !== own,
      }));
  } catch (error) {
    throw githubError(`list the pull requests of commit ${sha}`, error);
  }
}
