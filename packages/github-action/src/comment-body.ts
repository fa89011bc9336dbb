import type { ActionReport } from './action-report.js';
import { type PullRequestTotals, totalsLine } from './comment-totals.js';
import { code, formatCount, link } from './markdown-text.js';

/** The hidden first line that finds the Action's comment again on a pull request. */
export const COMMENT_MARKER = '<!-- transloom-action:sticky-comment -->';
/** Stale edits listed in the comment before pointing to the job summary. */
export const COMMENT_STALE_ROWS = 50;

const OUTCOME: Record<ActionReport['outcome'], string> = {
  done: '✅ Every string is translated.',
  work: '🟡 Some strings are not translated yet.',
  failed: '❌ Some strings could not be translated.',
  stopped: '⏸️ The run stopped at its character budget or the quota; the next run goes on.',
  unknown:
    '🟡 Every string is translated, but no record says who wrote some translations (`transloom review`).',
};

// What the run cost and what the pull request's runs cost so far, and the stale edits.
function costLines(report: ActionReport, pullRequest: PullRequestTotals | undefined): string[] {
  const lines = [
    '',
    `Requests: **${formatCount(report.requests)}** · Billed characters: **${formatCount(report.billedCharacters)}** · Stale edits: **${formatCount(report.totals.stale)}**`,
  ];
  if (pullRequest) {
    const { totals, complete } = pullRequest;
    lines.push(
      '',
      `This pull request so far: **${formatCount(totals.requests)}** requests and **${formatCount(totals.billedCharacters)}** billed characters over ${formatCount(totals.runs)} translate runs${complete ? '' : ' (counted since this run: the total the comment carried could not be read)'}.`,
    );
  }
  return lines;
}

/**
 * The sticky comment for a report: the per-locale table, requests and billed characters (this
 * run's, and the pull request's over its runs, carried in a hidden line), the number of stale
 * human edits and those to review, and a link to the job summary. Every string that came from
 * the report is escaped; numbers are formatted from validated integers.
 */
export function renderComment(
  report: ActionReport,
  context: {
    summaryUrl: string | undefined;
    commitSha?: string | undefined;
    /** A dry run: the counts are what a run would send. */
    dryRun?: boolean;
    /**
     * The report came from another run (comment mode): the comment says so, and names the
     * commit that run checked (a fork's run wrote the file: its counts are its own claim).
     */
    fromCheckRun?: { headSha: string | null };
    /** What the pull request's runs paid for so far, this one's included. */
    totals?: PullRequestTotals | undefined;
  },
): string {
  const pending = Object.values(report.locales).reduce((n, l) => n + l.pending, 0);
  const outcome = context.dryRun
    ? `🔍 Dry run: ${formatCount(pending)} strings would be sent; nothing was sent, written, committed or posted.`
    : OUTCOME[report.outcome];
  const lines = [COMMENT_MARKER];
  // Second, hidden: the next run reads it back and adds its own cost.
  if (context.totals) lines.push(totalsLine(context.totals.totals));
  lines.push('### Transloom', '', outcome);
  if (context.fromCheckRun)
    lines.push(
      '',
      context.fromCheckRun.headSha && /^[0-9a-f]{40,64}$/.test(context.fromCheckRun.headSha)
        ? `These counts come from the check run of commit ${context.fromCheckRun.headSha}, as its report file tells them.`
        : 'These counts come from a check run, as its report file tells them.',
    );
  const locales = Object.keys(report.locales).sort();
  if (locales.length > 0) {
    lines.push(
      '',
      '| Locale | Translated | Reused from memory | Kept human edits | Failed | Missing | Stale edits |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const name of locales) {
      const l = report.locales[name]!;
      lines.push(
        `| ${code(name, 40)} | ${formatCount(l.translated)} | ${formatCount(l.reused)} | ${formatCount(l.kept)} | ${formatCount(l.failed)} | ${formatCount(l.pending)} | ${formatCount(l.stale)} |`,
      );
    }
  }
  lines.push(...costLines(report, context.totals));
  if (context.commitSha && /^[0-9a-f]{40}$/.test(context.commitSha))
    lines.push('', `Translations committed in ${context.commitSha}.`);
  if (report.totals.stale > 0) {
    lines.push(
      '',
      `<details><summary>${formatCount(report.totals.stale)} human edits whose source changed: worth a review</summary>`,
      '',
      '| File | Line | Locale | Key |',
      '| --- | ---: | --- | --- |',
    );
    for (const edit of report.stale.slice(0, COMMENT_STALE_ROWS))
      lines.push(
        `| ${code(edit.file)} | ${formatCount(edit.line)} | ${code(edit.locale, 40)} | ${code(edit.unit)} |`,
      );
    const more = report.totals.stale - Math.min(report.stale.length, COMMENT_STALE_ROWS);
    if (more > 0) lines.push('', `…and ${formatCount(more)} more in the job summary.`);
    lines.push('', '</details>');
  }
  if (report.totals.missing > 0 || report.totals.failed > 0)
    lines.push(
      '',
      `${formatCount(report.totals.missing)} strings missing, ${formatCount(report.totals.failed)} failed: each is annotated on its source line.`,
    );
  lines.push('', link('Job summary', context.summaryUrl));
  return `${lines.join('\n')}\n`;
}
