import { getOctokit } from '@actions/github';
import { ActionError } from './action-error.js';
import { COMMENT_MARKER } from './comment-body.js';

/** The Octokit client `@actions/github` makes (its base URL from `GITHUB_API_URL`). */
export type GitHubClient = ReturnType<typeof getOctokit>;

/** A repository on GitHub. */
export interface RepoRef {
  owner: string;
  repo: string;
}

/** An Octokit client for `token`, at `GITHUB_API_URL` (GitHub Enterprise and tests point it elsewhere). */
export function createGitHubClient(token: string, apiUrl: string | undefined): GitHubClient {
  if (!token)
    throw new ActionError(
      'TRANSLOOM_ACTION_INPUT',
      "input 'github-token' is empty: leave it unset for the workflow's token, or pass a GitHub App token or a PAT",
    );
  return getOctokit(token, apiUrl ? { baseUrl: apiUrl.replace(/\/+$/, '') } : {});
}

function githubError(what: string, error: unknown): ActionError {
  const status = (error as { status?: number }).status;
  const hint =
    status === 403
      ? ' (the token cannot write here: on a pull request from a fork it is read-only; use the workflow_run comment workflow)'
      : '';
  return new ActionError(
    'TRANSLOOM_ACTION_GITHUB',
    `GitHub refused to ${what}: ${status ?? ''} ${(error as Error).message}${hint}`.replace(
      /\s+/g,
      ' ',
    ),
    { cause: error, kind: 'service' },
  );
}

/**
 * Posts the Action's comment on a pull request, or updates it in place: it is found again by
 * the hidden marker that starts its body, so a pull request never gets a second one.
 */
export async function upsertStickyComment(
  github: GitHubClient,
  repo: RepoRef,
  issueNumber: number,
  body: string,
): Promise<{ id: number; created: boolean }> {
  try {
    const comments = await github.paginate(github.rest.issues.listComments, {
      ...repo,
      issue_number: issueNumber,
      per_page: 100,
    });
    const own = comments.find((c) => c.body?.startsWith(COMMENT_MARKER));
    if (own) {
      await github.rest.issues.updateComment({ ...repo, comment_id: own.id, body });
      return { id: own.id, created: false };
    }
    const { data } = await github.rest.issues.createComment({
      ...repo,
      issue_number: issueNumber,
      body,
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
  try {
    const { data: open } = await github.rest.pulls.list({
      ...repo,
      state: 'open',
      head: `${repo.owner}:${options.head}`,
      base: options.base,
      per_page: 10,
    });
    const found = open.find((p) => p.head.ref === options.head);
    if (found) return { number: found.number, created: false };
    const { data } = await github.rest.pulls.create({
      ...repo,
      head: options.head,
      base: options.base,
      title: options.title,
      body: options.body,
    });
    return { number: data.number, created: true };
  } catch (error) {
    throw githubError(`open a pull request from ${options.head} into ${options.base}`, error);
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
