import type { ParseArgsConfig } from 'node:util';
import {
  checkBuiltLinks,
  type Project,
  type ProjectFiles,
  parseShard,
  type RunReport,
  reportJson,
} from '@transloom/core';
import { type CliIo, EXIT } from '../cli-io.js';
import { colorEnabled, colors } from '../color.js';
import { exitCodeOf } from '../exit-code.js';
import {
  checkVerdict,
  localeTable,
  problemLines,
  statusTable,
  summaryLine,
  unreadable,
} from '../format-report.js';
import { applyHeapGrowth } from '../heap-growth.js';
import { openCliProject } from '../open-cli-project.js';
import {
  PROJECT_OPTIONS,
  parseCommandArgs,
  REQUEST_TIMEOUT_OPTION,
  workingDirectory,
} from '../parse-command-args.js';
import { createProgressDisplay, type ProgressDisplay, progressStyle } from '../progress-display.js';
import { reportError } from '../report-error.js';

/** Help of `transloom translate`. */
export const TRANSLATE_USAGE = `Usage: transloom translate [options]

Translates the project's localization files: only what is new or changed, verified, written
atomically, who wrote each text on the disk before the text is (the lock's journal).

Options:
  --locale L         only this target locale (repeatable)
  --file PATH        only this source file (repeatable)
  --dry-run          print what would be sent (units, characters, requests per locale); send and write nothing
  --force            translate every unit again (people's edits are still kept)
  --overwrite-edits  translate units a person edited too
  --prune            remove the targets whose source is gone (deleted or moved), with their
                     lock lines
  --frozen           send and write nothing; exit 10 when any unit still needs translating
  --allow-empty      a file entry that matches no source file is not an error
  --no-wait          when another run is working on the project, exit 2 instead of waiting for it
  --request-timeout MS
                     stop when a request gets no answer for MS milliseconds (default: the
                     configuration's requestTimeout, else 60000)
  --shard I/N        translate only shard I of N of the missing texts, into the shared memory
                     (translationMemory.redis), writing no file and no lock; a final run
                     without --shard then writes everything (see the README's CI matrix)
  --json             print one JSON summary on stdout
  --quiet            no progress output
  --cwd DIR          run in DIR (default: the current directory)
  -c, --config FILE  use this config file instead of searching for one

Service: TRANSLOOM_API_KEY and TRANSLOOM_API_URL; with neither set, the built-in local service
(pseudo-localization) runs in-process.

A target holds only verified translations and what people wrote: a unit that is not
translated (failed, refused, frozen, interrupted) keeps what its target had, and a new one is
left out of a catalog (the app shows the source); a page is written only when all of it is
translated.

Exit codes: 0 done, 1 internal error, 2 usage or config error, 3 some units failed or a file
could not be read or written, 4 quota or budget reached, 5 the service cannot be reached
(connections refused or reset, or no answer within the request timeout), 10 (--frozen) more
work is needed, 130 interrupted (Ctrl-C), 143 terminated (SIGTERM).
`;

/** Help of `transloom check`. */
export const CHECK_USAGE = `Usage: transloom check [--locale L]... [--file PATH]... [--links DIR [--base PATH]] [--json] [--cwd DIR] [-c FILE]

Sends nothing and writes nothing. Exits 10 when any unit is missing, stale or failed, or a
target file is out of date; 3 when a file cannot be read or a link is broken; 0 when
everything is translated. --json lists every missing or stale unit with its file, line and
locale.

  --links DIR   also check every link and #anchor between the pages of a built site in DIR
                (the generator's output folder); a broken one is an error (exit 3)
  --base PATH   the site's base path (default /)
  --allow-empty a file entry that matches no source file is not an error
  --allow-stale a kept translation whose source changed since is not work (exit 0, listed)

Exit codes: 0 up to date, 3 a file cannot be read or a link is broken, 10 units missing,
changed, failed or stale (a person's text whose source changed since), 11 only texts that no
record says who wrote (the lock lost their lines; run in a clone with its history).
`;

