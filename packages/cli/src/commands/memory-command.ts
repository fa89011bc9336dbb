import { createProject, formatDiagnostic, UsageError } from '@transloom/core';
import { type CliIo, EXIT } from '../cli-io.js';
import { colors } from '../color.js';
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

/** `transloom memory promote|export|import`. */
export async function memoryCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      ...PROJECT_OPTIONS,
      'no-wait': { type: 'boolean' },
      from: { type: 'string' },
      to: { type: 'string' },
      tmx: { type: 'string' },
      scope: { type: 'string' },
      locale: { type: 'string', multiple: true },
    },
    true,
  );
  if (values.help) {
    io.stdout.write(MEMORY_USAGE);
    return EXIT.ok;
  }
  const action = positionals[0] as (typeof ACTIONS)[number] | undefined;
  if (positionals.length !== 1 || !ACTIONS.includes(action!))
    throw new UsageError(
      `expected one of ${ACTIONS.join(', ')}${action ? `, got '${positionals.join(' ')}'` : ''}`,
    );
  const allowed: Record<(typeof ACTIONS)[number], readonly string[]> = {
    promote: ['from', 'to'],
    export: ['tmx', 'scope', 'locale'],
    import: ['tmx'],
  };
  for (const flag of ['from', 'to', 'tmx', 'scope', 'locale'] as const)
    if (values[flag] !== undefined && !allowed[action!].includes(flag))
      throw new UsageError(`--${flag} is not an option of 'memory ${action}'`);
  if (action === 'promote' && !values.from)
    throw new UsageError("'memory promote' needs --from SCOPE: the scope to copy from");
  if (action !== 'promote' && !values.tmx)
    throw new UsageError(`'memory ${action}' needs --tmx FILE`);

  const c = colors(io);
  const project = await createProject({
    cwd: workingDirectory(io.cwd, values.cwd),
    ...(values.config ? { configFile: values.config } : {}),
    env: io.env,
    onEvent(event) {
      if (event.type === 'waiting')
        io.stderr.write(
          `transloom: waiting for another run on this project (pid ${event.holder.pid} on ${event.holder.host})\n`,
        );
    },
  });
  const print = (summary: unknown, text: string) => {
    io.stdout.write(values.json ? `${JSON.stringify(summary)}\n` : `${text}\n`);
  };
  const warn = (lines: readonly string[]) => {
    for (const line of lines) io.stderr.write(`${c.yellow(`transloom: ${line}`)}\n`);
  };
  const signal = io.signal ? { signal: io.signal } : {};
  try {
    if (action === 'promote') {
      const result = await project.memory.promote({
        from: values.from!,
        ...(values.to ? { to: values.to } : {}),
      });
      print(
        result,
        `promoted scope '${result.from}' into '${result.to}': ${result.copied} entries copied, ${result.kept} already there`,
      );
      return EXIT.ok;
    }
    if (action === 'export') {
      const result = await project.memory.exportTmx({
        file: workingDirectory(io.cwd, values.tmx),
        ...(values.scope ? { scope: values.scope } : {}),
        ...(values.locale ? { locales: values.locale } : {}),
        ...signal,
      });
      warn(result.warnings);
      for (const problem of result.problems)
        io.stderr.write(`${c.red(formatDiagnostic(problem))}\n`);
      const perLocale = Object.entries(result.locales)
        .map(([locale, n]) => `${locale} ${n}`)
        .join(', ');
      print(
        result,
        `wrote ${result.file}: ${result.pairs} translation units of ${result.texts} texts${perLocale ? ` (${perLocale})` : ''}`,
      );
      return result.problems.length > 0 ? EXIT.failed : EXIT.ok;
    }
    const result = await project.memory.importTmx({
      file: workingDirectory(io.cwd, values.tmx),
      wait: !values['no-wait'],
      ...signal,
    });
    for (const problem of result.problems) io.stderr.write(`${c.red(formatDiagnostic(problem))}\n`);
    const skipped =
      result.skippedLanguages.length > 0
        ? `; languages that are no target locale: ${result.skippedLanguages.join(', ')}`
        : '';
    print(
      result,
      `read ${result.units} translation units: ${result.stored} translations stored, ${result.problems.length} refused, ${result.unmatched} of no text of the project${skipped}`,
    );
    return result.problems.length > 0 ? EXIT.failed : EXIT.ok;
  } finally {
    await project.close();
  }
}
