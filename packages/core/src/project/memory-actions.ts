import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { ConfigError } from '@transloom/client/errors';
import { pushTo } from '../collections/group-by.js';
import type { Diagnostic } from '../document/diagnostics.js';
import { writeFileAtomic } from '../fs/write-file-atomic.js';
import {
  MemoryUnavailableError,
  openRedisTranslationStore,
  type RedisTranslationStore,
} from '../memory/redis-translation-store.js';
import { resolveSharedMemory } from '../memory/shared-memory-settings.js';
import { readTmx, type TmxUnit, type TmxVariant } from '../memory/tmx-read.js';
import { markupToTmx, nativeText, tmxToMarkup } from '../memory/tmx-segment.js';
import { formatTmx, type TmxPair } from '../memory/tmx-write.js';
import type { TranslationMemory } from '../memory/translation-memory.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import { type MemorySegment, projectSegments } from './memory-segments.js';
import type { MemoryPromotion, TmxExport, TmxImport } from './project-types.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Keys asked of the memory at once. */
const LOOKUP_SLICE = 5000;

/** The version written in a TMX header. */
const TOOL_VERSION = '0.1.0';

// The shared memory of the configuration, opened for one call; a ConfigError without one.
async function openShared(
  config: ResolvedConfig,
  env: Env,
  what: string,
  readScopes?: readonly string[],
): Promise<RedisTranslationStore> {
  const issue = (message: string) =>
    new ConfigError([{ path: 'translationMemory.redis', message }], config.file);
  if (!config.sharedMemory) throw issue(`${what} needs a shared translation memory; set it`);
  const resolved = resolveSharedMemory(config.sharedMemory, env);
  if ('problem' in resolved) throw issue(resolved.problem);
  const { settings } = resolved;
  return openRedisTranslationStore({
    url: settings.url,
    prefix: settings.prefix,
    scope: settings.scope,
    readScopes: readScopes ?? settings.readScopes,
  });
}

/**
 * Copies the entries of scope `from` into the run's own scope (or `to`): how a merged pull
 * request's translations reach the default branch's scope. Entries the target already has stay.
 */
export async function promoteScope(
  config: ResolvedConfig,
  env: Env,
  options: { from: string; to?: string },
): Promise<MemoryPromotion> {
  const store = await openShared(config, env, 'memory promote');
  try {
    return await store.promote(options.from, options.to);
  } finally {
    await store.close();
  }
}

// The memory's values for `keys`, asked a slice at a time.
async function lookUp(
  memory: Pick<TranslationMemory, 'getMany'>,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < keys.length; i += LOOKUP_SLICE)
    for (const [key, value] of await memory.getMany(keys.slice(i, i + LOOKUP_SLICE)))
      found.set(key, value);
  return found;
}

/**
 * Writes a TMX 1.4b file of what the memory holds for the project's units: one `<tu>` per
 * text and target locale the memory has a translation for, inline codes with their original
 * text. The memory keeps only keys and translations, so the source side comes from the project.
 * With `scope`, only that scope of the shared memory is read.
 */
export async function exportTmx(
  config: ResolvedConfig,
  memory: TranslationMemory,
  env: Env,
  options: { file: string; scope?: string | undefined; locales?: readonly string[] | undefined },
): Promise<TmxExport> {
  const { segments, problems } = await projectSegments(config, options.locales);
  const keys = segments.map((s) => s.key);
  let found: Map<string, string>;
  const warnings: string[] = [];
  if (options.scope !== undefined) {
    const store = await openShared(config, env, 'memory export --scope', [options.scope]);
    try {
      found = await lookUp(store, keys);
    } finally {
      await store.close();
    }
  } else {
    found = await lookUp(memory, keys);
    const lost = memory.unavailable?.();
    if (lost) warnings.push(lost);
  }
  const pairs: TmxPair[] = [];
  const locales: Record<string, number> = {};
  for (const segment of segments) {
    const value = found.get(segment.key);
    if (value === undefined) continue;
    pairs.push({
      id: segment.key,
      source: markupToTmx(segment.form.text, segment.originals),
      targetLang: segment.locale,
      target: markupToTmx(value, segment.originals),
    });
    locales[segment.locale] = (locales[segment.locale] ?? 0) + 1;
  }
  const file = resolve(config.root, options.file);
  await writeFileAtomic(
    file,
    formatTmx(pairs, { sourceLang: config.sourceLocale, toolVersion: TOOL_VERSION }),
  );
  return { file, texts: segments.length, pairs: pairs.length, locales, problems, warnings };
}

