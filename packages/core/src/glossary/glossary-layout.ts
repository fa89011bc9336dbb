import { extname } from 'node:path';
import { LOCALE_CODE } from '@transloom/client/languages';
import type { GlossaryFileFormat } from '@transloom/client/wire';
import { baseLanguage } from '@transloom/client/wire';
import type { ResolvedConfig } from '../settings/resolved-config.js';

/**
 * How a project's glossary is laid out (the core README's Glossary section shows each):
 * - `table`: one file, a header row of locales, then one row per term;
 * - `entries`: one file of the service's own entry rows, `source,target[,source_lang,target_lang]`;
 * - `pairs`: one entry file per target locale, from a path with `{locale}`;
 * - `per-locale`: one entry file per target locale, named in a `{ locale: file }` record.
 */
export type GlossaryLayoutKind = 'table' | 'entries' | 'pairs' | 'per-locale';

/** The files the configuration names: one file, or one per target locale. */
export type GlossaryFileSet =
  | { kind: 'single'; path: string }
  | {
      kind: 'pairs' | 'per-locale';
      /** The configured path with `{locale}` (pairs only). */
      pattern?: string;
      files: Array<{ locale: string; path: string }>;
    };

/** The glossary files of a configuration (undefined when it has no glossary). */
export function glossaryFileSet(config: ResolvedConfig): GlossaryFileSet | undefined {
  const { glossary } = config;
  if (glossary === undefined) return undefined;
  if (typeof glossary !== 'string') {
    return {
      kind: 'per-locale',
      files: Object.entries(glossary).map(([locale, path]) => ({ locale, path })),
    };
  }
  if (!glossary.includes('{locale}')) return { kind: 'single', path: glossary };
  return {
    kind: 'pairs',
    pattern: glossary,
    files: config.targetLocales.map((locale) => ({
      locale,
      path: glossary.replaceAll('{locale}', locale),
    })),
  };
}

/**
 * CSV or TSV: `.csv` and `.tsv` say it; any other extension is read as TSV when its first
 * line has a tab and no comma, and as CSV otherwise.
 */
export function formatOfGlossary(path: string, text = ''): GlossaryFileFormat {
  const extension = extname(path).toLowerCase();
  if (extension === '.tsv') return 'tsv';
  if (extension === '.csv') return 'csv';
  const first = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  return first.includes('\t') && !first.includes(',') ? 'tsv' : 'csv';
}

// Column names people put above entry rows, though the service's format has none.
const COLUMN_NAME = /^(source|target)(?:[ _-]?(?:lang|language))?$/;

/** Whether a cell is spelled like a locale code (`en`, `pt-BR`, `zh-Hans`). */
export function isLocaleCode(cell: string): boolean {
  return LOCALE_CODE.test(cell);
}

/**
 * Whether a language cell of an entry row names `locale`: the locale itself or its language
 * (a glossary for `pt` serves pt-BR and pt-PT), in any letter case.
 */
export function namesLocale(cell: string, locale: string): boolean {
  const code = cell.trim().toLowerCase();
  return code === locale.toLowerCase() || code === baseLanguage(locale).toLowerCase();
}

/** The target locales a row's target-language cell names: the exact locale, else every variant of the language. */
export function localesNamed(cell: string, targetLocales: readonly string[]): string[] {
  const code = cell.trim().toLowerCase();
  const exact = targetLocales.filter((l) => l.toLowerCase() === code);
  return exact.length > 0 ? exact : targetLocales.filter((l) => namesLocale(code, l));
}

/** What the first row of a single glossary file is. */
export type FirstRowReading =
  | { kind: 'header'; sourceColumn: number }
  | { kind: 'entries' }
  | { kind: 'error'; message: string };

/**
 * Reads the first row of a single glossary file. It is a header when every cell is a
 * distinct locale code and one of them is the source locale; except that a four-cell row
 * with the source language third is an entry naming its language pair, as the service's
 * format puts it. A row of locale codes that names a target locale but not the source
 * locale, or a row of column names (`source,target`), is an error rather than a guess.
 * Anything else is the first entry row.
 */
export function readFirstRow(
  cells: readonly string[],
  sourceLocale: string,
  targetLocales: readonly string[],
): FirstRowReading {
  const codes = cells.map((c) => c.trim());
  const lower = codes.map((c) => c.toLowerCase());
  if (
    (codes.length === 2 || codes.length === 4) &&
    lower.every((c) => COLUMN_NAME.test(c)) &&
    lower[0] === 'source'
  ) {
    return {
      kind: 'error',
      message: `the first row names columns (${codes.join(', ')}), but entry rows have no header: delete it, or make it a header of locales (${[sourceLocale, ...targetLocales].join(',')})`,
    };
  }
  if (codes.length < 2 || !codes.every(isLocaleCode) || new Set(lower).size !== codes.length)
    return { kind: 'entries' };
  const exact = lower.indexOf(sourceLocale.toLowerCase());
  const sourceColumn =
    exact !== -1 ? exact : lower.indexOf(baseLanguage(sourceLocale).toLowerCase());
  if (sourceColumn !== -1) {
    return codes.length === 4 && sourceColumn === 2
      ? { kind: 'entries' }
      : { kind: 'header', sourceColumn };
  }
  if (codes.length === 4) return { kind: 'entries' };
  if (lower.some((code) => targetLocales.some((l) => l.toLowerCase() === code))) {
    return {
      kind: 'error',
      message: `the first row reads as a header of locales but does not name the source locale '${sourceLocale}': add a column for it, or if this row is an entry, move it below another one`,
    };
  }
  return { kind: 'entries' };
}
