import type { InitFileEntry } from './entry-plan.js';

/** What the written configuration says. */
export interface ConfigLayout {
  /** One line for the config's first comment: what was found. */
  description: string;
  /** More comment lines on how it was found (files, counts, why this one). */
  found: string[];
  sourceLocale: string;
  targetLocales: string[];
  /** File entries (absent with a preset). */
  files?: InitFileEntry[];
  /** A docs-site preset. */
  preset?: 'docusaurus' | 'vitepress' | 'starlight';
  /** The docs site's folder when it is not the project root (`docs/`). */
  presetRoot?: string;
}

const quote = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

// `[a, b, c]`, wrapped over lines when it would not fit in 100 columns.
function list(items: readonly string[], indent: string, prefix: string): string[] {
  const line = `${indent}${prefix}[${items.map(quote).join(', ')}],`;
  if (line.length <= 100) return [line];
  const lines = [`${indent}${prefix}[`];
  let current = '';
  for (const item of items.map(quote)) {
    if (current && `${indent}  ${current} ${item},`.length > 100) {
      lines.push(`${indent}  ${current}`);
      current = '';
    }
    current += `${current ? ' ' : ''}${item},`;
  }
  if (current) lines.push(`${indent}  ${current}`);
  lines.push(`${indent}],`);
  return lines;
}

function entryText(entry: InitFileEntry): string[] {
  const fields = [
    `source: ${quote(entry.source)}`,
    ...(entry.target ? [`target: ${quote(entry.target)}`] : []),
    ...(entry.locales ? [`locales: [${entry.locales.map(quote).join(', ')}]`] : []),
  ];
  const one = `    { ${fields.join(', ')} },`;
  if (one.length <= 100) return [one];
  return [
    '    {',
    `      source: ${quote(entry.source)},`,
    ...(entry.target ? [`      target: ${quote(entry.target)},`] : []),
    ...(entry.locales ? list(entry.locales, '      ', 'locales: ') : []),
    '    },',
  ];
}

/** The text of a commented `transloom.config.mjs`. */
export function configText(layout: ConfigLayout): string {
  const targets = layout.targetLocales.length > 0 ? layout.targetLocales : ['de', 'fr'];
  const lines = [
    `// Transloom configuration, written by \`transloom init\` for ${layout.description}.`,
    ...layout.found.map((line) => `// ${line}`),
    '// Run `npx transloom translate` to translate, `npx transloom check` in CI.',
    "/** @type {import('@transloom/core').TransloomConfig} */",
    'export default {',
    '  // The language the project is written in.',
    `  sourceLocale: ${quote(layout.sourceLocale)},`,
    layout.targetLocales.length === 0
      ? '  // No translations were found yet: list the languages to translate into.'
      : '  // The languages to translate into.',
    ...list(targets, '  ', 'targetLocales: '),
  ];
  if (layout.preset) {
    lines.push(
      `  // The ${layout.description.replace(/^an? /, '').replace(/ in .*$/, '')}'s own locale layout: pages, front matter and UI strings.`,
      `  preset: ${quote(layout.preset)},`,
    );
    if (layout.presetRoot)
      lines.push(
        "  // The site's folder: only its pages are translated, never the files around it.",
        `  presetOptions: { root: ${quote(layout.presetRoot.replace(/\/$/, ''))} },`,
      );
  } else {
    lines.push(
      '  // What to translate: `source` is a glob in which {locale} stands for the source locale;',
      '  // translations go where {locale} is the target locale (or to `target`, a template in',
      '  // which {path} is what the glob matched below its fixed folders); `locales` limits an entry.',
      '  files: [',
      ...(layout.files ?? []).flatMap(entryText),
      '  ],',
    );
  }
  lines.push(
    '  // A glossary of fixed terms (CSV with a header row of locales), e.g.:',
    "  // glossary: 'glossary.csv',",
    '};',
    '',
  );
  return lines.join('\n');
}
