import { GIT_NETWORK_TIMEOUT_MS, type Git, isShallow } from './git.js';

/**
 * How a shallow clone is deepened, step by step, until two commits' merge base is in it: a
 * few commits first (the usual case: the base moved on by a handful since the bot branch
 * last merged it), then more, then the whole history. Bounded: four fetches at most.
 */
export const DEEPEN_STEPS: ReadonlyArray<readonly string[]> = [
  ['--deepen=32'],
  ['--deepen=512'],
  ['--deepen=8192'],
  ['--unshallow'],
];

/** Options of {@link ensureMergeBase}. */
export interface EnsureMergeBaseOptions {
  remote: string;
  /** The remote branches whose history is deepened (the two commits are on them). */
  branches: readonly string[];
  /** Told of each fetch that deepens the clone. */
  log?: (line: string) => void;
}

async function mergeBase(git: Git, a: string, b: string): Promise<string | undefined> {
  const found = await git.run(['merge-base', a, b], { allowFailure: true });
  return found.code === 0 ? found.stdout.trim() : undefined;
}

/**
 * The merge base of `a` and `b`, fetching the history it needs first: `actions/checkout`
 * clones one commit deep, and without the history between the two tips git finds no common
 * commit ("refusing to merge unrelated histories"). Undefined when the histories really share
 * no commit.
 */
export async function ensureMergeBase(
  git: Git,
  a: string,
  b: string,
  options: EnsureMergeBaseOptions,
): Promise<string | undefined> {
  let found = await mergeBase(git, a, b);
  const refspecs = options.branches.map(
    (branch) => `+refs/heads/${branch}:refs/remotes/${options.remote}/${branch}`,
  );
  for (const step of DEEPEN_STEPS) {
    if (found !== undefined || !(await isShallow(git))) break;
    options.log?.(
      `The checkout is shallow: fetching history (${step.join(' ')}) of ${options.branches.join(' and ')} to find their common commit`,
    );
    await git.run(['fetch', '--no-tags', ...step, options.remote, ...refspecs], {
      timeoutMs: GIT_NETWORK_TIMEOUT_MS,
    });
    found = await mergeBase(git, a, b);
  }
  return found;
}