/** Help of `transloom status`. */
export const STATUS_USAGE = `Usage: transloom status [--locale L]... [--json] [--cwd DIR] [-c FILE]

Prints, per locale, how many units are up to date, new, changed, kept (a person's text) and
removed, then the file entries of the configuration. Sends nothing and writes nothing. Exits 3
when a file cannot be read, else 0.
`;

type Mode = 'translate' | 'check' | 'status';

// The configuration's file entries, a preset's expanded ones marked, with the files each matches.
function entryLines(files: ProjectFiles): string {
  return files.entries
    .map(({ index, entry, preset, sources: n }) => {
      const from = preset ? ` [preset ${preset}]` : '';
      return `files[${index}]: ${entry.source}${entry.target ? ` -> ${entry.target}` : ''}${entry.format ? ` (${entry.format})` : ''}: ${n} file${n === 1 ? '' : 's'}${from}\n`;
    })
    .join('');
}

const HELP: Record<Mode, string> = {
  translate: TRANSLATE_USAGE,
  check: CHECK_USAGE,
  status: STATUS_USAGE,
};

// The flags of each mode.
function optionsOf(mode: Mode): NonNullable<ParseArgsConfig['options']> {
  return {
    ...PROJECT_OPTIONS,
    locale: { type: 'string', multiple: true },
    file: { type: 'string', multiple: true },
    'allow-empty': { type: 'boolean' },
    ...(mode === 'check'
      ? { links: { type: 'string' }, base: { type: 'string' }, 'allow-stale': { type: 'boolean' } }
      : {}),
    ...(mode === 'translate'
      ? {
          'dry-run': { type: 'boolean' },
          force: { type: 'boolean' },
          'overwrite-edits': { type: 'boolean' },
          prune: { type: 'boolean' },
          frozen: { type: 'boolean' },
          'no-wait': { type: 'boolean' },
          shard: { type: 'string' },
          quiet: { type: 'boolean', short: 'q' },
          ...REQUEST_TIMEOUT_OPTION,
        }
      : {}),
  };
}

/** What a command's flags say, read once. */
interface CommandValues {
  locale?: string[] | undefined;
  file?: string[] | undefined;
  links?: string | undefined;
  base?: string | undefined;
  shard?: string | undefined;
  json?: boolean | undefined;
  cwd?: string | undefined;
  config?: string | undefined;
  'request-timeout'?: string | undefined;
}

type Flags = Record<string, boolean | undefined>;

// The one call of the mode on the project.
function callProject(
  mode: Mode,
  project: Project,
  io: CliIo,
  values: CommandValues,
  flags: Flags,
): Promise<RunReport> {
  const call = {
    ...(values.locale ? { locales: values.locale } : {}),
    ...(values.file ? { files: values.file } : {}),
    ...(flags['allow-empty'] ? { allowEmpty: true } : {}),
    ...(io.signal ? { signal: io.signal } : {}),
  };
  if (mode === 'status') return project.status(call);
  if (mode === 'check') return project.check(call);
  if (flags['dry-run']) return project.plan(call);
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  return project.translate({
    ...call,
    frozen: Boolean(flags.frozen),
    force: Boolean(flags.force),
    overwriteEdits: Boolean(flags['overwrite-edits']),
    prune: Boolean(flags.prune),
    wait: !flags['no-wait'],
    ...(shard ? { shard } : {}),
  });
}

// `check --links DIR`: the built site's broken links join the report's problems.
async function checkLinks(io: CliIo, values: CommandValues, report: RunReport): Promise<void> {
  if (!values.links) return;
  const links = await checkBuiltLinks({
    dir: workingDirectory(io.cwd, values.links),
    ...(values.base ? { base: values.base } : {}),
  });
  report.diagnostics.push(...links.problems);
  if (!values.json)
    io.stderr.write(
      `links: ${links.pages} pages, ${links.links} links and ${links.anchors} anchors checked, ${links.problems.length} broken\n`,
    );
}

