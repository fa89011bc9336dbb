import type { RunReport } from '@transloom/core';
import { missingOf } from './action-report.js';
import { code, escapeMarkdown, formatCount } from './markdown-text.js';

/** Rows per list in the job summary (GitHub keeps at most 1 MiB of summary per step). */
export const SUMMARY_ROWS = 500;

const where = (repoPath: (file: string) => string, u: { file: string; line: number }) =>
  `${code(repoPath(u.file))}:${formatCount(u.line)}`;

function list<T>(
  title: string,
  items: readonly T[],
  header: string,
  row: (item: T) => string,
): string[] {
  if (items.length === 0) return [];
  const columns = header.split('|').filter((c) => c.trim()).length;
  const lines = [
    '',
    `#### ${title} (${formatCount(items.length)})`,
    '',
    header,
    `|${' --- |'.repeat(columns)}`,
  ];
  for (const item of items.slice(0, SUMMARY_ROWS)) lines.push(row(item));
  if (items.length > SUMMARY_ROWS)
    lines.push('', `…and ${formatCount(items.length - SUMMARY_ROWS)} more (see the report file).`);
  return lines;
}

/**
 * The job summary of a run: the outcome, notes (why nothing ran, whether checks re-run), the
 * per-locale table, requests and billed characters, and every missing, failed and stale unit
 * and file problem. Every name from the project's files is escaped.
 */
export function renderJobSummary(
  options: { title: string; outcome: string; notes?: readonly string[] } & (
    | { report?: undefined }
    | {
        report: RunReport;
        /** Turns a path relative to the project into one relative to the repository. */
        repoPath: (file: string) => string;
      }
  ),
): string {
  const lines = [`### ${escapeMarkdown(options.title)}`, '', escapeMarkdown(options.outcome, 1000)];
  for (const note of options.notes ?? []) lines.push('', `> ${escapeMarkdown(note, 1000)}`);
  if (!options.report) return `${lines.join('\n')}\n`;
  const { report, repoPath } = options;
  lines.push(
    '',
    '| Locale | Up to date | New | Changed | Translated | Reused | Kept human edits | Failed | Missing | Stale edits | Removed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const [name, l] of Object.entries(report.locales).sort(([a], [b]) => a.localeCompare(b))) {
    const cells = [
      l.unchanged,
      l.new,
      l.changed,
      l.translated,
      l.reused,
      l.kept,
      l.failed,
      missingOf(report, l),
    ];
    lines.push(
      `| ${code(name, 40)} | ${[...cells, l.stale, l.removed].map(formatCount).join(' | ')} |`,
    );
  }
  lines.push(
    '',
    `Requests: **${formatCount(report.requests)}** · Billed characters: **${formatCount(report.billedCharacters)}** · Files: ${formatCount(report.files.total)} (${formatCount(report.files.upToDate)} up to date, ${formatCount(report.files.written.length)} written)`,
  );
  lines.push(
    ...list('Missing translations', report.pending, '| Source | Locale | Key | State |', (u) => {
      return `| ${where(repoPath, u)} | ${code(u.locale, 40)} | ${code(u.unit)} | ${u.state} |`;
    }),
    ...list('Failed', report.failures, '| Source | Locale | Key | Why |', (u) => {
      return `| ${where(repoPath, u)} | ${code(u.locale, 40)} | ${code(u.unit)} | ${escapeMarkdown(u.message, 300)} |`;
    }),
    ...list(
      'Human edits whose source changed',
      report.stale,
      '| Source | Locale | Key |',
      (u) => `| ${where(repoPath, u)} | ${code(u.locale, 40)} | ${code(u.unit)} |`,
    ),
    ...list('Problems in files', report.diagnostics, '| File | Rule | Problem |', (d) => {
      return `| ${where(repoPath, d)} | ${code(d.rule, 80)} | ${escapeMarkdown(d.message, 300)} |`;
    }),
  );
  return `${lines.join('\n')}\n`;
}
