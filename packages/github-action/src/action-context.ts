import { relative, resolve, sep } from 'node:path';
import type { ActionEvent } from './action-event.js';
import type { ActionInputs } from './action-inputs.js';
import { createGitHubClient, type GitHubClient, tokenLogin } from './github-api.js';

/** Everything a mode needs: inputs, event, where the project is, and a GitHub client on demand. */
export interface ActionContext {
  inputs: ActionInputs;
  event: ActionEvent;
  /** The project directory (`working-directory` inside the workspace), absolute. */
  projectDir: string;
  /** A path the engine reports (relative to the project root) as a path in the repository. */
  repoPath(file: string, projectRoot?: string): string;
  signal: AbortSignal;
  /** The Octokit client for `github-token` (made on first use). */
  github(): GitHubClient;
  /** The login `github-token` writes as (asked once): the author of the Action's comments. */
  ownLogin(): Promise<string>;
  /** Where to write files for later steps (`RUNNER_TEMP`). */
  tempDir: string;
}

/** Builds the context of a run. */
export function createActionContext(options: {
  inputs: ActionInputs;
  event: ActionEvent;
  env: Readonly<Record<string, string | undefined>>;
  signal: AbortSignal;
  tempDir: string;
}): ActionContext {
  const { inputs, event } = options;
  const projectDir = resolve(event.workspace, inputs.workingDirectory);
  let client: GitHubClient | undefined;
  let login: Promise<string> | undefined;
  const github = () => {
    client ??= createGitHubClient(inputs.githubToken, options.env.GITHUB_API_URL);
    return client;
  };
  return {
    inputs,
    event,
    projectDir,
    repoPath(file, projectRoot = projectDir) {
      const absolute = resolve(projectRoot, file);
      const inRepo = relative(event.workspace, absolute);
      return (inRepo.startsWith('..') ? absolute : inRepo).split(sep).join('/');
    },
    signal: options.signal,
    github,
    ownLogin() {
      login ??= tokenLogin(github(), {
        isWorkflowToken: inputs.workflowToken !== '' && inputs.githubToken === inputs.workflowToken,
      });
      // A failed look-up is asked again by the next caller.
      login.catch(() => {
        login = undefined;
      });
      return login;
    },
    tempDir: options.tempDir,
  };
}
