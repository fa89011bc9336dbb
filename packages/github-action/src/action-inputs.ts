import { parseShard, type Shard } from '@transloom/core';
import { ActionError } from './action-error.js';

/** What the Action does. */
export type ActionMode = 'check' | 'translate' | 'comment';

/** The Action's inputs, checked. */
export interface ActionInputs {
  mode: ActionMode;
  /** The report file `comment` mode reads (written by a `check` run). */
  report: string | undefined;
  workingDirectory: string;
  githubToken: string;
  /** The workflow's own token, to tell whether `githubToken` is it. */
  workflowToken: string;
  apiUrl: string | undefined;
  apiKey: string | undefined;
  adminKey: string | undefined;
  maxCharacters: number | undefined;
  locales: string[] | undefined;
  comment: boolean;
  failOn: 'missing' | 'stale' | 'never';
  commitMessage: string;
  commitAuthor: { name: string; email: string };
  pullRequest: 'auto' | 'never';
  /** The bot branch of push mode; `{base}` stands for the base branch. */
  branch: string;
  /** The title of the bot's pull request; `{base}` stands for the base branch. */
  pullRequestTitle: string;
  /** Labels put on the bot's pull request. */
  pullRequestLabels: string[];
  /** The branch push mode translates and targets, when not the event's own. */
  base: string | undefined;
  /** The configuration file, relative to `working-directory`, instead of searching. */
  configFile: string | undefined;
  dryRun: boolean;
  /** One shard of a sharded translate run (`i/n`): into the shared memory, no commit. */
  shard: Shard | undefined;
}

/** Reads one input by its action.yml name (`@actions/core`'s `getInput`). */
export type InputReader = (name: string) => string;

/** The identity of the workflow's own token, which GitHub shows as the bot's commits. */
export const DEFAULT_COMMIT_AUTHOR =
  'github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>';
/** The default commit message (a trailer naming the Action is added to it). */
export const DEFAULT_COMMIT_MESSAGE = 'Translate with Transloom';
/** The default bot branch of push mode. */
export const DEFAULT_BRANCH = 'transloom/{base}';
/** The default title of the bot's pull request. */
export const DEFAULT_PULL_REQUEST_TITLE = 'Translations for {base}';

/**
 * Whether `name` is a branch name git accepts (the rules of `git check-ref-format --branch`),
 * checked here so that a bad input fails before any git work.
 */
