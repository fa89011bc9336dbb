import { z } from 'zod';

/** What a pull request's translate runs paid for, carried from run to run in its sticky comment. */
export interface CommentTotals {
  /** Translate runs counted. */
  runs: number;
  requests: number;
  billedCharacters: number;
}

/** The pull request's totals a comment shows, and whether they go back to its first run. */
export interface PullRequestTotals {
  totals: CommentTotals;
  /**
   * False when an earlier comment's totals could not be read (an older Action wrote it, or
   * someone edited it): the totals are counted from this run on.
   */
  complete: boolean;
}

const PREFIX = '<!-- transloom-action:totals ';
const SUFFIX = ' -->';
// The line is the Action's own, a few dozen characters: anything longer is not read.
const MAX_LINE = 300;

const count = z.number().int().min(0).max(1e15);
const totalsSchema = z.strictObject({
  v: z.literal(1),
  runs: count,
  requests: count,
  billedCharacters: count,
});

/** The hidden line of the comment that carries the totals (an HTML comment with JSON). */
export function totalsLine(totals: CommentTotals): string {
  const { runs, requests, billedCharacters } = totals;
  return `${PREFIX}${JSON.stringify({ v: 1, runs, requests, billedCharacters })}${SUFFIX}`;
}

/**
 * The totals a comment carries, or undefined when it carries none that can be read. The
 * comment is the Action's own, but anyone who can write to the repository can edit it: the
 * line is looked for at the start of a line, capped, parsed in a `try` and checked against
 * its schema, and anything else counts as no totals.
 */
export function readCommentTotals(body: string | undefined): CommentTotals | undefined {
  if (!body) return undefined;
  // Where the line starts: 0 is the body's start only when the body starts with it.
  const start = body.startsWith(PREFIX) ? 0 : body.indexOf(`\n${PREFIX}`) + 1;
  if (start === 0 && !body.startsWith(PREFIX)) return undefined;
  const end = body.indexOf('\n', start);
  const line = body.slice(start, end === -1 ? undefined : end).trimEnd();
  if (line.length > MAX_LINE || !line.endsWith(SUFFIX)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(line.slice(PREFIX.length, -SUFFIX.length));
  } catch {
    return undefined;
  }
  const parsed = totalsSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const { runs, requests, billedCharacters } = parsed.data;
  return { runs, requests, billedCharacters };
}

/**
 * The totals after a translate run, from the comment it updates (`previous`, its body, or
 * undefined when there is none yet) and what the run paid for.
 */
export function totalsWithRun(
  previous: string | undefined,
  run: { requests: number; billedCharacters: number },
): PullRequestTotals {
  const carried = readCommentTotals(previous);
  const before = carried ?? { runs: 0, requests: 0, billedCharacters: 0 };
  return {
    totals: {
      runs: before.runs + 1,
      requests: before.requests + run.requests,
      billedCharacters: before.billedCharacters + run.billedCharacters,
    },
    complete: previous === undefined || carried !== undefined,
  };
}

/** The totals a run that pays nothing (a check) carries over, when the comment has any. */
export function totalsCarried(previous: string | undefined): PullRequestTotals | undefined {
  const carried = readCommentTotals(previous);
  return carried ? { totals: carried, complete: true } : undefined;
}
