import { NotFoundError, type TransloomClient } from '@transloom/client';
import type { LockedGlossary } from '../lock/lock-file.js';
import type { GlossaryDictionary, ProjectGlossary } from './load-glossary.js';

/** What {@link syncGlossary} did. */
export interface GlossarySync {
  /** The glossary as the service now has it (undefined when the project has none). */
  locked: LockedGlossary | undefined;
  /** Target locales whose dictionary was sent. */
  pushed: string[];
  created: boolean;
}

/** Options of {@link syncGlossary}. */
export interface SyncGlossaryOptions {
  client: TransloomClient;
  glossary: ProjectGlossary | undefined;
  locked: LockedGlossary | undefined;
  /** Name of a glossary this creates. */
  name: string;
  /** Ask the service whether the locked glossary still exists even when nothing changed. */
  verify?: boolean;
  signal?: AbortSignal;
}

function pairOf(d: GlossaryDictionary): string {
  return `${d.sourceLang}>${d.targetLang}`;
}

/**
 * Makes the service's glossary match the project's: one multilingual glossary with a
 * dictionary per language pair. Only dictionaries whose content hash differs from the lock
 * are sent (PUT replaces one pair); a glossary the service no longer has is created again.
 */
export async function syncGlossary(options: SyncGlossaryOptions): Promise<GlossarySync> {
  const { client, glossary, locked, signal } = options;
  const wanted = glossary?.dictionaries ?? new Map<string, GlossaryDictionary>();
  if (wanted.size === 0) {
    if (locked) {
      try {
        await client.glossaries.delete(locked.id, { signal });
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    return { locked: undefined, pushed: [], created: false };
  }
  // One dictionary per pair: locales that share a pair (pt-BR, pt-PT) share it.
  const pairs = new Map<string, GlossaryDictionary>();
  for (const d of wanted.values()) pairs.set(pairOf(d), d);
  const hashes = new Map([...wanted].map(([locale, d]) => [locale, d.hash]));
  const create = async (): Promise<GlossarySync> => {
    const made = await client.glossaries.create(
      {
        name: options.name,
        dictionaries: [...pairs.values()].map((d) => ({
          sourceLang: d.sourceLang,
          targetLang: d.targetLang,
          entries: d.entries,
        })),
      },
      { signal },
    );
    return {
      locked: { id: made.glossaryId, dictionaries: hashes },
      pushed: [...wanted.keys()],
      created: true,
    };
  };
  if (!locked) return create();
  const changed = [...wanted].filter(([locale, d]) => locked.dictionaries.get(locale) !== d.hash);
  const stillUsed = new Set(pairs.keys());
  try {
    if (changed.length === 0 && [...locked.dictionaries.keys()].every((l) => wanted.has(l))) {
      if (options.verify) await client.glossaries.get(locked.id, { signal });
      return { locked: { id: locked.id, dictionaries: hashes }, pushed: [], created: false };
    }
    const sent = new Set<string>();
    for (const [, d] of changed) {
      if (sent.has(pairOf(d))) continue;
      sent.add(pairOf(d));
      await client.glossaries.replaceDictionary(
        locked.id,
        { sourceLang: d.sourceLang, targetLang: d.targetLang, entries: d.entries },
        { signal },
      );
    }
    // Dictionaries of locales that no longer have entries (unless another locale shares the pair).
    const source = [...pairs.values()][0]!.sourceLang;
    const dropped = [...locked.dictionaries.keys()]
      .filter((l) => !wanted.has(l))
      .map((l) => l.split('-')[0]!.toLowerCase());
    for (const target of new Set(dropped)) {
      if (stillUsed.has(`${source}>${target}`)) continue;
      try {
        await client.glossaries.deleteDictionary(locked.id, source, target, { signal });
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    return {
      locked: { id: locked.id, dictionaries: hashes },
      pushed: changed.map(([l]) => l),
      created: false,
    };
  } catch (error) {
    if (error instanceof NotFoundError) return create();
    throw error;
  }
}
