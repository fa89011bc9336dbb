import { type CliIo, EXIT } from './cli-io.js';

/** The CLI's version. */
export const CLI_VERSION = '0.1.0';

/** Help of `transloom`. */
export const USAGE = `Usage: transloom <command> [options]

Commands:
  translate          translate what is new or changed (see transloom translate --help)
  check              exit 10 when anything is missing, stale or failed; sends nothing
  status             a table of where each locale stands
  glossary <action>  validate | push | pull the project glossary
  memory <action>    promote | export | import the translation memory (scopes, TMX)
  review             stale edits and texts no record says who wrote: list, accept, retranslate
  adopt              take on existing translations: preview, then --accept them as people's
  lock resolve       settle transloom.lock after a merge (both sides' lines, then git add)
  extract            add keys found in source code to the source catalogs
  init               write a transloom.config.mjs for the project's layout
  usage              characters used in this period
  serve              run the local service (see transloom serve --help)

Options: --help, --version
`;

type Command = (argv: readonly string[], io: CliIo) => Promise<number>;

// Each command is loaded when it runs: `transloom --help` loads none, and a command loads
// only its own dependencies.
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  translate: async () => {
    const { projectCommand } = await import('./commands/project-command.js');
    return (argv, io) => projectCommand('translate', argv, io);
  },
  check: async () => {
    const { projectCommand } = await import('./commands/project-command.js');
    return (argv, io) => projectCommand('check', argv, io);
  },
  status: async () => {
    const { projectCommand } = await import('./commands/project-command.js');
    return (argv, io) => projectCommand('status', argv, io);
  },
  glossary: async () => (await import('./commands/glossary-command.js')).glossaryCommand,
  memory: async () => (await import('./commands/memory-command.js')).memoryCommand,
  review: async () => (await import('./commands/review-command.js')).reviewCommand,
  adopt: async () => (await import('./commands/adopt-command.js')).adoptCommand,
  lock: async () => (await import('./commands/lock-command.js')).lockCommand,
  extract: async () => (await import('./commands/extract-command.js')).extractCommand,
  init: async () => (await import('./commands/init-command.js')).initCommand,
  usage: async () => (await import('./commands/usage-command.js')).usageCommand,
  serve: async () => (argv, io) =>
    import('@transloom/server').then(({ runServerCommand }) => runServerCommand(argv, io)),
};

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
  const load = COMMANDS[name];
  if (!load) {
    const { colors } = await import('./color.js');
    io.stderr.write(`${colors(io).red(`transloom: unknown command '${name}'`)}\n\n${USAGE}`);
    return EXIT.usage;
  }
  try {
    return await (await load())(rest, io);
  } catch (error) {
    const { reportError } = await import('./report-error.js');
    return reportError(name, error, io);
  }
}
