import { UsageError } from '@transloom/client/errors';
import { baseLanguage, type GlossaryEntry } from '@transloom/client/wire';
import { glossaryName } from '../glossary/glossary-name.js';
import { loadProjectGlossary, type ProjectGlossary } from '../glossary/load-glossary.js';
import { syncGlossary } from '../glossary/sync-glossary.js';
import { writeProjectGlossary } from '../glossary/write-glossary.js';
import { readLock, writeLock } from '../lock/lock-file.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import type {
  GlossaryPull,
  GlossaryPush,
  GlossaryValidation,
  ServiceConnection,
} from './project-types.js';

function requireGlossary(config: ResolvedConfig): void {
  if (config.glossary === undefined)
    throw new UsageError(`${config.file ?? 'the configuration'} has no 'glossary'`);
}

/** Reads and checks the glossary files against the contract's entry rules, without the network. */
export async function validateGlossary(config: ResolvedConfig): Promise<GlossaryValidation> {
  requireGlossary(config);
  const glossary: ProjectGlossary | undefined = await loadProjectGlossary(config);
  return {
    files: glossary?.files ?? [],
    layout: glossary?.layout,
    layoutDescription: glossary?.layoutDescription,
    dictionaries: [...(glossary?.dictionaries ?? [])].map(([locale, d]) => ({
      locale,
      sourceLang: d.sourceLang,
      targetLang: d.targetLang,
      entries: d.entries.length,
    })),
    warnings: [...(glossary?.warnings ?? [])],
  };
}

/** Sends the dictionaries whose content changed; the glossary id is kept in the lock. */
export async function pushGlossary(
  config: ResolvedConfig,
  connection: ServiceConnection,
  signal?: AbortSignal,
): Promise<GlossaryPush> {
  requireGlossary(config);
  const before = connection.requests();
  const { lock, text } = await readLock(config.lockFile);
  const glossary = await loadProjectGlossary(config);
  const sync = await syncGlossary({
    client: connection.client,
    glossary,
    locked: lock.glossary,
    name: glossaryName(config),
    verify: true,
    ...(signal ? { signal } : {}),
  });
  lock.glossary = sync.locked;
  await writeLock(config.lockFile, lock, text);
  return {
    glossaryId: sync.locked?.id,
    pushed: sync.pushed,
    created: sync.created,
    requests: connection.requests() - before,
  };
}

/** Writes the service's entries of the locked glossary into the glossary files. */
export async function pullGlossary(
  config: ResolvedConfig,
  connection: ServiceConnection,
  signal?: AbortSignal,
): Promise<GlossaryPull> {
  requireGlossary(config);
  const before = connection.requests();
  const { lock } = await readLock(config.lockFile);
  if (!lock.glossary)
    throw new UsageError(
      'the lock has no glossary id yet; push the glossary (transloom glossary push, or a translate run) first',
    );
  const id = lock.glossary.id;
  const info = await connection.client.glossaries.get(id, { signal });
  const byLocale = new Map<string, GlossaryEntry[]>();
  for (const locale of config.targetLocales) {
    const dictionary = info.dictionaries.find(
      (d) => d.targetLang.toUpperCase() === baseLanguage(locale),
    );
    if (dictionary)
      byLocale.set(
        locale,
        await connection.client.glossaries.entries(
          id,
          dictionary.sourceLang,
          dictionary.targetLang,
          { signal },
        ),
      );
  }
  const written = await writeProjectGlossary(config, byLocale);
  return { glossaryId: id, written, requests: connection.requests() - before };
}
