import { type RunReport, reportJson } from '@transloom/core';
import { type CliIo, EXIT } from '../cli-io.js';
import { colors } from '../color.js';
import { exitCodeOf } from '../exit-code.js';
import { problemLines } from '../format-report.js';
import { openCliProject, stderrNotice } from '../open-cli-project.js';
import { PROJECT_OPTIONS, parseCommandArgs } from '../parse-command-args.js';

/** Help of `transloom adopt`. */
export const ADOPT_USAGE = `Usage: transloom adopt [--accept] [--locale L]... [--file PATH]... [--json] [--cwd DIR] [-c FILE]

Takes on the translations a project already has. Transloom never replaces a text it did not
write; a text no record of Transloom's names (its lock has never seen it) is of unknown
origin until a person says whose it is.

  (no action)   per source file and locale: the texts found that no record names (kept as
                they are), what a run would translate, and the pages that do not line up
                with their source (kept as the person wrote them); sends and writes nothing
  --accept      the texts found are people's: the lock records them so (only the lock
                changes). What the translation memory or a lock line says Transloom wrote
                stays Transloom's.
  --locale L, --file PATH
                only these (repeatable); all of them by default
`;

interface FileLocale {
  file: string;
  locale: string;
  found: number;
  translate: number;
}

// What the preview found, by source file and locale, in the order the files come.
function byFileLocale(report: RunReport): FileLocale[] {
  const rows = new Map<string, FileLocale>();
  const row = (file: string, locale: string) => {
    const key = `${file}\0${locale}`;
    let found = rows.get(key);
    if (!found) {
      found = { file, locale, found: 0, translate: 0 };
      rows.set(key, found);
    }
    return found;
  };
  for (const unit of report.unknown) row(unit.file, unit.locale).found++;
  for (const unit of report.pending) row(unit.file, unit.locale).translate++;
  return [...rows.values()].sort(
    (a, b) => a.file.localeCompare(b.file) || a.locale.localeCompare(b.locale),
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The preview of an adoption, as a person reads it. */
export function adoptionPreview(report: RunReport): string[] {
  const lines: string[] = [];
  for (const row of byFileLocale(report)) {
    const parts: string[] = [];
    if (row.found > 0) parts.push(`${plural(row.found, 'text')} found, kept as they are`);
    if (row.translate > 0) parts.push(`${row.translate} to translate`);
    lines.push(`${row.file} ${row.locale}: ${parts.join(', ')}`);
  }
  for (const page of report.notAligned)
    lines.push(
      `${page.target}: not aligned at ${page.line}:${page.column}: kept as the person wrote it${page.due > 0 ? ` (${plural(page.due, 'unit')} of ${page.source} not in it)` : ''}`,
    );
  for (const [locale, counts] of Object.entries(report.locales))
    lines.push(
      `${locale}: ${counts.kept} a person's already, ${counts.unknown} found, ${counts.pending} to translate`,
    );
  if (report.unknown.length > 0)
    lines.push(
      `transloom adopt --accept records the ${plural(report.unknown.length, 'text')} found as people's; transloom translate then translates the rest`,
    );
  else lines.push('nothing to adopt: every text found has a record of who wrote it');
  return lines;
}

/** `transloom adopt`. */
export async function adoptCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    ...PROJECT_OPTIONS,
    accept: { type: 'boolean' },
    locale: { type: 'string', multiple: true },
    file: { type: 'string', multiple: true },
  });
  if (values.help) {
    io.stdout.write(ADOPT_USAGE);
    return EXIT.ok;
  }
  const action = values.accept ? 'accept' : 'preview';
  const project = await openCliProject(io, { values, notice: stderrNotice(io) });
  let report: RunReport;
  try {
    report = await project.adopt({
      action,
      ...(values.locale ? { locales: values.locale } : {}),
      ...(values.file ? { files: values.file } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
    });
  } finally {
    await project.close();
  }
  // Recording who wrote what fails only when a file could not be read or the lock written.
  const code = exitCodeOf(report) === EXIT.failed ? EXIT.failed : EXIT.ok;
  if (values.json) {
    io.stdout.write(`${JSON.stringify({ ...reportJson(report), exitCode: code })}\n`);
    return code;
  }
  if (action === 'preview') {
    io.stdout.write(`${adoptionPreview(report).join('\n')}\n`);
    return code;
  }
  for (const line of problemLines(report, colors(io))) io.stderr.write(`${line}\n`);
  const kept = Object.values(report.locales).reduce((n, l) => n + l.kept, 0);
  io.stderr.write(`adopted: the lock records ${plural(kept, "person's text", "people's texts")}\n`);
  return code;
}
