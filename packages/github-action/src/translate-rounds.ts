import { relative, sep } from 'node:path';
import * as core from '@actions/core';
import type { RunReport } from '@transloom/core';
import type { ActionContext } from './action-context.js';
import { commitTranslation, pushedNote } from './commit-translation.js';
import { checkoutDetached, fetchTip, type Git } from './git.js';
import { type BotBranch, prepareBotBranch } from './prepare-branch.js';
import { pushWithoutForce } from './publish-commit.js';
import type { ActionEngine } from './translate-with-engine.js';

/**
 * How many times a run translates at most: once, and again each time its branch moved before
 * its push. Bounded: a branch pushed to without a pause could keep a run going.
 */
export const TRANSLATE_ROUNDS = 4;

/** What {@link translateInRounds} did. */
export type RoundsOutcome =
  /** Push mode: the base does not merge into the bot branch; nothing was translated. */
  | { kind: 'unmerged'; files: string[] }
  | {
      kind: 'translated';
      /** Every round's report; the last one's files are those committed. */
      reports: [RunReport, ...RunReport[]];
      /** The commit pushed, if any. */
      commitSha: string | undefined;
      /** Why what the run translated was not pushed (the step fails with it). */
      failure: string | undefined;
    };

/** What the rounds of a run share. */
interface Rounds {
  ctx: ActionContext;
  git: Git;
  engine: ActionEngine;
  branch: string;
  /** Push mode: the base branch, and the commit of it the run translates. */
  base: { name: string; sha: string } | undefined;
  notes: string[];
  reports: RunReport[];
}

// The rest of the run's budget after `reports`, or undefined when the run has none.
function budgetLeft(max: number | undefined, reports: readonly RunReport[]): number | undefined {
  if (max === undefined) return undefined;
  return Math.max(0, max - reports.reduce((n, r) => n + r.billedCharacters, 0));
}

function outcome(run: Rounds, commitSha: string | undefined, failure?: string): RoundsOutcome {
  return {
    kind: 'translated',
    reports: run.reports as [RunReport, ...RunReport[]],
    commitSha,
    failure,
  };
}

// Push mode: the bot branch with the base merged in, for round `n`; notes what the merge did.
async function prepareRound(run: Rounds, n: number): Promise<BotBranch> {
  const { ctx, git, engine, branch, notes } = run;
  const base = run.base!;
  const top = await git.text(['rev-parse', '--show-toplevel']);
  const prepared = await prepareBotBranch(git, {
    branch,
    base: base.name,
    baseSha: base.sha,
    lockPath: relative(top, engine.lockFile).split(sep).join('/'),
    author: ctx.inputs.commitAuthor,
    log: (line) => core.info(line),
  });
  if (prepared.kind !== 'ready') return prepared;
  if (prepared.merged && n === 1) notes.push(`Merged ${base.name} into ${branch} first.`);
  const resolved = `${ctx.repoPath(engine.lockFile)} conflicted in the merge of ${base.name}: both sides' lines were kept.`;
  if (prepared.lockResolved && !notes.includes(resolved)) notes.push(resolved);
  return prepared;
}

// Round `n` on the checkout as it is: (push mode) merge, translate, commit, push. The run's
// outcome, or `moved` when the push found the branch moved.
async function translateRound(run: Rounds, n: number): Promise<RoundsOutcome | 'moved'> {
  const { ctx, git, engine, branch, base, notes } = run;
  const { inputs } = ctx;
  const prepared = base && !inputs.dryRun ? await prepareRound(run, n) : undefined;
  if (prepared?.kind === 'conflict') {
    if (n === 1) return { kind: 'unmerged', files: prepared.files };
    return outcome(run, undefined, unmergedMessage(base!.name, branch, prepared.files));
  }
  const scope: string[] = [];
  const report = await engine.translate({
    notes: scope,
    maxCharacters: budgetLeft(inputs.maxCharacters, run.reports),
  });
  run.reports.push(report);
  if (inputs.dryRun) {
    notes.push(...scope);
    return outcome(run, undefined);
  }
  const { root, lockFile } = engine;
  const sha = await commitTranslation(ctx, git, { report, root, lockFile, notes });
  // A merge whose lock conflict was resolved is pushed alone: the bot's pull request then
  // merges again.
  if (!sha && !prepared?.lockResolved) {
    notes.push(...scope, 'Nothing to translate: no commit.');
    return outcome(run, undefined);
  }
  const pushed = await pushWithoutForce({ git, remote: 'origin', branch });
  if (pushed.kind === 'moved') return 'moved';
  notes.push(...scope);
  if (n > 1)
    notes.push(
      `${branch} moved during the run: it was translated again on its new tip (${n} rounds); what earlier rounds translated came from the run's translation memory.`,
    );
  notes.push(pushedNote(ctx, pushed.sha, branch));
  return outcome(run, pushed.sha);
}

/**
 * The translate, commit and push of a run, on a branch that may move while it runs. A round
 * translates the checkout, commits what it wrote and pushes without force. When the push
 * finds the branch moved (a person pushed to the pull request's branch, or someone to the bot
 * branch), the next round starts from the new tip (push mode: merges the bot branch's new tip
 * again) and translates again: a push's new strings are translated by the run it landed in,
 * and what was translated before is found in the run's translation memory, so nothing is sent
 * twice. There is no rebase: a person's change next to the run's (a target edited by hand, a
 * lock translated elsewhere) is no conflict, it is what the next round plans on.
 */
export async function translateInRounds(
  ctx: ActionContext,
  git: Git,
  engine: ActionEngine,
  target: { branch: string; base: string | undefined; notes: string[] },
): Promise<RoundsOutcome> {
  const { branch, notes } = target;
  const start = await git.text(['rev-parse', 'HEAD']);
  const base = target.base ? { name: target.base, sha: start } : undefined;
  const run: Rounds = { ctx, git, engine, branch, base, notes, reports: [] };
  for (let n = 1; n <= TRANSLATE_ROUNDS; n++) {
    const done = await translateRound(run, n);
    if (done !== 'moved') return done;
    core.info(
      `${branch} moved since the run started: translating again on its new tip (what was translated is not sent again)`,
    );
    if (n === TRANSLATE_ROUNDS) break;
    // Only the run's own files differ from the commit it left: they are replaced.
    await checkoutDetached(git, base ? base.sha : await fetchTip(git, 'origin', branch), {
      force: true,
    });
    await engine.reload();
  }
  return outcome(
    run,
    undefined,
    `${branch} moved ${TRANSLATE_ROUNDS} times while the run translated it: nothing was overwritten and nothing was pushed. What the run translated is in its translation memory; run the workflow again.`,
  );
}

/** Why the base cannot be merged into the bot branch: the files that conflict. */
export function unmergedMessage(base: string, branch: string, files: readonly string[]): string {
  return `${base} cannot be merged into ${branch} without a conflict in ${files.join(', ')}: resolve it on ${branch} (or merge or close its pull request); nothing was pushed.`;
}
