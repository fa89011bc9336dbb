import { REPOSITORY } from './scenario.js';

/** The fork a hostile pull request comes from. */
export const FORK = 'forker/site';

/**
 * A configuration that runs code when it is loaded, as a hostile pull request would write it:
 * it leaves `marker` (holding the names of the `INPUT_*` variables it could read, where the
 * keys are) and appends `NODE_OPTIONS` to `$GITHUB_ENV` (code in every later step).
 */
export function markingConfig(marker: string): string {
  return [
    "import { appendFileSync, writeFileSync } from 'node:fs';",
    `writeFileSync(${JSON.stringify(marker)}, JSON.stringify(Object.keys(process.env).filter((k) => k.startsWith('INPUT_'))));`,
    "if (process.env.GITHUB_ENV) appendFileSync(process.env.GITHUB_ENV, 'NODE_OPTIONS=--require /tmp/evil.cjs\\n');",
    "export default { sourceLocale: 'en', targetLocales: ['de'], files: [{ source: 'locales/{locale}/*.json' }] };",
    '',
  ].join('\n');
}

/** The `pull_request` payload of pull request `number` with head `headSha`, from the fork or not. */
function pullRequest(number: number, headRef: string, headSha: string, fork: boolean) {
  return {
    number,
    head: { ref: headRef, sha: headSha, repo: { full_name: fork ? FORK : REPOSITORY } },
    base: { ref: 'main', repo: { full_name: REPOSITORY } },
  };
}

/** A `pull_request_target` event: it runs in the base repository, with its secrets. */
export function pullRequestTargetEvent(number: number, headSha: string, fork = true) {
  return {
    name: 'pull_request_target',
    payload: {
      action: 'synchronize',
      number,
      pull_request: pullRequest(number, 'feature', headSha, fork),
      repository: { full_name: REPOSITORY, default_branch: 'main' },
    },
  };
}

/** A `workflow_run` event for a finished run of a fork's pull request. */
export function workflowRunEvent(headSha: string) {
  return {
    name: 'workflow_run',
    payload: {
      action: 'completed',
      workflow_run: {
        event: 'pull_request',
        head_sha: headSha,
        head_branch: 'feature',
        head_repository: { full_name: FORK },
        html_url: `https://github.com/${REPOSITORY}/actions/runs/99`,
        pull_requests: [],
      },
      repository: { full_name: REPOSITORY, default_branch: 'main' },
    },
  };
}

/** An `issue_comment` event: a comment (`/translate`) on pull request `number`. */
export function issueCommentEvent(number: number) {
  return {
    name: 'issue_comment',
    payload: {
      action: 'created',
      issue: {
        number,
        pull_request: { url: `https://api.github.com/repos/${REPOSITORY}/pulls/${number}` },
      },
      comment: { body: '/translate', user: { login: 'mallory' } },
      repository: { full_name: REPOSITORY, default_branch: 'main' },
    },
  };
}
