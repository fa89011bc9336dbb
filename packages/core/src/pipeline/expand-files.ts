import { ConfigError } from '@transloom/client/errors';
import picomatch from 'picomatch';
import { globSync } from 'tinyglobby';
import type { FormatOptions } from '../formats/format-adapter.js';
import type { FormatName } from '../formats/registry.js';
import { escapeRegExp } from '../segments/escape-reg-exp.js';
import type { FileEntry } from '../settings/config-schema.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';

/** A source file of the project and where its translations go. */
export interface ProjectFile {
  /** Path of the source file relative to the project root, with `/`. */
  source: string;
  entryIndex: number;
  format: FormatName | undefined;
  options: FormatOptions;
  /** Target locales of this file. */
  locales: string[];
  /** Target path for a locale, relative to the root. */
  target(locale: string): string;
}

/** Globs no source is ever read from. */
export const ALWAYS_EXCLUDED: readonly string[] = ['**/node_modules/**', '**/.git/**'];

const GLOB_CHARS = /[*?[\]{}()!]/;

// A glob as a regular expression: `**/` any directories, `*` within one, `?` one character.
// Written here because the target path needs the span each `{locale}` matched, which glob
// matchers (tinyglobby, picomatch) do not report.
function globToRegExp(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*' && glob[i + 1] === '*') {
      out += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (ch === '*') out += '[^/]*';
    else if (ch === '?') out += '[^/]';
    else out += escapeRegExp(ch);
  }
  return out;
}

/** The directory part of a glob before its first wildcard, with a trailing `/` (or ''). */
export function staticBase(pattern: string): string {
  const parts = pattern.split('/');
  const fixed: string[] = [];
  for (const part of parts.slice(0, -1)) {
    if (GLOB_CHARS.test(part)) break;
    fixed.push(part);
  }
  return fixed.length > 0 ? `${fixed.join('/')}/` : '';
}

// How an entry of `files` names each of its sources' targets: made once per entry, then asked
// once per source (a project of thousands of files would otherwise redo the entry's pattern,
// or compile its regular expression, for each).
function targetsOf(
  entry: FileEntry,
  index: number,
  sourceLocale: string,
): (source: string) => (locale: string) => string {
  const pattern = entry.source.replaceAll('{locale}', sourceLocale);
  const template = entry.target;
  if (template) {
    const base = staticBase(pattern);
    return (source) => {
      const rest = source.startsWith(base) ? source.slice(base.length) : source;
      // Made once per locale: a run asks for each target path more than once (its check, its
      // plan), for every file.
      const made = new Map<string, string>();
      return (locale) => {
        let path = made.get(locale);
        if (path === undefined) {
          path = template.replaceAll('{locale}', locale).replaceAll('{path}', rest);
          made.set(locale, path);
        }
        return path;
      };
    };
  }
  // No template: the source path with its {locale} parts swapped for the target locale.
  const pieces = entry.source.split('{locale}');
  const regex = new RegExp(
    `^${pieces.map(globToRegExp).join(`(${escapeRegExp(sourceLocale)})`)}$`,
    'd',
  );
  return (source) => {
    const match = regex.exec(source);
    if (!match?.indices) {
      throw new ConfigError([
        {
          path: `files[${index}].target`,
          message: `cannot derive a target for '${source}'; give a target template`,
        },
      ]);
    }
    const spans = match.indices.slice(1).filter((s): s is [number, number] => s !== undefined);
    return (locale) => {
      let out = source;
      for (const [start, end] of [...spans].reverse())
        out = out.slice(0, start) + locale + out.slice(end);
      return out;
    };
  };
}

