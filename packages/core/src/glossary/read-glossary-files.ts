import type { Diagnostic } from '../document/diagnostics.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import { type GlossaryFileSet, glossaryFileSet } from './glossary-layout.js';
import { readGlossarySource, relativeGlossaryPath } from './glossary-source.js';
import { type GlossaryFileModel, parseGlossaryFile } from './parse-glossary-file.js';

/** One configured glossary file: read, missing, or unreadable (then `model` is undefined). */
export interface ConfiguredGlossaryFile {
  /** The target locale of a per-locale or pair file. */
  locale?: string;
  /** Path relative to the root. */
  name: string;
  /** Path as configured. */
  path: string;
  model?: GlossaryFileModel;
  missing: boolean;
}

/** The configured glossary files, read and parsed. */
export interface ProjectGlossaryFiles {
  set: GlossaryFileSet;
  files: ConfiguredGlossaryFile[];
  /** Files that could not be read or are not UTF-8 text. */
  problems: Diagnostic[];
}

/** Reads every configured glossary file (undefined when the configuration has no glossary). */
export async function readProjectGlossaryFiles(
  config: ResolvedConfig,
): Promise<ProjectGlossaryFiles | undefined> {
  const set = glossaryFileSet(config);
  if (!set) return undefined;
  const wanted: Array<{ locale?: string; path: string }> =
    set.kind === 'single' ? [{ path: set.path }] : set.files;
  const problems: Diagnostic[] = [];
  const files = await Promise.all(
    wanted.map(async ({ locale, path }): Promise<ConfiguredGlossaryFile> => {
      const name = relativeGlossaryPath(config.root, path);
      const { source, problem } = await readGlossarySource(config.root, path);
      if (problem) problems.push(problem);
      const file: ConfiguredGlossaryFile = {
        name,
        path,
        missing: !source && !problem,
        ...(locale !== undefined ? { locale } : {}),
      };
      if (source) {
        file.model = parseGlossaryFile(source, {
          role: locale === undefined ? { kind: 'single' } : { kind: 'locale', locale },
          sourceLocale: config.sourceLocale,
          targetLocales: config.targetLocales,
        });
      }
      return file;
    }),
  );
  return { set, files, problems };
}
