import { baseLanguage, type GlossaryEntry } from '@transloom/client/wire';
import {
  formatDiagnostic,
  loadConfig,
  loadProjectGlossary,
  readLock,
  syncGlossary,
  writeLock,
  writeProjectGlossary,
} from '@transloom/core';
import { type CliIo, EXIT, UsageError } from '../cli-io.js';
import { chooseService } from '../open-service.js';
import { PROJECT_OPTIONS, parseCommandArgs, workingDirectory } from '../parse-command-args.js';

/** Help of `transloom glossary`. */
export const GLOSSARY_USAGE = `Usage: transloom glossary <validate|push|pull> [--json] [--cwd DIR] [-c FILE]

  validate  check the glossary files against the service's entry rules (no network)
  push      send the dictionaries whose content changed; the glossary id is kept in the lock
  pull      write the service's entries of the locked glossary into the glossary files
`;

/** `transloom glossary validate|push|pull`. */
export async function glossaryCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('glossary', argv, PROJECT_OPTIONS, true);
  if (values.help) {
    io.stdout.write(GLOSSARY_USAGE);
    return EXIT.ok;
  }
  const action = positionals[0];
  if (positionals.length !== 1 || !['validate', 'push', 'pull'].includes(action!)) {
    throw new UsageError(
      `transloom glossary: expected one of validate, push, pull${action ? `, got '${positionals.join(' ')}'` : ''}`,
    );
  }
  const config = await loadConfig({
    cwd: workingDirectory(io.cwd, values.cwd),
    ...(values.config ? { configFile: values.config } : {}),
  });
  if (config.glossary === undefined)
    throw new UsageError(
      `transloom glossary: ${config.file ?? 'the configuration'} has no 'glossary'`,
    );
  const print = (summary: Record<string, unknown>, text: string) => {
    io.stdout.write(values.json ? `${JSON.stringify(summary)}\n` : `${text}\n`);
  };
  if (action === 'validate') {
    const glossary = await loadProjectGlossary(config);
    const dictionaries = [...(glossary?.dictionaries ?? [])].map(([locale, d]) => ({
      locale,
      entries: d.entries.length,
    }));
    for (const warning of glossary?.warnings ?? [])
      io.stderr.write(`${formatDiagnostic(warning)}\n`);
    print(
      { valid: true, dictionaries },
      `glossary is valid: ${dictionaries.map((d) => `${d.locale} ${d.entries} entries`).join(', ') || 'no entries'}`,
    );
    return EXIT.ok;
  }
  const { lock, text } = await readLock(config.lockFile);
  const connection = await chooseService({
    env: io.env,
    root: config.root,
    notice: (line) => io.stderr.write(`transloom: ${line}\n`),
  }).connect();
  try {
    if (action === 'push') {
      const glossary = await loadProjectGlossary(config);
      const sync = await syncGlossary({
        client: connection.client,
        glossary,
        locked: lock.glossary,
        name: `transloom: ${config.root.split(/[\\/]/).at(-1)}`,
        verify: true,
      });
      lock.glossary = sync.locked;
      await writeLock(config.lockFile, lock, text);
      print(
        {
          glossaryId: sync.locked?.id ?? null,
          pushed: sync.pushed,
          created: sync.created,
          requests: connection.requests(),
        },
        sync.pushed.length === 0
          ? 'glossary is up to date on the service; nothing sent'
          : `glossary ${sync.created ? 'created' : 'updated'}: ${sync.pushed.join(', ')}`,
      );
      return EXIT.ok;
    }
    if (!lock.glossary)
      throw new UsageError(
        'transloom glossary pull: the lock has no glossary id yet; run transloom glossary push (or translate) first',
      );
    const info = await connection.client.glossaries.get(lock.glossary.id);
    const byLocale = new Map<string, GlossaryEntry[]>();
    for (const locale of config.targetLocales) {
      const dictionary = info.dictionaries.find(
        (d) => d.targetLang.toUpperCase() === baseLanguage(locale),
      );
      if (dictionary)
        byLocale.set(
          locale,
          await connection.client.glossaries.entries(
            lock.glossary.id,
            dictionary.sourceLang,
            dictionary.targetLang,
          ),
        );
    }
    const written = await writeProjectGlossary(config, byLocale);
    print({ glossaryId: lock.glossary.id, written }, `wrote ${written.join(', ')}`);
    return EXIT.ok;
  } finally {
    await connection.close();
  }
}
