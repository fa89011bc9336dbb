import { open, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { UsageError } from '@transloom/core';
import { CONFIG_SEARCH_PLACES } from '@transloom/core/config';
import { type CliIo, EXIT } from '../cli-io.js';
import { type DetectedLayout, detectLayout } from '../init/detect-layout.js';
import { parseCommandArgs, workingDirectory } from '../parse-command-args.js';

/** Help of `transloom init`. */
export const INIT_USAGE = `Usage: transloom init [--target L]... [--cwd DIR]

Looks at the project (i18next locales/<lng>/*.json or public/locales, next-intl messages/*.json,
Angular or Symfony XLIFF, Docusaurus, VitePress and Starlight docs sites) and writes a commented
transloom.config.mjs for it. Never overwrites an existing configuration.

Options:
  --target L   a target locale (repeatable; default: the locales found beside the source)
`;

const quote = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** The text of a commented `transloom.config.mjs` for a layout. */
export function configText(layout: DetectedLayout, targets: readonly string[]): string {
  const lines = [
    `// Transloom configuration, written by \`transloom init\` for ${layout.description}.`,
    '// Run `npx transloom translate` to translate, `npx transloom check` in CI.',
    "/** @type {import('@transloom/core').TransloomConfig} */",
    'export default {',
    '  // The language the project is written in.',
    `  sourceLocale: ${quote(layout.sourceLocale)},`,
    targets.length === 0
      ? '  // No translations were found yet: list the languages to translate into.'
      : '  // The languages to translate into.',
    `  targetLocales: [${(targets.length > 0 ? targets : ['de', 'fr']).map(quote).join(', ')}],`,
  ];
  if (layout.preset) {
    lines.push(
      `  // The ${layout.description.replace(/^an? /, '')}'s own locale layout: pages, front matter and UI strings.`,
      `  preset: ${quote(layout.preset)},`,
    );
  } else {
    lines.push(
      '  // What to translate: `source` is a glob in which {locale} stands for the source locale;',
      '  // translations go where {locale} is the target locale (or to `target`, a template).',
      '  files: [',
      ...(layout.files ?? []).map(
        (f) =>
          `    { source: ${quote(f.source)}${f.target ? `, target: ${quote(f.target)}` : ''} },`,
      ),
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

async function existingConfig(root: string): Promise<string | undefined> {
  for (const name of CONFIG_SEARCH_PLACES) {
    try {
      const text = await readFile(join(root, name), 'utf8');
      if (name !== 'package.json' || 'transloom' in (JSON.parse(text) as object)) return name;
    } catch {
      // absent (or a package.json that is not JSON: not ours to judge here)
    }
  }
  return undefined;
}

/** `transloom init`: writes a configuration for the project's layout. */
export async function initCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    cwd: { type: 'string' },
    target: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout.write(INIT_USAGE);
    return EXIT.ok;
  }
  const root = workingDirectory(io.cwd, values.cwd);
  const existing = await existingConfig(root);
  if (existing)
    throw new UsageError(
      `${join(root, existing)} already configures Transloom; it was left as it is`,
    );
  const layout = await detectLayout(root);
  if (!layout)
    throw new UsageError(
      `found no localization files Transloom knows in ${root} (i18next locales/<lng>/*.json, messages/<lng>.json, XLIFF, Docusaurus, VitePress, Starlight); write transloom.config.json by hand (see the README)`,
    );
  const targets = values.target ?? layout.targetLocales;
  const file = join(root, 'transloom.config.mjs');
  // 'wx': a file that appeared meanwhile is never overwritten.
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(configText(layout, targets));
  } finally {
    await handle.close();
  }
  io.stdout.write(
    `wrote ${relative(io.cwd, file) || file} for ${layout.description} (${layout.sourceLocale} -> ${(targets.length > 0 ? targets : ['de', 'fr']).join(', ')})\n`,
  );
  return EXIT.ok;
}
