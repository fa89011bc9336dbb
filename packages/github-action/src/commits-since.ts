import { type EnsureMergeBaseOptions, ensureMergeBase } from './ensure-merge-base.js';
import type { Git } from './git.js';

/** A commit as the loop guard reads it. */
export interface CommitSummary {
  sha: string;
  authorEmail: string;
  message: string;
}

/**
 * The commits after `from` up to `to`, newest first, with their authors and messages; the
 * history between them is fetched first when the clone is shallow. Undefined when `from` is
 * not an ancestor of `to` (the branch was rewritten), or is not in the history at all.
 */
export async function commitsSince(
  git: Git,
  from: string,
  to: string,
  options: EnsureMergeBaseOptions,
): Promise<CommitSummary[] | undefined> {
  const base = await ensureMergeBase(git, from, to, options);
  if (base !== from) return undefined;
  // Fields apart by the unit separator, commits by NUL: a message holds neither.
  const log = await git.run(['log', '-z', '--format=%H%x1f%ae%x1f%B', `${from}..${to}`, '--']);
  return log.stdout
    .split('\0')
    .filter(Boolean)
    .map((entry) => {
      const [sha = '', authorEmail = '', message = ''] = entry.split('\x1f');
      return { sha, authorEmail, message };
    });
}
