import { formatDiagnostic } from '@transloom/core';
import { type CliIo, EXIT } from '../cli-io.js';
import { openCliProject, stderrNotice } from '../open-cli-project.js';
import { PROJECT_OPTIONS, parseCommandArgs } from '../parse-command-args.js';

/** Help of `transloom extract`. */
export const EXTRACT_USAGE = `Usage: transloom extract [--dry-run] [--json] [--cwd DIR] [-c FILE]

Scans the source code named by the config's extract.input (i18next t() calls, <Trans>) and adds
missing keys to the source catalogs (extract.output, with {ns}). Existing values are kept. Waits
for another run on the project (the run lock) before it writes.
`;

/** `transloom extract`. */
export async function extractCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    ...PROJECT_OPTIONS,
    'dry-run': { type: 'boolean' },
  });
  if (values.help) {
    io.stdout.write(EXTRACT_USAGE);
    return EXIT.ok;
  }
  const project = await openCliProject(io, { values, notice: stderrNotice(io) });
  let result: Awaited<ReturnType<typeof project.extract>>;
  try {
    result = await project.extract({
      dryRun: Boolean(values['dry-run']),
      ...(io.signal ? { signal: io.signal } : {}),
    });
  } finally {
    await project.close();
  }
  for (const warning of result.warnings) io.stderr.write(`${formatDiagnostic(warning)}\n`);
  if (values.json) {
    io.stdout.write(
      `${JSON.stringify({ scanned: result.scanned, added: Object.fromEntries(result.added) })}\n`,
    );
  } else {
    const total = [...result.added.values()].reduce((n, keys) => n + keys.length, 0);
    for (const [catalog, keys] of result.added)
      io.stdout.write(
        `${catalog}: ${values['dry-run'] ? 'would add' : 'added'} ${keys.join(', ')}\n`,
      );
    io.stdout.write(
      `${result.scanned} source files scanned, ${total} keys ${values['dry-run'] ? 'missing' : 'added'}\n`,
    );
  }
  return result.warnings.some((w) => w.severity === 'error') ? EXIT.failed : EXIT.ok;
}
