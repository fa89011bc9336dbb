import { formatDiagnostic, type RunReport } from '@transloom/core';
import type { createColors } from 'picocolors';

type Colors = ReturnType<typeof createColors>;

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Per-locale table of a run. */
export function localeTable(report: RunReport): string {
  const dry = report.mode === 'dry-run';
  const head = dry
    ? ['locale', 'new', 'changed', 'kept', 'texts to send', 'characters', 'requests']
    : ['locale', 'translated', 'reused', 'failed', 'kept', 'unchanged', 'removed'];
  const rows = Object.entries(report.locales).map(([locale, l]) =>
    (dry
      ? [locale, l.new, l.changed, l.kept, l.pending, l.characters, l.requests]
      : [locale, l.translated, l.reused, l.failed, l.kept, l.unchanged, l.removed]
    ).map(String),
  );
  return table([head, ...rows]);
}

/** The status table: where each locale stands, without sending anything. */
export function statusTable(report: RunReport): string {
  const unknown = report.unknown.length > 0;
  const head = ['locale', 'up to date', 'new', 'changed', 'kept', 'stale edits', 'removed'];
  if (unknown) head.push('origin unknown');
  const rows = Object.entries(report.locales).map(([locale, l]) =>
    [
      locale,
      l.unchanged,
      l.new,
      l.changed,
      l.kept,
      l.stale,
      l.removed,
      ...(unknown ? [l.unknown] : []),
    ].map(String),
  );
  return table([head, ...rows]);
}

// Units listed one per line by a check; the JSON summary lists them all.
const MAX_PENDING_LINES = 20;

/** Problems worth a line each: file diagnostics, failed units, units to translate, stale edits. */
export function problemLines(
  report: RunReport,
  c: Colors,
  options: { pending?: boolean } = {},
): string[] {
  const lines = report.diagnostics.map((d) =>
    d.severity === 'error' ? c.red(formatDiagnostic(d)) : c.yellow(formatDiagnostic(d)),
  );
  for (const f of report.failures) {
    lines.push(
      c.red(
        `${f.file}:${f.line}:${f.column}: ${f.locale}: not translated (${f.reason}): ${f.message} [${f.unit}]`,
      ),
    );
  }
  const shown = options.pending ? report.pending.slice(0, MAX_PENDING_LINES) : [];
  for (const p of shown)
    lines.push(
      c.yellow(
        `${p.file}:${p.line}:${p.column}: ${p.locale}: ${p.state === 'new' ? 'not translated yet' : 'source changed since it was translated'} [${p.unit}]`,
      ),
    );
  if (options.pending && report.pending.length > shown.length)
    lines.push(
      c.yellow(
        `... and ${report.pending.length - shown.length} more units to translate (--json lists them all)`,
      ),
    );
  for (const s of report.stale) {
    lines.push(
      c.yellow(
        s.origin === 'unknown'
          ? `${s.file}:${s.line}:${s.column}: ${s.locale}: kept a translation no record says who wrote, and its source has changed since; review it [${s.unit}]`
          : `${s.file}:${s.line}:${s.column}: ${s.locale}: kept a person's translation whose source has changed since; review it [${s.unit}]`,
      ),
    );
    if (s.sourceText !== undefined)
      lines.push(
        `  written for: ${s.previousSourceText ?? '(not in the repository history)'}\n  source now:  ${s.sourceText}`,
      );
  }
  lines.push(...unknownLines(report, c));
  for (const orphan of report.orphans)
    for (const target of orphan.targets)
      lines.push(
        orphan.pruned
          ? `${target}: removed, its source ${orphan.source} is gone`
          : c.yellow(
              `${target}: its source ${orphan.source} is gone (deleted or moved), so no run updates it; transloom translate --prune removes it`,
            ),
      );
  lines.push(...adoptionLines(report, c));
  if (report.unknown.length > 0)
    lines.push(
      c.yellow(
        "origin unknown: no record of Transloom's says who wrote these texts, so they are kept as they are: translations people wrote before Transloom came (transloom adopt previews them, transloom adopt --accept records them as people's), or a lock that lost its lines where no history tells (a shallow clone: git fetch --unshallow, then run again); transloom review settles them one by one",
      ),
    );
  return lines;
}