export function isBranchName(name: string): boolean {
  return (
    name !== '' &&
    name !== '@' &&
    !/[\x00-\x20\x7f~^:?*[\\]|\.\.|@\{|\/\/|^[-/.]|[/.]$|\.lock$|\/\.|\.lock\//.test(name)
  );
}

function branchInput(name: string, value: string, fallback: string, placeholder: boolean): string {
  const chosen = value || fallback;
  if (!isBranchName(placeholder ? chosen.replaceAll('{base}', 'base') : chosen))
    throw new ActionError(
      'TRANSLOOM_ACTION_INPUT',
      `input '${name}' must be a branch name${placeholder ? ' ({base} stands for the base branch)' : ''}; got '${value}'`,
    );
  return chosen;
}

function oneOf<T extends string>(
  name: string,
  value: string,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ActionError(
    'TRANSLOOM_ACTION_INPUT',
    `input '${name}' must be one of ${allowed.map((a) => `'${a}'`).join(', ')}; got '${value}'`,
  );
}

function flag(name: string, value: string, fallback: boolean): boolean {
  if (value === '') return fallback;
  if (/^(true|yes|on|1)$/i.test(value)) return true;
  if (/^(false|no|off|0)$/i.test(value)) return false;
  throw new ActionError(
    'TRANSLOOM_ACTION_INPUT',
    `input '${name}' must be 'true' or 'false'; got '${value}'`,
  );
}

function oneLineInput(name: string, value: string): string {
  if (/[\r\n]/.test(value))
    throw new ActionError('TRANSLOOM_ACTION_INPUT', `input '${name}' must be one line`);
  if (value.length > 256)
    throw new ActionError(
      'TRANSLOOM_ACTION_INPUT',
      `input '${name}' is longer than 256 characters`,
    );
  return value;
}

/** Parses `Name <email>`, the form git prints. */
export function parseAuthor(value: string): { name: string; email: string } {
  const match = /^\s*([^<>\n]+?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value);
  if (!match)
    throw new ActionError(
      'TRANSLOOM_ACTION_INPUT',
      `input 'commit-author' must look like 'Name <email@example.com>'; got '${value}'`,
    );
  return { name: match[1]!, email: match[2]! };
}

/**
 * Reads and checks every input: an unknown mode, a malformed number, URL or locale code, or an
 * author without an email is an error naming the input and the rule. Whether translate mode
 * has the service inputs it needs is for `requireServiceInputs`.
 */
export function readActionInputs(read: InputReader): ActionInputs {
  const get = (name: string) => read(name).trim();
  const mode = oneOf('mode', get('mode'), ['check', 'translate', 'comment'] as const, 'check');
  const maxText = get('max-characters');
  let maxCharacters: number | undefined;
  if (maxText !== '') {
    if (!/^\d+$/.test(maxText) || !Number.isSafeInteger(Number(maxText)))
      throw new ActionError(
        'TRANSLOOM_ACTION_INPUT',
        `input 'max-characters' must be a whole number of characters (0 or more); got '${maxText}'`,
      );
    maxCharacters = Number(maxText);
  }
  const localesText = get('locales');
  const locales =
    localesText === ''
      ? undefined
      : [
          ...new Set(
            localesText
              .split(/[\s,]+/)
              .map((l) => l.trim())
              .filter(Boolean),
          ),
        ];
  for (const locale of locales ?? []) {
    if (!/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(locale))
      throw new ActionError(
        'TRANSLOOM_ACTION_INPUT',
        `input 'locales' holds '${locale}', which is not a locale code like de, pt-BR or zh-Hans`,
      );
  }
  const apiUrl = get('api-url') || undefined;
  const apiKey = get('api-key') || undefined;
  const adminKey = get('admin-key') || undefined;
  if (apiUrl) {
    let url: URL | undefined;
    try {
      url = new URL(apiUrl);
    } catch {}
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      throw new ActionError(
        'TRANSLOOM_ACTION_INPUT',
        `input 'api-url' must be an absolute http(s) URL; got '${apiUrl}'`,
      );
  }
  const report = get('report') || undefined;
  if (mode === 'comment' && !report)
    throw new ActionError(
      'TRANSLOOM_ACTION_INPUT',
      "mode 'comment' needs input 'report': the report file a 'check' run wrote (its 'report-path' output, downloaded from the artifact)",
    );
  const shardText = get('shard');
  let shard: Shard | undefined;
  if (shardText !== '') {
    try {
      shard = parseShard(shardText);
    } catch (error) {
      throw new ActionError('TRANSLOOM_ACTION_INPUT', `input 'shard': ${(error as Error).message}`);
    }
    if (mode !== 'translate')
      throw new ActionError(
        'TRANSLOOM_ACTION_INPUT',
        `input 'shard' is for mode 'translate' (the jobs of a matrix that each translate a part into the shared memory); got mode '${mode}'`,
      );
  }
  const dryRun = flag('dry-run', get('dry-run'), false);
  if (shard && dryRun)
    throw new ActionError(
      'TRANSLOOM_ACTION_INPUT',
      "input 'shard' translates into the shared memory: it cannot be combined with 'dry-run'",
    );
  return {
    mode,
    report,
    workingDirectory: get('working-directory') || '.',
    githubToken: get('github-token'),
    workflowToken: get('workflow-token'),
    apiUrl,
    apiKey,
    adminKey,
    maxCharacters,
    locales,
    comment: flag('comment', get('comment'), true),
    failOn: oneOf('fail-on', get('fail-on'), ['missing', 'stale', 'never'] as const, 'missing'),
    commitMessage: get('commit-message') || DEFAULT_COMMIT_MESSAGE,
    commitAuthor: parseAuthor(get('commit-author') || DEFAULT_COMMIT_AUTHOR),
    pullRequest: oneOf('pull-request', get('pull-request'), ['auto', 'never'] as const, 'auto'),
    branch: branchInput('branch', get('branch'), DEFAULT_BRANCH, true),
    pullRequestTitle:
      oneLineInput('pull-request-title', get('pull-request-title')) || DEFAULT_PULL_REQUEST_TITLE,
    pullRequestLabels: [
      ...new Set(
        get('pull-request-labels')
          .split(/[\n,]+/)
          .map((l) => l.trim())
          .filter(Boolean),
      ),
    ],
    base: get('base') ? branchInput('base', get('base'), '', false) : undefined,
    configFile: get('config-file') || undefined,
    dryRun,
    shard,
  };
}
