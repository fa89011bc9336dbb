import { resolve } from 'node:path';
import type { GlossaryEntry, GlossaryFileFormat } from '@transloom/client/wire';
import { writeFileAtomic } from '../fs/write-file-atomic.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import type { GlossarySource } from './glossary-source.js';
import { GlossaryError } from './load-glossary.js';
import { mergeGlossaryFile } from './merge-glossary-file.js';
import { type GlossaryFileRole, parseGlossaryFile } from './parse-glossary-file.js';
import { readProjectGlossaryFiles } from './read-glossary-files.js';

function emptySource(name: string, path: string): GlossarySource {
  return { name, path, text: '', bom: false };
}

/**
 * A multilingual glossary table: a header row of locales (source first), then one row per
 * source term with its target in each locale (empty where a locale has none). CSV quotes
 * fields as the contract's CSV rules do; TSV has no quoting.
 */
export function formatGlossaryTable(
  sourceLocale: string,
  byLocale: ReadonlyMap<string, readonly GlossaryEntry[]>,
  format: GlossaryFileFormat,
): string {
  const options = { sourceLocale, targetLocales: [...byLocale.keys()] };
  const model = parseGlossaryFile(emptySource(`glossary.${format}`, ''), {
    ...options,
    role: { kind: 'single' },
  });
  return mergeGlossaryFile(model, byLocale, options);
}

/**
 * Writes glossary entries into the configured glossary file(s) in the layout they already
 * have (a file that does not exist yet is written as a table, or as entry rows for a
 * locale's own file), atomically. Rows whose entries did not change keep their bytes, and a
 * file whose content would not change is not written. Refuses, naming the problems, when a
 * file's structure cannot be read (it could not be rewritten without losing rows). Returns
 * the files written, relative to the root.
 */
export async function writeProjectGlossary(
  config: ResolvedConfig,
  byLocale: ReadonlyMap<string, readonly GlossaryEntry[]>,
): Promise<string[]> {
  const read = await readProjectGlossaryFiles(config);
  if (!read) return [];
  const blocking = [
    ...read.problems,
    ...read.files.flatMap((f) => f.model?.diagnostics.filter((d) => d.severity === 'error') ?? []),
  ];
  if (blocking.length > 0) throw new GlossaryError(blocking);
  const options = { sourceLocale: config.sourceLocale, targetLocales: config.targetLocales };
  const written: string[] = [];
  for (const file of read.files) {
    const wanted =
      file.locale === undefined
        ? byLocale
        : byLocale.has(file.locale)
          ? new Map([[file.locale, byLocale.get(file.locale)!]])
          : undefined;
    if (!wanted || (file.missing && [...wanted.values()].every((e) => e.length === 0))) continue;
    const role: GlossaryFileRole =
      file.locale === undefined ? { kind: 'single' } : { kind: 'locale', locale: file.locale };
    const model =
      file.model ??
      parseGlossaryFile(emptySource(file.name, resolve(config.root, file.path)), {
        ...options,
        role,
      });
    const text = mergeGlossaryFile(model, wanted, options);
    if (!file.missing && text === model.source.text) continue;
    await writeFileAtomic(
      resolve(config.root, file.path),
      model.source.bom ? `\uFEFF${text}` : text,
    );
    written.push(file.name);
  }
  return written;
}
