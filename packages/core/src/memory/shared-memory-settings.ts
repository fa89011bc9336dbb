import type { SharedMemoryConfig } from '../settings/shared-memory-config.js';
import { maskRedisUrl } from './redis-url.js';

export type { SharedMemoryConfig } from '../settings/shared-memory-config.js';

/** Where a run's shared memory is and which scopes it reads and writes. */
export interface SharedMemorySettings {
  url: string;
  /** The URL as it may be printed (no password). */
  label: string;
  prefix: string;
  /** The only scope this run writes into. */
  scope: string;
  /** Every scope read, own scope first. */
  readScopes: string[];
}

/** The environment variable a `redis: true` configuration takes its URL from. */
export const REDIS_URL_VARIABLE = 'TRANSLOOM_REDIS_URL';

type Env = Readonly<Record<string, string | undefined>>;

// The first variable that is set and not empty.
function firstOf(env: Env, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

/**
 * The scope a run writes into when the configuration names none: the branch the CI system
 * builds (a pull request's head branch before the ref it runs on), else `local`. A pull
 * request thus writes only into its own scope, never into the default branch's.
 */
export function defaultWriteScope(env: Env): string {
  return (
    firstOf(env, [
      'TRANSLOOM_MEMORY_SCOPE',
      // GitHub Actions: the head branch on pull requests, the branch or tag otherwise.
      'GITHUB_HEAD_REF',
      'GITHUB_REF_NAME',
      // GitLab CI: a merge request's source branch, else the branch or tag.
      'CI_MERGE_REQUEST_SOURCE_BRANCH_NAME',
      'CI_COMMIT_REF_NAME',
    ]) ?? 'local'
  );
}

/**
 * The default branch's scope, read by every run: the branch the CI system names as the
 * default, else the branch a pull request goes into, else `main`.
 */
export function defaultBranchScope(env: Env): string {
  return (
    firstOf(env, ['TRANSLOOM_DEFAULT_BRANCH', 'CI_DEFAULT_BRANCH', 'GITHUB_BASE_REF']) ?? 'main'
  );
}

/**
 * The settings of a run's shared memory from the configuration and the environment, or why
 * there is none (`redis: true` and no URL in the environment).
 */
export function resolveSharedMemory(
  config: SharedMemoryConfig,
  env: Env,
): { settings: SharedMemorySettings } | { problem: string } {
  const url = config.redis === true ? env[REDIS_URL_VARIABLE]?.trim() : config.redis;
  if (!url)
    return {
      problem: `translationMemory.redis is true but ${REDIS_URL_VARIABLE} is not set: the shared translation memory is off and this run uses the local one only`,
    };
  const scope = config.scope ?? defaultWriteScope(env);
  const reads = config.readScopes ?? [defaultBranchScope(env)];
  return {
    settings: {
      url,
      label: maskRedisUrl(url),
      prefix: config.prefix,
      scope,
      readScopes: [...new Set([scope, ...reads])],
    },
  };
}
