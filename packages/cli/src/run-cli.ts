import { AuthorizationError, TransloomError } from '@transloom/client';
import {
  ConfigError,
  FormatError,
  GlossaryError,
  LockError,
  RunConfigError,
} from '@transloom/core';
import { type CliIo, EXIT, UsageError } from './cli-io.js';
import { colors } from './color.js';
import { extractCommand } from './commands/extract-command.js';
import { glossaryCommand } from './commands/glossary-command.js';
import { translateCommand } from './commands/translate-command.js';
import { usageCommand } from './commands/usage-command.js';

/** The CLI's version. */
export const CLI_VERSION = '0.1.0';

/** Help of `transloom`. */
export const USAGE = `Usage: transloom <command> [options]

Commands:
  translate          translate what is new or changed (see transloom translate --help)
  check              exit 10 when anything is missing, stale or failed; sends nothing
  status             a table of where each locale stands
  glossary <action>  validate | push | pull the project glossary
  extract            add keys found in source code to the source catalogs
  usage              characters used in this period
  serve              run the local service (see transloom serve --help)

Options: --help, --version
`;

type Command = (argv: readonly string[], io: CliIo) => Promise<number>;

const COMMANDS: Readonly<Record<string, Command>> = {
  translate: (argv, io) => translateCommand('translate', argv, io),
  check: (argv, io) => translateCommand('check', argv, io),
  status: (argv, io) => translateCommand('status', argv, io),
  glossary: glossaryCommand,
  extract: extractCommand,
  usage: usageCommand,
  serve: async (argv, io) => (await import('@transloom/server')).runServerCommand(argv, io),
};

// Errors a user can fix (arguments, configuration, files, a refused key): exit 2, no stack.
function isUsageProblem(error: unknown): boolean {
  return (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof GlossaryError ||
    error instanceof LockError ||
    error instanceof RunConfigError ||
    error instanceof FormatError ||
    error instanceof AuthorizationError
  );
}

/** Runs the transloom command line and resolves with its exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(USAGE);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${CLI_VERSION}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS[name];
  const c = colors(io);
  if (!command) {
    io.stderr.write(`${c.red(`transloom: unknown command '${name}'`)}\n\n${USAGE}`);
    return EXIT.usage;
  }
  try {
    return await command(rest, io);
  } catch (error) {
    if (io.signal?.aborted) {
      // Ctrl-C: the run stopped sending, wrote what it had and the lock; the next run goes on.
      io.stderr.write(`transloom ${name}: interrupted; everything translated so far was written\n`);
      return EXIT.interrupted;
    }
    if (isUsageProblem(error)) {
      io.stderr.write(`${c.red(`transloom ${name}: ${(error as Error).message}`)}\n`);
      return EXIT.usage;
    }
    if (error instanceof TransloomError) {
      // The service could not be reached or kept failing: no stack, the message says what happened.
      io.stderr.write(`${c.red(`transloom ${name}: ${error.message}`)}\n`);
      return EXIT.internal;
    }
    io.stderr.write(
      `${c.red(`transloom ${name}: internal error: ${(error as Error)?.stack ?? String(error)}`)}\n`,
    );
    return EXIT.internal;
  }
}
