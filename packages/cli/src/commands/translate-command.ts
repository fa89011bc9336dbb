import { exitCodeOf, loadConfig, type RunReport, translateProject } from '@transloom/core';
import { type CliIo, EXIT } from '../cli-io.js';
import { colorEnabled, colors } from '../color.js';
import {
  jsonSummary,
  localeTable,
  problemLines,
  statusTable,
  summaryLine,
} from '../format-report.js';
import { chooseService } from '../open-service.js';
import { PROJECT_OPTIONS, parseCommandArgs, workingDirectory } from '../parse-command-args.js';
import { createProgressDisplay, progressStyle } from '../progress-display.js';

/** Help of `transloom translate`. */
export const TRANSLATE_USAGE = `Usage: transloom translate [options]

Translates the project's localization files: only what is new or changed, verified, written
atomically, with the lock written last.

Options:
  --locale L         only this target locale (repeatable)
  --dry-run          print what would be sent (units, characters, requests per locale); send and write nothing
  --force            translate every unit again (people's edits are still kept)
  --overwrite-edits  translate units a person edited too
  --frozen           send nothing: write what the lock and translation memory give; exit 10 if more is needed
  --json             print one JSON summary on stdout
  --quiet            no progress output
  --cwd DIR          run in DIR (default: the current directory)
  -c, --config FILE  use this config file instead of searching for one

Service: TRANSLOOM_API_KEY and TRANSLOOM_API_URL; with neither set, the built-in local service
(pseudo-localization) runs in-process.

Exit codes: 0 done, 1 internal error, 2 usage or config error, 3 some units failed,
4 quota or budget reached, 10 (--frozen) more work is needed.
`;

/** Help of `transloom check`. */
export const CHECK_USAGE = `Usage: transloom check [--locale L]... [--json] [--cwd DIR] [-c FILE]

Sends nothing and writes nothing. Exits 10 when any unit is missing, stale or failed, or a
target file is out of date; 0 when everything is translated.
`;

/** Help of `transloom status`. */
export const STATUS_USAGE = `Usage: transloom status [--locale L]... [--json] [--cwd DIR] [-c FILE]

Prints, per locale, how many units are up to date, new, changed, kept (a person's text) and
removed. Sends nothing and writes nothing.
`;

type Mode = 'translate' | 'check' | 'status';

/** `transloom translate`, `check` and `status`. */
export async function translateCommand(
  mode: Mode,
  argv: readonly string[],
  io: CliIo,
): Promise<number> {
  const { values } = parseCommandArgs(mode, argv, {
    ...PROJECT_OPTIONS,
    locale: { type: 'string', multiple: true },
    ...(mode === 'translate'
      ? {
          'dry-run': { type: 'boolean' },
          force: { type: 'boolean' },
          'overwrite-edits': { type: 'boolean' },
          frozen: { type: 'boolean' },
          quiet: { type: 'boolean', short: 'q' },
        }
      : {}),
  });
  if (values.help) {
    io.stdout.write(
      mode === 'translate' ? TRANSLATE_USAGE : mode === 'check' ? CHECK_USAGE : STATUS_USAGE,
    );
    return EXIT.ok;
  }
  const flags = values as Record<string, boolean | undefined>;
  const c = colors(io);
  const cwd = workingDirectory(io.cwd, values.cwd);
  const config = await loadConfig({ cwd, ...(values.config ? { configFile: values.config } : {}) });
  const runMode: RunReport['mode'] =
    mode !== 'translate'
      ? 'check'
      : flags['dry-run']
        ? 'dry-run'
        : flags.frozen
          ? 'frozen'
          : 'translate';
  const service =
    runMode === 'translate'
      ? chooseService({
          env: io.env,
          root: config.root,
          notice: (line) => io.stderr.write(`transloom: ${line}\n`),
        })
      : undefined;
  const progress = createProgressDisplay(
    io,
    runMode === 'translate' ? progressStyle(io, Boolean(flags.quiet)) : 'none',
    colorEnabled(io),
  );
  let report: RunReport;
  try {
    report = await translateProject({
      config,
      mode: runMode,
      ...(service ? { connect: service.connect } : {}),
      ...(values.locale ? { locales: values.locale } : {}),
      force: Boolean(flags.force),
      overwriteEdits: Boolean(flags['overwrite-edits']),
      ...(io.signal ? { signal: io.signal } : {}),
      onEvent: (event) => progress.onEvent(event),
    });
  } finally {
    progress.stop();
  }
  const code = exitCodeOf(report);
  if (values.json) {
    io.stdout.write(`${JSON.stringify(jsonSummary(report))}\n`);
  } else {
    const out = mode === 'status' ? io.stdout : io.stderr;
    out.write(`${mode === 'status' ? statusTable(report) : localeTable(report)}\n`);
    for (const line of problemLines(report, c)) io.stderr.write(`${line}\n`);
    if (mode === 'translate')
      io.stderr.write(
        `${runMode === 'dry-run' ? 'dry run: nothing was sent or written' : summaryLine(report)}\n`,
      );
    if (mode === 'check') {
      io.stderr.write(
        code === EXIT.work
          ? c.yellow('check: translations are missing or out of date; run transloom translate\n')
          : c.green('check: every target is up to date\n'),
      );
    }
  }
  return mode === 'status' ? EXIT.ok : code;
}
