import { readFile } from 'node:fs/promises';
import { extname, relative, resolve } from 'node:path';
import {
  baseLanguage,
  GLOSSARY_LANGUAGES,
  type GlossaryEntry,
  type LocatedGlossaryEntry,
  parseGlossaryEntries,
  validateGlossaryEntries,
} from '@transloom/client/wire';
import { parse as parseCsv } from 'csv-parse/sync';
import { TransloomError } from '@transloom/client';
import type { ResolvedConfig } from '../config/resolve-config.js';
import { type Diagnostic, formatDiagnostic } from '../document/diagnostics.js';
import { hashOf } from '../hashing/hash-of.js';

/** The entries one target locale is translated with. */
export interface GlossaryDictionary {
  /** Language pair on the wire: glossaries are per base language (`en` -> `pt` serves pt-BR). */
  sourceLang: string;
  targetLang: string;
  entries: GlossaryEntry[];
  /** Hash of the entries, to tell whether the service has this content. */
  hash: string;
}

/** The project's glossary as read from its files: one dictionary per target locale that has one. */
export interface ProjectGlossary {
  /** Target locale -> its dictionary. */
  dictionaries: Map<string, GlossaryDictionary>;
  /** Problems that did not stop it (locales the service has no glossaries for). */
  warnings: Diagnostic[];
}

/** A glossary file that breaks the contract's entry rules; every problem has a line. */
export class GlossaryError extends TransloomError {
  override readonly name = 'GlossaryError';
  readonly diagnostics: readonly Diagnostic[];

  constructor(diagnostics: readonly Diagnostic[]) {
    super(
      'TRANSLOOM_GLOSSARY',
      `the glossary has problems:\n${diagnostics.map(formatDiagnostic).join('\n')}`,
      { kind: 'user' },
    );
    this.diagnostics = diagnostics;
  }
}

const SUPPORTED = new Set<string>(GLOSSARY_LANGUAGES);

function located(
  file: string,
  line: number,
  column: number,
  rule: string,
  message: string,
  severity: Diagnostic['severity'] = 'error',
): Diagnostic {
  return { file, line, column, rule, severity, message };
}

async function readText(root: string, path: string): Promise<{ name: string; text: string }> {
  const name = relative(root, resolve(root, path)) || path;
  try {
    return { name, text: (await readFile(resolve(root, path), 'utf8')).replace(/^\uFEFF/, '') };
  } catch (error) {
    throw new GlossaryError([
      located(name, 1, 1, 'glossary-unreadable', `cannot be read: ${(error as Error).message}`),
    ]);
  }
}