// A source that a later entry names again for locales of its own (`{ source: 'en.json',
// target: 'pt_BR.json', locales: ['pt-BR'] }` beside `{locale}.json`, for a file the locale
// code cannot spell) is one file: each locale takes its target from the first entry naming it.
// An entry without `locales`, or one that reads the file otherwise, adds nothing (a preset's
// entries never widen an explicit one).
function joinLocaleEntries(files: ProjectFile[], entries: readonly FileEntry[]): ProjectFile[] {
  const first = new Map<string, ProjectFile>();
  const joined: ProjectFile[] = [];
  for (const file of files) {
    const known = first.get(file.source);
    if (!known) {
      first.set(file.source, file);
      joined.push(file);
      continue;
    }
    const same =
      known.format === file.format &&
      JSON.stringify(known.options) === JSON.stringify(file.options);
    const added = file.locales.filter((l) => !known.locales.includes(l));
    if (!same || entries[file.entryIndex]?.locales === undefined || added.length === 0) continue;
    const [before, after] = [known.target, file.target];
    known.locales = [...known.locales, ...added];
    known.target = (locale) => (added.includes(locale) ? after(locale) : before(locale));
  }
  return joined;
}

/**
 * The project file a source path would be if it existed: the first entry of `files` whose
 * pattern matches it (its excludes too), with its target paths. How a run names the targets of
 * a source the lock knows but the project no longer has (moved or deleted): its orphans, and
 * the translations they still hold. Undefined when no entry matches it.
 */
export function projectFileFor(config: ResolvedConfig, source: string): ProjectFile | undefined {
  for (const [index, entry] of config.files.entries()) {
    const pattern = entry.source.replaceAll('{locale}', config.sourceLocale);
    const ignore = [...ALWAYS_EXCLUDED, ...(entry.exclude ?? [])];
    if (!picomatch(pattern, { dot: true, ignore })(source)) continue;
    let target: (locale: string) => string;
    try {
      target = targetsOf(entry, index, config.sourceLocale)(source);
    } catch {
      continue;
    }
    return {
      source,
      entryIndex: index,
      format: entry.format,
      options: entry.options ?? {},
      locales: (entry.locales ?? config.targetLocales).filter((l) =>
        config.targetLocales.includes(l),
      ),
      target,
    };
  }
  return undefined;
}

/**
 * Expands the configuration's `files` into source files with their target paths. A file
 * that is the target of another is not a source; two sources writing one target is an error.
 */
export async function expandFiles(config: ResolvedConfig): Promise<ProjectFile[]> {
  const files: ProjectFile[] = [];
  for (const [index, entry] of config.files.entries()) {
    const pattern = entry.source.replaceAll('{locale}', config.sourceLocale);
    // Walked synchronously, as the files are then read: the asynchronous walk waits on the
    // thread pool once per folder, which is most of its time on a project of many folders.
    const matches = globSync(pattern, {
      cwd: config.root,
      onlyFiles: true,
      expandDirectories: false,
      ignore: [...ALWAYS_EXCLUDED, ...(entry.exclude ?? [])],
    });
    const locales = (entry.locales ?? config.targetLocales).filter((l) =>
      config.targetLocales.includes(l),
    );
    const targetOf = targetsOf(entry, index, config.sourceLocale);
    for (const source of matches.sort()) {
      files.push({
        source,
        entryIndex: index,
        format: entry.format,
        options: entry.options ?? {},
        locales,
        target: targetOf(source),
      });
    }
  }
  const joined = joinLocaleEntries(files, config.files);
  const targets = new Map<string, string>();
  for (const file of joined) {
    for (const locale of file.locales) {
      const target = file.target(locale);
      const other = targets.get(target);
      if (other !== undefined && other !== file.source) {
        throw new ConfigError([
          {
            path: `files[${file.entryIndex}].target`,
            message: `'${file.source}' and '${other}' would both write '${target}'`,
          },
        ]);
      }
      targets.set(target, file.source);
    }
  }
  // Outputs matched by a broad source glob (`**/*.md` over `i18n/de/...`) are not sources.
  return joined.filter((file) => !targets.has(file.source));
}
