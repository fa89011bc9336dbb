import { TransloomError } from '@transloom/client/errors';
import { baseLanguage, GLOSSARY_LANGUAGES, type GlossaryEntry } from '@transloom/client/wire';
import { type Diagnostic, formatDiagnostic } from '../document/diagnostics.js';
import { hashOfParts } from '../hashing/hash-of.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import { checkGlossaryEntries } from './check-glossary-entries.js';
import { describeGlossaryLayout } from './describe-glossary-layout.js';
import type { GlossaryLayoutKind } from './glossary-layout.js';
import { glossaryDiagnostic, relativeGlossaryPath } from './glossary-source.js';
import type { PositionedEntry } from './parse-glossary-file.js';
import { type ProjectGlossaryFiles, readProjectGlossaryFiles } from './read-glossary-files.js';

/**
 * The digest `hashOf(source1, target1, source2, ...)` gives (locks store it), computed
 * without spreading a dictionary of 100 000 entries into arguments, which overflows the stack.
 */
export function hashOfEntries(entries: readonly GlossaryEntry[]): string {
  return hashOfParts(
    (function* () {
      for (const { source, target } of entries) {
        yield source;
        yield target;
      }
    })(),
  );
}

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
  /** Problems that did not stop it (ignored columns and rows, suspicious entries, unsupported languages). */
  warnings: Diagnostic[];
  /** How the files were read (see {@link GlossaryLayoutKind}). */
  layout: GlossaryLayoutKind;
  /** The layout in words, e.g. `a CSV table in glossary.csv: a header row of locales (en, de), ...`. */
  layoutDescription: string;
  /** The files read, relative to the root. */
  files: string[];
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
/** Errors listed per file; a broken file would otherwise print one per line. */
const MAX_ERRORS_PER_FILE = 100;

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column;
}

function sortAndCap(errors: Diagnostic[]): Diagnostic[] {
  errors.sort(byPosition);
  const out: Diagnostic[] = [];
  const perFile = new Map<string, number>();
  for (const error of errors) {
    const count = (perFile.get(error.file) ?? 0) + 1;
    perFile.set(error.file, count);
    if (count <= MAX_ERRORS_PER_FILE) out.push(error);
  }
  for (const [file, count] of perFile) {
    if (count > MAX_ERRORS_PER_FILE)
      out.push(
        glossaryDiagnostic(
          file,
          { line: 1, column: 1 },
          'glossary-too-many-problems',
          `${count - MAX_ERRORS_PER_FILE} more problems in this file are not listed`,
        ),
      );
  }
  return out;
}

/**
 * Reads the configured glossary in its layout (table, entry rows, or one file per locale)
 * and checks every entry against the contract's rules (parts 2.2 and 8) before anything is
 * sent. Throws a GlossaryError naming the file, line, column and rule of each problem.
 */
export async function loadProjectGlossary(
  config: ResolvedConfig,
): Promise<ProjectGlossary | undefined> {
  const read = await readProjectGlossaryFiles(config);
  if (!read) return undefined;
  const diagnostics: Diagnostic[] = [...read.problems];
  diagnostics.push(...missingFileDiagnostics(config, read));
  const byLocale = new Map<string, { name: string; entries: PositionedEntry[] }>();
  for (const file of read.files) {
    if (!file.model) continue;
    for (const d of file.model.diagnostics) diagnostics.push(d);
    for (const [locale, entries] of file.model.entries)
      byLocale.set(locale, { name: file.name, entries });
  }
  const dictionaries = dictionariesOf(byLocale, config.sourceLocale, diagnostics);
  // A table reports a problem of a source cell once per locale column: keep one.
  const unique = [
    ...new Map(
      diagnostics.map((d) => [`${d.file}:${d.line}:${d.column}:${d.rule}:${d.message}`, d]),
    ).values(),
  ];
  const errors = unique.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new GlossaryError(sortAndCap(errors));
  const layout = describeGlossaryLayout(read, config.sourceLocale);
  return {
    dictionaries,
    warnings: unique.filter((d) => d.severity === 'warning').sort(byPosition),
    layout: layout.kind,
    layoutDescription: layout.description,
    files: read.files.filter((f) => f.model).map((f) => f.name),
  };
}

// A glossary file that is not there: an error, except for a locale of a per-locale layout
// (one of them is enough).
function missingFileDiagnostics(config: ResolvedConfig, read: ProjectGlossaryFiles): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const missing = read.files.filter((f) => f.missing);
  if (read.set.kind === 'pairs' && missing.length === read.files.length) {
    diagnostics.push(
      glossaryDiagnostic(
        relativeGlossaryPath(config.root, read.set.pattern!),
        { line: 1, column: 1 },
        'glossary-unreadable',
        `no file for any target locale (looked for ${read.files.map((f) => f.name).join(', ')})`,
      ),
    );
  } else if (read.set.kind !== 'pairs') {
    for (const file of missing)
      diagnostics.push(
        glossaryDiagnostic(
          file.name,
          { line: 1, column: 1 },
          'glossary-unreadable',
          'does not exist',
        ),
      );
  }
  return diagnostics;
}

// One dictionary per locale whose language pair the service has glossaries for; locales that
// share a pair must agree on its entries.
function dictionariesOf(
  byLocale: ReadonlyMap<string, { name: string; entries: PositionedEntry[] }>,
  sourceLocale: string,
  diagnostics: Diagnostic[],
): Map<string, GlossaryDictionary> {
  const dictionaries = new Map<string, GlossaryDictionary>();
  const byPair = new Map<string, { locale: string; hash: string }>();
  const sourceLang = baseLanguage(sourceLocale).toLowerCase();
  for (const [locale, { name, entries }] of byLocale) {
    for (const d of checkGlossaryEntries(entries)) diagnostics.push(d);
    const targetLang = baseLanguage(locale).toLowerCase();
    if (!SUPPORTED.has(targetLang) || !SUPPORTED.has(sourceLang)) {
      diagnostics.push(
        glossaryDiagnostic(
          name,
          { line: 1, column: 1 },
          'glossary-language',
          `the service has no glossaries for ${sourceLang} -> ${targetLang}; '${locale}' is translated without one`,
          'warning',
        ),
      );
      continue;
    }
    if (entries.length === 0) continue;
    const plain = entries.map(({ source, target }) => ({ source, target }));
    const hash = hashOfEntries(plain);
    // A glossary holds one dictionary per language pair, so pt-BR and pt-PT must agree.
    const pair = `${sourceLang}>${targetLang}`;
    const other = byPair.get(pair);
    if (other && other.hash !== hash) {
      diagnostics.push(
        glossaryDiagnostic(
          name,
          { line: 1, column: 1 },
          'glossary-variant-conflict',
          `'${other.locale}' and '${locale}' share the ${sourceLang} -> ${targetLang} dictionary of a glossary but have different entries`,
        ),
      );
      continue;
    }
    byPair.set(pair, { locale, hash });
    dictionaries.set(locale, { sourceLang, targetLang, entries: plain, hash });
  }
  return dictionaries;
}
