import { reportJson } from '@transloom/core';
import { type CliIo, EXIT } from '../cli-io.js';
import { colors } from '../color.js';
import { problemLines } from '../format-report.js';
import { openCliProject, stderrNotice } from '../open-cli-project.js';
import { PROJECT_OPTIONS, parseCommandArgs } from '../parse-command-args.js';

/** Help of `transloom lock`. */
export const LOCK_USAGE = `Usage: transloom lock resolve [--json] [--cwd DIR] [-c FILE]

resolve   settles transloom.lock after a merge: reads both sides' lines (git's conflict
          markers in the file, or the stages git still holds after git checkout --ours or
          --theirs), keeps for each unit the line its targets hold, writes the lock without
          markers and marks it resolved (git add). Sends nothing and writes no target.

Every line of the lock stands on its own, so git's union merge (transloom init adds
'transloom.lock merge=union' to .gitattributes) never leaves a conflict; translate, check and
status also read a lock with conflict markers as both sides' lines.
`;

/** `transloom lock resolve`. */
export async function lockCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, PROJECT_OPTIONS, true);
  if (values.help) {
    io.stdout.write(LOCK_USAGE);
    return EXIT.ok;
  }
  const [action] = positionals;
  if (action !== 'resolve') {
    io.stderr.write(
      `${colors(io).red(`transloom lock: ${action ? `unknown action '${action}'` : 'which action?'}`)}\n\n${LOCK_USAGE}`,
    );
    return EXIT.usage;
  }
  const project = await openCliProject(io, { values, notice: stderrNotice(io) });
  try {
    const resolution = await project.resolveLock(io.signal ? { signal: io.signal } : {});
    const failed = resolution.report.diagnostics.some((d) => d.severity === 'error');
    const code = failed ? EXIT.failed : EXIT.ok;
    if (values.json) {
      const { report, ...rest } = resolution;
      io.stdout.write(`${JSON.stringify({ ...rest, ...reportJson(report), exitCode: code })}\n`);
      return code;
    }
    for (const line of problemLines(resolution.report, colors(io))) io.stderr.write(`${line}\n`);
    io.stderr.write(
      `${
        resolution.conflicted
          ? `transloom.lock: both sides' lines read and written without conflict${resolution.staged ? '; marked resolved (git add)' : ''}`
          : resolution.written
            ? 'transloom.lock: written again from what the targets hold'
            : 'transloom.lock: nothing to resolve'
      }\n`,
    );
    return code;
  } finally {
    await project.close();
  }
}