// One multilingual table: a header row of locales, then one row per term.
function readTable(
  name: string,
  text: string,
  locales: readonly string[],
  sourceLocale: string,
  diagnostics: Diagnostic[],
): Map<string, LocatedGlossaryEntry[]> {
  const tsv =
    extname(name).toLowerCase() === '.tsv' ||
    (!text.split('\n', 1)[0]!.includes(',') && text.includes('\t'));
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parseCsv(text, {
      delimiter: tsv ? '\t' : ',',
      quote: tsv ? false : '"',
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    const e = error as { lines?: number; message: string };
    diagnostics.push(
      located(name, e.lines ?? 1, 1, 'malformed-line', e.message.replace(/^Invalid [^:]*: /, '')),
    );
    return new Map();
  }
  const header = records[0]?.record.map((cell) => cell.trim()) ?? [];
  const sourceColumn = header.findIndex(
    (cell) => cell.toLowerCase() === sourceLocale.toLowerCase(),
  );
  if (sourceColumn === -1) {
    diagnostics.push(
      located(
        name,
        1,
        1,
        'glossary-header',
        `the first row must name the locale of each column, including the source locale '${sourceLocale}'; found: ${header.join(', ') || '(nothing)'}`,
      ),
    );
    return new Map();
  }
  const rows = records.slice(1).filter(({ record, info }) => {
    if (record.length === header.length) return true;
    diagnostics.push(
      located(
        name,
        info.lines,
        1,
        'malformed-line',
        `expected ${header.length} fields (one per header column), found ${record.length}`,
      ),
    );
    return false;
  });
  const out = new Map<string, LocatedGlossaryEntry[]>();
  header.forEach((cell, column) => {
    if (column === sourceColumn) return;
    const locale = locales.find((l) => l.toLowerCase() === cell.toLowerCase());
    if (!locale) {
      diagnostics.push(
        located(
          name,
          1,
          1,
          'glossary-header',
          `column ${column + 1} ('${cell}') is not a target locale; it is ignored`,
          'warning',
        ),
      );
      return;
    }
    const entries: LocatedGlossaryEntry[] = [];
    for (const { record, info } of rows) {
      const source = record[sourceColumn]!;
      const target = record[column]!;
      // A row may leave a locale empty: that term has no entry there.
      if (target === '') continue;
      entries.push({ source, target, line: info.lines });
    }
    out.set(locale, entries);
  });
  return out;
}

/**
 * Reads the configured glossary and checks every entry against the contract's rules (parts
 * 2.2 and 8) before anything is sent. Throws a GlossaryError naming the file, line and rule.
 */
export async function loadProjectGlossary(
  config: ResolvedConfig,
): Promise<ProjectGlossary | undefined> {
  if (config.glossary === undefined) return undefined;
  const diagnostics: Diagnostic[] = [];
  const byLocale = new Map<string, { name: string; entries: LocatedGlossaryEntry[] }>();
  if (typeof config.glossary === 'string') {
    const { name, text } = await readText(config.root, config.glossary);
    for (const [locale, entries] of readTable(
      name,
      text,
      config.targetLocales,
      config.sourceLocale,
      diagnostics,
    )) {
      byLocale.set(locale, { name, entries });
    }
  } else {
    for (const [locale, path] of Object.entries(config.glossary)) {
      const { name, text } = await readText(config.root, path);
      const format = extname(name).toLowerCase() === '.csv' ? 'csv' : 'tsv';
      const parsed = parseGlossaryEntries(text, {
        format,
        sourceLang: config.sourceLocale,
        targetLang: locale,
      });
      for (const issue of parsed.issues)
        diagnostics.push(located(name, issue.line, 1, issue.rule, issue.message));
      byLocale.set(locale, { name, entries: parsed.entries });
    }
  }
  const dictionaries = new Map<string, GlossaryDictionary>();
  const warnings: Diagnostic[] = diagnostics.filter((d) => d.severity === 'warning');
  const byPair = new Map<string, { locale: string; hash: string }>();
  const sourceLang = baseLanguage(config.sourceLocale).toLowerCase();
  for (const [locale, { name, entries }] of byLocale) {
    for (const issue of validateGlossaryEntries(entries)) {
      diagnostics.push(located(name, issue.line, 1, issue.rule, `${issue.message} (${locale})`));
    }
    const targetLang = baseLanguage(locale).toLowerCase();
    if (!SUPPORTED.has(targetLang) || !SUPPORTED.has(sourceLang)) {
      warnings.push(
        located(
          name,
          1,
          1,
          'glossary-language',
          `the service has no glossaries for ${sourceLang} -> ${targetLang}; '${locale}' is translated without one`,
          'warning',
        ),
      );
      continue;
    }
    if (entries.length === 0) continue;
    const plain = entries.map(({ source, target }) => ({ source, target }));
    const hash = hashOf(...plain.flatMap((e) => [e.source, e.target]));
    // A glossary holds one dictionary per language pair, so pt-BR and pt-PT must agree.
    const pair = `${sourceLang}>${targetLang}`;
    const other = byPair.get(pair);
    if (other && other.hash !== hash) {
      diagnostics.push(
        located(
          name,
          1,
          1,
          'glossary-variant-conflict',
          `'${other.locale}' and '${locale}' share the ${sourceLang} -> ${targetLang} dictionary of a glossary but have different entries`,
        ),
      );
      continue;
    }
    byPair.set(pair, { locale, hash });
    dictionaries.set(locale, { sourceLang, targetLang, entries: plain, hash });
  }
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0)
    throw new GlossaryError(errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line));
  return { dictionaries, warnings };
}
