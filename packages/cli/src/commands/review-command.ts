import { type RunReport, reportJson } from '@transloom/core';
import { type CliIo, EXIT } from '../cli-io.js';
import { colors } from '../color.js';
import { exitCodeOf } from '../exit-code.js';
import { problemLines, summaryLine } from '../format-report.js';
import { openCliProject, stderrNotice } from '../open-cli-project.js';
import { PROJECT_OPTIONS, parseCommandArgs } from '../parse-command-args.js';

/** Help of `transloom review`. */
export const REVIEW_USAGE = `Usage: transloom review [--accept | --retranslate] [--locale L]... [--file PATH]... [--unit ID]... [--json] [--cwd DIR] [-c FILE]

Kept translations that need a person: a person's text whose source changed since it was
written (a stale edit), and text no record says who wrote (its lock lines were lost).

  (no action)     list each, with the source text now and the one it was written for
                  (from the repository's history); sends and writes nothing
  --accept        the kept text is a person's, reviewed for the current source: no longer
                  stale (only the lock changes)
  --retranslate   replace the kept text with a fresh, verified translation
  --locale L, --file PATH, --unit ID
                  only these (repeatable); all of them by default

To edit a translation instead, change it in its target file: the next run keeps it as a
person's text, reviewed for the current source.
`;

// One stale edit, as a reviewer reads it.
function staleLines(report: RunReport): string[] {
  const lines: string[] = [];
  for (const edit of report.stale) {
    lines.push(
      `${edit.file}:${edit.line}:${edit.column}: ${edit.locale} [${edit.unit}]${edit.origin === 'unknown' ? ' (no record says who wrote it)' : ''}`,
    );
    lines.push(`  written for: ${edit.previousSourceText ?? '(not in the repository history)'}`);
    lines.push(`  source now:  ${edit.sourceText ?? '?'}`);
  }
  for (const unit of report.unknown)
    if (
      !report.stale.some(
        (e) => e.file === unit.file && e.unit === unit.unit && e.locale === unit.locale,
      )
    )
      lines.push(
        `${unit.file}:${unit.line}:${unit.column}: ${unit.locale} [${unit.unit}] (no record says who wrote it)`,
      );
  return lines;
}

/** `transloom review`. */
export async function reviewCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    ...PROJECT_OPTIONS,
    accept: { type: 'boolean' },
    retranslate: { type: 'boolean' },
    locale: { type: 'string', multiple: true },
    file: { type: 'string', multiple: true },
    unit: { type: 'string', multiple: true },
  });
  if (values.help) {
    io.stdout.write(REVIEW_USAGE);
    return EXIT.ok;
  }
  if (values.accept && values.retranslate) {
    io.stderr.write(`${colors(io).red('transloom review: --accept or --retranslate, not both')}\n`);
    return EXIT.usage;
  }
  const action = values.accept ? 'accept' : values.retranslate ? 'retranslate' : 'list';
  const project = await openCliProject(io, {
    values,
    localService: action === 'retranslate',
    notice: stderrNotice(io),
  });
  let report: RunReport;
  try {
    report = await project.review({
      action,
      ...(values.locale ? { locales: values.locale } : {}),
      ...(values.file ? { files: values.file } : {}),
      ...(values.unit ? { units: values.unit } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
    });
  } finally {
    await project.close();
  }
  const code = action === 'list' ? EXIT.ok : exitCodeOf(report);
  if (values.json) {
    io.stdout.write(`${JSON.stringify({ ...reportJson(report), exitCode: code })}\n`);
    return code;
  }
  const c = colors(io);
  if (action === 'list') {
    const lines = staleLines(report);
    io.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : 'nothing to review\n');
    return code;
  }
  for (const line of problemLines(report, c)) io.stderr.write(`${line}\n`);
  if (action === 'retranslate') io.stderr.write(`${summaryLine(report)}\n`);
  else io.stderr.write('accepted: the lock records them as reviewed for the current source\n');
  return code;
}
