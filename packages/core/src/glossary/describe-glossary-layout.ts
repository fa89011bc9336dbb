import { baseLanguage } from '@transloom/client/wire';
import type { GlossaryLayoutKind } from './glossary-layout.js';
import type { ProjectGlossaryFiles } from './read-glossary-files.js';

/** The layout a project's glossary files were read as, and the same in words. */
export function describeGlossaryLayout(
  read: ProjectGlossaryFiles,
  sourceLocale: string,
): { kind: GlossaryLayoutKind; description: string } {
  const { set, files } = read;
  const present = files.filter((f) => f.model);
  if (set.kind !== 'single') {
    const listed = present.map((f) => `${f.locale}: ${f.name}`).join(', ') || 'none found';
    const absent = files.filter((f) => f.missing).map((f) => f.locale);
    return {
      kind: set.kind,
      description:
        set.kind === 'pairs'
          ? `one file of entry rows per target locale, from '${set.pattern}' (${listed}${absent.length > 0 ? `; no file for ${absent.join(', ')}` : ''})`
          : `one file of entry rows per target locale (${listed})`,
    };
  }
  const file = files[0]!;
  const model = file.model;
  const format = model?.format.toUpperCase() ?? 'CSV';
  if (!model || model.kind === 'table') {
    const header = model?.table
      ? model.rows[model.table.row]!.cells.map((c) => c.text.trim()).join(', ')
      : undefined;
    return {
      kind: 'table',
      description: header
        ? `a ${format} table in ${file.name}: a header row of locales (${header}), then one row per term`
        : `a ${format} table in ${file.name} (empty)`,
    };
  }
  const pairs = [...model.entries.keys()]
    .map((locale) => `${baseLanguage(sourceLocale).toLowerCase()} -> ${locale}`)
    .join(', ');
  return {
    kind: 'entries',
    description: model.languageColumns
      ? `${format} entry rows in ${file.name}, no header: source, target, source language, target language (${pairs || 'no rows'})`
      : `${format} entry rows in ${file.name}, no header: source, target (${pairs || 'no rows'})`,
  };
}
