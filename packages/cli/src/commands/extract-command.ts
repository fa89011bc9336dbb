import { createProject, formatDiagnostic } from '@transloom/core';
import { type CliIo, EXIT } from '../cli-io.js';
import { PROJECT_OPTIONS, parseCommandArgs, workingDirectory } from '../parse-command-args.js';

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
  const project = await createProject({
    cwd: workingDirectory(io.cwd, values.cwd),
    ...(values.config ? { configFile: values.config } : {}),
    env: io.env,
    onEvent(event) {
      if (event.type === 'waiting')
        io.stderr.write(
          `transloom: waiting for another run on this project (pid ${event.holder.pid} on ${event.holder.host}, since ${event.holder.since})\n`,
        );
    },
  });
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
