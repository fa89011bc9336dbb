import { type Diagnostic, formatDiagnostic, type Project, UsageError } from '@transloom/core';
import { type CliIo, EXIT } from '../cli-io.js';
import { colors } from '../color.js';
import { openCliProject, stderrNotice } from '../open-cli-project.js';
import { PROJECT_OPTIONS, parseCommandArgs, workingDirectory } from '../parse-command-args.js';

/** Help of `transloom memory`. */
export const MEMORY_USAGE = `Usage: transloom memory <promote|export|import> [options]

  promote --from SCOPE [--to SCOPE]
      copy the entries of scope SCOPE of the shared memory (a merged branch's) into this
      run's own scope (or --to), keeping the entries already there
  export --tmx FILE [--scope SCOPE] [--locale L]...
      write a TMX 1.4b file of the memory's translations of the project's texts (only
      SCOPE of the shared memory with --scope)
  import --tmx FILE
      read a TMX file into the memory: each translation is matched with the project's texts
      and checked like an answer of the service (its placeholders must match); one that
      fails is reported at its line and not stored (exit 3)

Options: --json, --no-wait, --cwd DIR, -c FILE

The shared memory is translationMemory.redis in the configuration (true: the URL in
TRANSLOOM_REDIS_URL). A run writes into one scope (translationMemory.scope, else
TRANSLOOM_MEMORY_SCOPE, else the CI branch: GITHUB_HEAD_REF, GITHUB_REF_NAME,
CI_MERGE_REQUEST_SOURCE_BRANCH_NAME, CI_COMMIT_REF_NAME; else 'local') and reads its own and
the default branch's (translationMemory.readScopes).
`;

const ACTIONS = ['promote', 'export', 'import'] as const;
type Action = (typeof ACTIONS)[number];

const MEMORY_OPTIONS = {
  ...PROJECT_OPTIONS,
  'no-wait': { type: 'boolean' },
  from: { type: 'string' },
  to: { type: 'string' },
  tmx: { type: 'string' },
  scope: { type: 'string' },
  locale: { type: 'string', multiple: true },
} as const;

type MemoryValues = ReturnType<typeof parseCommandArgs<typeof MEMORY_OPTIONS>>['values'];

// The flags each action takes; any other is a usage error that names it.
const ALLOWED: Record<Action, readonly string[]> = {
  promote: ['from', 'to'],
  export: ['tmx', 'scope', 'locale'],
  import: ['tmx'],
};

// The action named, checked with the flags given to it.
function actionOf(positionals: readonly string[], values: MemoryValues): Action {
  const action = positionals[0] as Action | undefined;
  if (positionals.length !== 1 || !ACTIONS.includes(action!))
    throw new UsageError(
      `expected one of ${ACTIONS.join(', ')}${action ? `, got '${positionals.join(' ')}'` : ''}`,
    );
  for (const flag of ['from', 'to', 'tmx', 'scope', 'locale'] as const)
    if (values[flag] !== undefined && !ALLOWED[action!].includes(flag))
      throw new UsageError(`--${flag} is not an option of 'memory ${action}'`);
  if (action === 'promote' && !values.from)
    throw new UsageError("'memory promote' needs --from SCOPE: the scope to copy from");
  if (action !== 'promote' && !values.tmx)
    throw new UsageError(`'memory ${action}' needs --tmx FILE`);
  return action!;
}

/** How an action's outcome reaches people: the summary (JSON or text) and the problems. */
interface MemoryOutput {
  print(summary: unknown, text: string): void;
  warn(lines: readonly string[]): void;
  problems(problems: readonly Diagnostic[]): void;
}

async function promote(project: Project, values: MemoryValues, out: MemoryOutput) {
  const result = await project.memory.promote({
    from: values.from!,
    ...(values.to ? { to: values.to } : {}),
  });
  out.print(
    result,
    `promoted scope '${result.from}' into '${result.to}': ${result.copied} entries copied, ${result.kept} already there`,
  );
  return EXIT.ok;
}

async function exportTmx(project: Project, values: MemoryValues, io: CliIo, out: MemoryOutput) {
  const result = await project.memory.exportTmx({
    file: workingDirectory(io.cwd, values.tmx),
    ...(values.scope ? { scope: values.scope } : {}),
    ...(values.locale ? { locales: values.locale } : {}),
    ...(io.signal ? { signal: io.signal } : {}),
  });
  out.warn(result.warnings);
  out.problems(result.problems);
  const perLocale = Object.entries(result.locales)
    .map(([locale, n]) => `${locale} ${n}`)
    .join(', ');
  out.print(
    result,
    `wrote ${result.file}: ${result.pairs} translation units of ${result.texts} texts${perLocale ? ` (${perLocale})` : ''}`,
  );
  return result.problems.length > 0 ? EXIT.failed : EXIT.ok;
}

async function importTmx(project: Project, values: MemoryValues, io: CliIo, out: MemoryOutput) {
  const result = await project.memory.importTmx({
    file: workingDirectory(io.cwd, values.tmx),
    wait: !values['no-wait'],
    ...(io.signal ? { signal: io.signal } : {}),
  });
  out.problems(result.problems);
  const skipped =
    result.skippedLanguages.length > 0
      ? `; languages that are no target locale: ${result.skippedLanguages.join(', ')}`
      : '';
  out.print(
    result,
    `read ${result.units} translation units: ${result.stored} translations stored, ${result.problems.length} refused, ${result.unmatched} of no text of the project${skipped}`,
  );
  return result.problems.length > 0 ? EXIT.failed : EXIT.ok;
}

/** `transloom memory promote|export|import`. */
export async function memoryCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, MEMORY_OPTIONS, true);
  if (values.help) {
    io.stdout.write(MEMORY_USAGE);
    return EXIT.ok;
  }
  const action = actionOf(positionals, values);
  const c = colors(io);
  const project = await openCliProject(io, { values, notice: stderrNotice(io) });
  const out: MemoryOutput = {
    print: (summary, text) =>
      io.stdout.write(values.json ? `${JSON.stringify(summary)}\n` : `${text}\n`),
    warn(lines) {
      for (const line of lines) io.stderr.write(`${c.yellow(`transloom: ${line}`)}\n`);
    },
    problems(problems) {
      for (const problem of problems) io.stderr.write(`${c.red(formatDiagnostic(problem))}\n`);
    },
  };
  try {
    if (action === 'promote') return await promote(project, values, out);
    if (action === 'export') return await exportTmx(project, values, io, out);
    return await importTmx(project, values, io, out);
  } finally {
    await project.close();
  }
}
