import { LOCALE_CODE } from '@transloom/client/languages';
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
  /** Remove the targets whose source is gone, with their lock lines (translate mode). */
  prune: boolean;
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

function inputError(message: string): ActionError {
  return new ActionError('TRANSLOOM_ACTION_INPUT', message);
}

// A list input (separated by `pattern`), each item once, in the order given.
function listInput(value: string, pattern: RegExp): string[] {
  return [
    ...new Set(
      value
        .split(pattern)
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
}

function maxCharactersInput(value: string): number | undefined {
  if (value === '') return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw inputError(
      `input 'max-characters' must be a whole number of characters (0 or more); got '${value}'`,
    );
  return Number(value);
}

function localesInput(value: string): string[] | undefined {
  if (value === '') return undefined;
  const locales = listInput(value, /[\s,]+/);
  for (const locale of locales)
    if (!LOCALE_CODE.test(locale))
      throw inputError(
        `input 'locales' holds '${locale}', which is not a locale code like de, pt-BR or zh-Hans`,
      );
  return locales;
}

function apiUrlInput(value: string): string | undefined {
  if (value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw inputError(`input 'api-url' must be an absolute http(s) URL; got '${value}'`);
  return value;
}

function shardInput(value: string, mode: ActionMode, dryRun: boolean): Shard | undefined {
  if (value === '') return undefined;
  let shard: Shard;
  try {
    shard = parseShard(value);
  } catch (error) {
    throw inputError(`input 'shard': ${(error as Error).message}`);
  }
  if (mode !== 'translate')
    throw inputError(
      `input 'shard' is for mode 'translate' (the jobs of a matrix that each translate a part into the shared memory); got mode '${mode}'`,
    );
  if (dryRun)
    throw inputError(
      "input 'shard' translates into the shared memory: it cannot be combined with 'dry-run'",
    );
  return shard;
}

/**
 * Reads and checks every input: an unknown mode, a malformed number, URL or locale code, or an
 * author without an email is an error naming the input and the rule. Whether translate mode
 * has the service inputs it needs is for `requireServiceInputs`.
 */
export function readActionInputs(read: InputReader): ActionInputs {
  const get = (name: string) => read(name).trim();
  const mode = oneOf('mode', get('mode'), ['check', 'translate', 'comment'] as const, 'check');
  const maxCharacters = maxCharactersInput(get('max-characters'));
  const locales = localesInput(get('locales'));
  const apiUrl = apiUrlInput(get('api-url'));
  const report = get('report') || undefined;
  if (mode === 'comment' && !report)
    throw inputError(
      "mode 'comment' needs input 'report': the report file a 'check' run wrote (its 'report-path' output, downloaded from the artifact)",
    );
  const dryRun = flag('dry-run', get('dry-run'), false);
  const shard = shardInput(get('shard'), mode, dryRun);
  return {
    mode,
    report,
    workingDirectory: get('working-directory') || '.',
    githubToken: get('github-token'),
    workflowToken: get('workflow-token'),
    apiUrl,
    apiKey: get('api-key') || undefined,
    adminKey: get('admin-key') || undefined,
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
    pullRequestLabels: listInput(get('pull-request-labels'), /[\n,]+/),
    base: get('base') ? branchInput('base', get('base'), '', false) : undefined,
    configFile: get('config-file') || undefined,
    dryRun,
    prune: flag('prune', get('prune'), false),
    shard,
  };
}
