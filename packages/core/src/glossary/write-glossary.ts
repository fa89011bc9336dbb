import { extname, resolve } from 'node:path';
import { formatGlossaryEntries, type GlossaryEntry } from '@transloom/client/wire';
import { stringify } from 'csv-stringify/sync';
import type { ResolvedConfig } from '../config/resolve-config.js';
import { writeFileAtomic } from '../pipeline/write-file-atomic.js';

/**
 * A multilingual glossary table: a header row of locales (source first), then one row per
 * source term with its target in each locale (empty where a locale has none). CSV quotes
 * fields as the contract's CSV rules do; TSV has no quoting.
 */
export function formatGlossaryTable(
  sourceLocale: string,
  byLocale: ReadonlyMap<string, readonly GlossaryEntry[]>,
  format: 'csv' | 'tsv',
): string {
  const locales = [...byLocale.keys()];
  const terms: string[] = [];
  const rows = new Map<string, Map<string, string>>();
  for (const [locale, entries] of byLocale) {
    for (const { source, target } of entries) {
      let row = rows.get(source);
      if (!row) {
        row = new Map();
        rows.set(source, row);
        terms.push(source);
      }
      row.set(locale, target);
    }
  }
  const records = [
    [sourceLocale, ...locales],
    ...terms.map((term) => [term, ...locales.map((l) => rows.get(term)!.get(l) ?? '')]),
  ];
  if (format === 'tsv') return `${records.map((r) => r.join('\t')).join('\n')}\n`;
  return stringify(records, { record_delimiter: '\n' });
}

/** Writes glossary entries into the configured glossary file(s), atomically. Returns the files written. */
export async function writeProjectGlossary(
  config: ResolvedConfig,
  byLocale: ReadonlyMap<string, readonly GlossaryEntry[]>,
): Promise<string[]> {
  if (config.glossary === undefined) return [];
  const formatOf = (path: string) => (extname(path).toLowerCase() === '.tsv' ? 'tsv' : 'csv');
  if (typeof config.glossary === 'string') {
    await writeFileAtomic(
      resolve(config.root, config.glossary),
      formatGlossaryTable(config.sourceLocale, byLocale, formatOf(config.glossary)),
    );
    return [config.glossary];
  }
  const written: string[] = [];
  for (const [locale, path] of Object.entries(config.glossary)) {
    const entries = byLocale.get(locale);
    if (!entries) continue;
    await writeFileAtomic(
      resolve(config.root, path),
      `${formatGlossaryEntries(entries, formatOf(path))}\n`,
    );
    written.push(path);
  }
  return written;
}