// Texts no record says who wrote: one line each, or, when there are many (a first run on a
// project that has translations), one line per source file and locale.
function unknownLines(report: RunReport, c: Colors): string[] {
  if (report.unknown.length <= MAX_PENDING_LINES)
    return report.unknown.map((u) =>
      c.yellow(
        `${u.file}:${u.line}:${u.column}: ${u.locale}: no record says who wrote this translation (kept as it is) [${u.unit}]`,
      ),
    );
  const counts = new Map<string, number>();
  for (const u of report.unknown) {
    const key = `${u.file} ${u.locale}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) =>
    c.yellow(
      `${key}: ${n} text${n === 1 ? '' : 's'} no record says who wrote, kept as they are (--json lists them)`,
    ),
  );
}

// What adoption kept of a person's: texts equal to their source, and pages left as they are.
function adoptionLines(report: RunReport, c: Colors): string[] {
  const lines: string[] = [];
  const same = report.sameAsSource.slice(0, MAX_PENDING_LINES);
  for (const u of same)
    lines.push(
      `${u.file}:${u.line}:${u.column}: ${u.locale}: kept as a person's choice: the same as its source (transloom review --retranslate --unit ${u.unit} translates it) [${u.unit}]`,
    );
  if (report.sameAsSource.length > same.length)
    lines.push(
      `... and ${report.sameAsSource.length - same.length} more kept the same as their source (--json lists them all)`,
    );
  for (const page of report.notAligned)
    lines.push(
      c.yellow(
        `${page.target}:${page.line}:${page.column}: not aligned: kept as the person wrote it (it differs from ${page.source} written with its own texts here)${page.due > 0 ? `; ${page.due} unit${page.due === 1 ? '' : 's'} of the source not in it` : ''}`,
      ),
    );
  if (report.notAligned.some((p) => p.due > 0))
    lines.push(
      c.yellow(
        'not aligned: Transloom writes a page a person translated only where it lines up with its source; bring the page in line by hand, or let Transloom write it from the source (transloom review --retranslate, or translate --overwrite-edits)',
      ),
    );
  return lines;
}

/** The closing line of a run. */
export function summaryLine(report: RunReport): string {
  const seconds = (report.durationMs / 1000).toFixed(1);
  const written = report.files.written.length;
  const parts = [
    `${written} file${written === 1 ? '' : 's'} written`,
    `${report.files.upToDate} of ${report.files.total} source files up to date`,
    `${report.requests} request${report.requests === 1 ? '' : 's'}`,
    `${report.billedCharacters} billed characters`,
  ];
  let line = `${parts.join(', ')} in ${seconds} s`;
  if (report.stopped === 'quota')
    line +=
      '\nstopped: the service quota is reached (456); everything translated so far was written. Run again when the quota allows.';
  if (report.stopped === 'budget')
    line += '\nstopped: maxCharacters reached; everything translated so far was written.';
  return line;
}

const LINK_RULES = new Set(['broken-link', 'broken-anchor']);

/** How many files could not be read or written (error diagnostics other than links). */
export function unreadable(report: RunReport): number {
  return new Set(
    report.diagnostics
      .filter((d) => d.severity === 'error' && !LINK_RULES.has(d.rule))
      .map((d) => d.file),
  ).size;
}

/**
 * The closing lines of `check`: one for each reason its exit code is not 0 (files that cannot
 * be read, broken links, units to translate), or the one line that everything is up to date.
 */
export function checkVerdict(
  report: RunReport,
  c: Colors,
  options: { allowStale?: boolean } = {},
): string[] {
  const lines: string[] = [];
  const files = unreadable(report);
  if (files > 0)
    lines.push(
      c.red(
        `check: ${files} file${files === 1 ? '' : 's'} cannot be read or written; fix the errors above`,
      ),
    );
  const links = report.diagnostics.filter((d) => LINK_RULES.has(d.rule)).length;
  if (links > 0)
    lines.push(c.red(`check: ${links} broken link${links === 1 ? '' : 's'} in the built site`));
  const units = report.pending.length + report.failures.length;
  if (units > 0 || report.files.outdated.length > 0)
    lines.push(
      c.yellow(
        `check: ${units} unit${units === 1 ? '' : 's'} missing or out of date${report.files.outdated.length > 0 ? ` in ${report.files.outdated.length} target file${report.files.outdated.length === 1 ? '' : 's'}` : ''}; run transloom translate`,
      ),
    );
  const orphans = report.orphans.reduce((n, o) => n + (o.pruned ? 0 : o.targets.length), 0);
  if (orphans > 0)
    lines.push(
      c.yellow(
        `check: ${orphans} target file${orphans === 1 ? '' : 's'} whose source is gone; transloom translate --prune removes ${orphans === 1 ? 'it' : 'them'}`,
      ),
    );
  const behind = report.notAligned.filter((p) => p.due > 0).length;
  if (behind > 0 && !options.allowStale)
    lines.push(
      c.yellow(
        `check: ${behind} page${behind === 1 ? '' : 's'} a person translated that lack${behind === 1 ? 's' : ''} some of the source and do${behind === 1 ? 'es' : ''} not line up with it; see above, or pass --allow-stale`,
      ),
    );
  const stale = report.stale.length;
  if (stale > 0 && !options.allowStale)
    lines.push(
      c.yellow(
        `check: ${stale} translation${stale === 1 ? '' : 's'} kept whose source changed since; review ${stale === 1 ? 'it' : 'them'} (transloom review), or pass --allow-stale`,
      ),
    );
  if (report.unknown.length > 0)
    lines.push(
      c.yellow(
        `check: ${report.unknown.length} translation${report.unknown.length === 1 ? '' : 's'} that no record says who wrote: transloom adopt if people wrote them, transloom review one by one (exit 11 when nothing else is due)`,
      ),
    );
  if (lines.length === 0) lines.push(c.green('check: every target is up to date'));
  return lines;
}
