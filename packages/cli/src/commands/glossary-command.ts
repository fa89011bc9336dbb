import { formatDiagnostic, UsageError } from '@transloom/core';
import { type CliIo, EXIT } from '../cli-io.js';
import { openCliProject, stderrNotice } from '../open-cli-project.js';
import {
  PROJECT_OPTIONS,
  parseCommandArgs,
  REQUEST_TIMEOUT_OPTION,
} from '../parse-command-args.js';

/** Help of `transloom glossary`. */
export const GLOSSARY_USAGE = `Usage: transloom glossary <validate|push|pull> [--json] [--request-timeout MS] [--cwd DIR] [-c FILE]

  validate  check the glossary files against the service's entry rules (no network)
  push      send the dictionaries whose content changed; the glossary id is kept in the lock
  pull      write the service's entries of the locked glossary into the glossary files

  --request-timeout MS  stop when a request gets no answer for MS milliseconds (default: the
                        configuration's requestTimeout, else 60000); exit 5 when the service
                        cannot be reached
`;

const ACTIONS = ['validate', 'push', 'pull'] as const;

/** `transloom glossary validate|push|pull`. */
export async function glossaryCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    { ...PROJECT_OPTIONS, ...REQUEST_TIMEOUT_OPTION, 'no-wait': { type: 'boolean' } },
    true,
  );
  if (values.help) {
    io.stdout.write(GLOSSARY_USAGE);
    return EXIT.ok;
  }
  const action = positionals[0] as (typeof ACTIONS)[number] | undefined;
  if (positionals.length !== 1 || !ACTIONS.includes(action!)) {
    throw new UsageError(
      `expected one of ${ACTIONS.join(', ')}${action ? `, got '${positionals.join(' ')}'` : ''}`,
    );
  }
  const project = await openCliProject(io, {
    values,
    requestTimeout: values['request-timeout'],
    localService: true,
    notice: stderrNotice(io),
  });
  const print = (summary: unknown, text: string) => {
    io.stdout.write(values.json ? `${JSON.stringify(summary)}\n` : `${text}\n`);
  };
  const call = { ...(io.signal ? { signal: io.signal } : {}), wait: !values['no-wait'] };
  try {
    if (action === 'validate') {
      const result = await project.glossary.validate(call);
      for (const warning of result.warnings) io.stderr.write(`${formatDiagnostic(warning)}\n`);
      const counts = result.dictionaries.map((d) => `${d.locale} ${d.entries} entries`).join(', ');
      print(
        { valid: true, ...result },
        `glossary is valid: ${counts || 'no entries'}${result.layoutDescription ? `\nread as ${result.layoutDescription}` : ''}`,
      );
      return EXIT.ok;
    }
    if (action === 'push') {
      const result = await project.glossary.push(call);
      print(
        { ...result, glossaryId: result.glossaryId ?? null },
        result.pushed.length === 0
          ? 'glossary is up to date on the service; nothing sent'
          : `glossary ${result.created ? 'created' : 'updated'}: ${result.pushed.join(', ')}`,
      );
      return EXIT.ok;
    }
    const result = await project.glossary.pull(call);
    print(
      result,
      result.written.length > 0
        ? `wrote ${result.written.join(', ')}`
        : 'the glossary files already match the service; nothing written',
    );
    return EXIT.ok;
  } finally {
    await project.close();
  }
}