// Whether a TMX language names a locale: the same code (any case), or the same base language.
function sameLanguage(tmx: string, locale: string): boolean {
  const a = tmx.toLowerCase().replace(/_/g, '-');
  const b = locale.toLowerCase();
  return a === b || a.split('-')[0] === b;
}

/**
 * Reads a TMX file into the memory. Each `<tu>`'s source segment is matched with the
 * project's texts (same text, codes read as the original text they stand for), and each of
 * its translations into a target locale is checked like a service's answer (the same
 * placeholders and pairs as the unit) before it is stored under the unit's key. A
 * translation that fails is reported at its line in the TMX file and not stored.
 */
export async function importTmx(
  config: ResolvedConfig,
  memory: TranslationMemory,
  options: { file: string },
): Promise<TmxImport> {
  const file = resolve(config.root, options.file);
  const shown = relative(config.root, file) || file;
  const tmx = readTmx(shown, await readFile(file));
  const { segments, problems: projectProblems } = await projectSegments(config);
  const index = segmentIndex(segments);
  const problems: Diagnostic[] = [];
  const problem = (at: { line: number; column: number }, message: string) =>
    problems.push({
      file: shown,
      line: at.line,
      column: at.column,
      rule: 'tmx-import',
      severity: 'error',
      message,
    });
  const entries = new Map<string, string>();
  const unknownLanguages = new Set<string>();
  let translations = 0;
  let unmatched = 0;
  const sourceOf = (tu: TmxUnit): TmxVariant | undefined => {
    const lang = tu.srclang && tu.srclang !== '*all*' ? tu.srclang : config.sourceLocale;
    return tu.variants.find((v) => sameLanguage(v.lang, lang));
  };
  for (const tu of tmx.units) {
    const source = sourceOf(tu);
    if (!source) {
      problem(
        tu,
        `the unit has no segment in its source language '${tu.srclang ?? config.sourceLocale}'`,
      );
      continue;
    }
    if (!sameLanguage(source.lang, config.sourceLocale)) {
      problem(
        source,
        `the source language '${source.lang}' is not the project's '${config.sourceLocale}'`,
      );
      continue;
    }
    const native = nativeText(source.pieces);
    for (const variant of tu.variants) {
      if (variant === source) continue;
      const locale = config.targetLocales.find((l) => sameLanguage(variant.lang, l));
      if (!locale) {
        unknownLanguages.add(variant.lang);
        continue;
      }
      translations++;
      const matches = index.get(`${locale}\u0000${native}`);
      if (!matches) {
        unmatched++;
        continue;
      }
      const error = addEntries(entries, variant, source, matches);
      if (error)
        problem(
          variant,
          `the ${locale} translation does not carry the source's placeholders: ${error}`,
        );
    }
  }
  const stored = await storeEntries(memory, [...entries], shown);
  return {
    file,
    units: tmx.units.length,
    translations,
    stored,
    unmatched,
    skippedLanguages: [...unknownLanguages].sort(),
    problems: [...projectProblems, ...problems],
  };
}

// Project texts by locale and the text they show, as a TMX segment shows it.
function segmentIndex(segments: readonly MemorySegment[]): Map<string, MemorySegment[]> {
  const index = new Map<string, MemorySegment[]>();
  for (const segment of segments)
    pushTo(
      index,
      `${segment.locale}\u0000${nativeText(markupToTmx(segment.form.text, segment.originals))}`,
      segment,
    );
  return index;
}

// Adds a TMX translation under the key of each project text its source matches, checked like
// a service's answer; the first check that fails ends it, and its message is returned.
function addEntries(
  entries: Map<string, string>,
  variant: TmxVariant,
  source: TmxVariant,
  matches: readonly MemorySegment[],
): string | undefined {
  for (const segment of matches) {
    const converted = tmxToMarkup(variant.pieces, source.pieces, segment.form.text);
    const checked = 'error' in converted ? converted : segment.form.restore(converted.markup);
    if ('error' in checked) return checked.error;
    if (!entries.has(segment.key))
      entries.set(segment.key, (converted as { markup: string }).markup);
  }
  return undefined;
}

// Puts the entries into the memory a slice at a time; returns how many were stored.
async function storeEntries(
  memory: TranslationMemory,
  list: readonly [string, string][],
  shown: string,
): Promise<number> {
  for (let i = 0; i < list.length; i += LOOKUP_SLICE)
    await memory.putMany(list.slice(i, i + LOOKUP_SLICE));
  // Seeding a shared memory that did not take the entries is a failure, not a note.
  const lost = memory.unavailable?.();
  if (lost)
    throw new MemoryUnavailableError(
      `${list.length} ${list.length === 1 ? 'entry' : 'entries'} of ${shown} went to the local translation memory only: ${lost}`,
    );
  return list.length;
}