// The report for people: tables, problems, the shard's and the mode's last lines.
async function printReport(
  mode: Mode,
  io: CliIo,
  project: Project,
  report: RunReport,
  dryRun: boolean,
  allowStale: boolean,
): Promise<void> {
  const c = colors(io);
  const out = mode === 'status' ? io.stdout : io.stderr;
  out.write(`${mode === 'status' ? statusTable(report) : localeTable(report)}\n`);
  if (mode === 'status') io.stdout.write(entryLines(await project.files()));
  for (const line of problemLines(report, c, { pending: mode === 'check' }))
    io.stderr.write(`${line}\n`);
  if (report.shard)
    io.stderr.write(
      `shard ${report.shard.index}/${report.shard.count}: ${report.shard.others} texts left to the other shards; no file and no lock written (a run without --shard writes them)\n`,
    );
  if (mode === 'translate')
    io.stderr.write(`${dryRun ? 'dry run: nothing was sent or written' : summaryLine(report)}\n`);
  if (mode === 'check')
    for (const line of checkVerdict(report, c, { allowStale })) io.stderr.write(`${line}\n`);
}

// The JSON summary of a run that stopped on an error: its report so far, when it has one.
function errorJson(error: unknown, exitCode: number) {
  const report = (error as { report?: RunReport } | undefined)?.report;
  const code = (error as { code?: unknown } | undefined)?.code;
  return {
    ...(report ? reportJson(report) : {}),
    exitCode,
    error: {
      ...(typeof code === 'string' ? { code } : {}),
      message: error instanceof Error ? error.message : String(error),
    },
  };
}

/** `transloom translate`, `check` and `status`: one call on the project, then its report. */
export async function projectCommand(
  mode: Mode,
  argv: readonly string[],
  io: CliIo,
): Promise<number> {
  const parsed = parseCommandArgs(argv, optionsOf(mode));
  if (parsed.values.help) {
    io.stdout.write(HELP[mode]);
    return EXIT.ok;
  }
  const values = parsed.values as unknown as CommandValues;
  const flags = parsed.values as Flags;
  const dryRun = mode === 'translate' && Boolean(flags['dry-run']);
  let progress: ProgressDisplay | undefined;
  const notice = (line: string) => {
    if (!flags.quiet) io.stderr.write(`transloom: ${line}\n`);
  };
  const project = await openCliProject(io, {
    values,
    requestTimeout: values['request-timeout'],
    localService: true,
    notice,
    waitingHint: '; use --no-wait to stop instead',
    onEvent: (event) => {
      // The heap bound armed at start-up applies once there is work: sources to parse, or
      // units to translate.
      if (
        event.type === 'parsing' ||
        (event.type === 'planned' && Object.values(event.locales).some((l) => l.units > 0))
      )
        applyHeapGrowth();
      progress?.onEvent(event);
    },
  });
  progress = await createProgressDisplay(
    io,
    mode === 'translate' ? progressStyle(io, Boolean(flags.quiet)) : 'none',
    colorEnabled(io),
    values.locale ?? project.config.targetLocales,
  );
  // Read only when shown: some notes load locale data to write.
  if (!flags.quiet)
    for (const note of project.config.preset?.notes ?? [])
      notice(`${project.config.preset!.name}: ${note}`);
  let report: RunReport;
  try {
    report = await callProject(mode, project, io, values, flags);
  } catch (error) {
    // --json prints its summary on every exit: what the run did before it stopped, and why.
    const code = reportError(mode, error, io);
    if (values.json) io.stdout.write(`${JSON.stringify(errorJson(error, code))}\n`);
    return code;
  } finally {
    progress?.stop();
    await project.close();
  }
  await checkLinks(io, values, report);
  const allowStale = Boolean(flags['allow-stale']);
  const code = exitCodeOf(report, { allowStale });
  if (values.json)
    io.stdout.write(
      `${JSON.stringify({ ...reportJson(report, { allowStale }), exitCode: code })}\n`,
    );
  else await printReport(mode, io, project, report, dryRun, allowStale);
  // Status reports; it fails only when a file cannot be read, so a script notices.
  if (mode === 'status') return unreadable(report) > 0 ? EXIT.failed : EXIT.ok;
  return code;
}
