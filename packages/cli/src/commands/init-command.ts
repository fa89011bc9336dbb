import { open, readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { InternalError } from '@transloom/client/errors';
import {
  CONFIG_SEARCH_PLACES,
  ensureLockMergeAttribute,
  isInside,
  loadDocsTools,
  targetLocaleProblem,
  UsageError,
} from '@transloom/core';
import { type CliIo, EXIT } from '../cli-io.js';
import { type ConfigLayout, configText } from '../init/config-text.js';
import {
  candidateDetails,
  candidateList,
  describeCandidate,
  listLocales,
} from '../init/describe-candidate.js';
import { type Detection, detectLayout, type SourceHint } from '../init/detect-layout.js';
import { fileEntries } from '../init/entry-plan.js';
import { isTranslatable } from '../init/translatable.js';
import { parseCommandArgs, workingDirectory } from '../parse-command-args.js';

/** Help of `transloom init`. */
export const INIT_USAGE = `Usage: transloom init [--source PATH] [--target L]... [--cwd DIR]

Searches the project for its localization files and writes a commented transloom.config.mjs
for them; never overwrites an existing configuration. It finds one catalog per locale in any
folder (src/locales/en.json beside de-DE.json, next-intl messages/<locale>.json), a folder per
locale (public/locales/<locale>/*.json), the same layout in several packages of a monorepo,
Angular and Nx XLIFF (i18n in angular.json or project.json), Symfony
translations/<domain>.<locale>.xlf, and Docusaurus, VitePress and Starlight sites. It skips
node_modules, vendor, build output (dist, build, out, coverage) and hidden folders, prints
what it found, and takes the set with the most to translate; when two are about as large it
lists them and exits 2.

Options:
  --source PATH  the source catalog, a file or a folder (relative to the project); the rest is
                 inferred around it
  --target L     a target locale (repeatable; default: the locales found beside the source)
`;

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

// `--source` as a path inside the project (symbolic links followed), relative to the root.
async function sourceHint(root: string, given: string): Promise<SourceHint> {
  const path = resolve(root, given);
  const real = await realpath(path).catch(() => {
    throw new UsageError(`--source ${given}: no such file or folder`);
  });
  const realRoot = await realpath(root);
  if (!isInside(realRoot, real))
    throw new UsageError(`--source ${given} is outside the project (${root})`);
  const isFile = (await stat(real)).isFile();
  return { path: relative(realRoot, real).split(sep).join('/'), isFile };
}

// The configuration, and the lines printed before it is written.
function layoutOf(
  detection: Detection,
  targets: readonly string[] | undefined,
): { layout: ConfigLayout; report: string[] } {
  if (detection.kind === 'docs') {
    const { site } = detection;
    return {
      layout: {
        description: site.description,
        found: [],
        sourceLocale: site.sourceLocale,
        targetLocales: [...(targets ?? site.targetLocales)],
        preset: site.preset,
        ...(site.root ? { presetRoot: site.root } : {}),
      },
      report: [`found ${site.description}: its preset '${site.preset}' configures it`],
    };
  }
  if (detection.kind !== 'found')
    throw new InternalError(`no layout in a '${detection.kind}' detection`);
  const { chosen, candidates, reason } = detection;
  // Found locales the service cannot translate into are left out (and said so); asked ones stay.
  const targetLocales = [...(targets ?? chosen.targetLocales.filter(isTranslatable))];
  const untranslatable = targets ? [] : chosen.targetLocales.filter((l) => !isTranslatable(l));
  const searched = `searched ${detection.folders} folders${detection.truncated ? ' (stopped at the limit)' : ''}; node_modules, vendor, build output and hidden folders skipped`;
  const found = `found ${candidates.length} catalog set${candidates.length === 1 ? '' : 's'}:`;
  return {
    layout: {
      description: `${chosen.set.layout} (${chosen.set.where})`,
      found: [describeCandidate(chosen), `chosen: ${reason}`],
      sourceLocale: chosen.sourceLocale,
      targetLocales,
      files: fileEntries(chosen.plans, targetLocales, targets !== undefined),
    },
    report: [
      searched,
      found,
      ...candidateList(candidates, chosen),
      `chose ${chosen.set.where}: ${reason}`,
      ...candidateDetails(chosen).map((line) => `  ${line}`),
      ...(untranslatable.length > 0
        ? [
            `  left out ${listLocales(untranslatable, 12)}: the translation service does not translate into ${untranslatable.length === 1 ? 'it' : 'them'}`,
          ]
        : []),
    ],
  };
}

// Why nothing was written, for the two outcomes that write nothing.
function refusal(detection: Detection, root: string): UsageError {
  if (detection.kind === 'ambiguous')
    return new UsageError(
      [
        `${detection.candidates.length} catalog sets are about as large; pass --source with the one to translate (a catalog file or its folder):`,
        ...candidateList(detection.candidates),
      ].join('\n'),
    );
  if (detection.kind !== 'none') throw new InternalError(`'${detection.kind}' is not a refusal`);
  const lines = [
    `found no localization files Transloom knows in ${root} (searched ${detection.folders} folders): a catalog set needs a source and at least one translation (src/locales/en.json beside de.json, public/locales/<locale>/*.json, XLIFF, Docusaurus, VitePress, Starlight)`,
  ];
  if (detection.lone.length > 0)
    lines.push(
      `catalogs without a translation beside them: ${detection.lone.slice(0, 5).join(', ')}${detection.lone.length > 5 ? ', ...' : ''}; pass one as --source (with --target L) to start from it`,
    );
  for (const line of detection.unreadable) lines.push(`not read: ${line}`);
  lines.push('or write transloom.config.json by hand (see the README)');
  return new UsageError(lines.join('\n'));
}

/** `transloom init`: writes a configuration for the project's layout. */
export async function initCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    cwd: { type: 'string' },
    source: { type: 'string' },
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
  // A target asked for must be one the configuration takes: init writes nothing it refuses.
  const refused = (values.target ?? []).flatMap((locale) => {
    const problem = targetLocaleProblem(locale);
    return problem?.severity === 'error' ? [`--target ${problem.message}`] : [];
  });
  if (refused.length > 0) throw new UsageError(refused.join('; '));
  const hint = values.source !== undefined ? await sourceHint(root, values.source) : undefined;
  const detection = await detectLayout(root, hint);
  if (detection.kind === 'ambiguous' || detection.kind === 'none') throw refusal(detection, root);
  const { layout, report } = layoutOf(detection, values.target);
  const file = join(root, 'transloom.config.mjs');
  // 'wx': a file that appeared meanwhile is never overwritten.
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(configText(layout));
  } finally {
    await handle.close();
  }
  const targets = layout.targetLocales.length > 0 ? layout.targetLocales : ['de', 'fr'];
  io.stdout.write(
    `${report.join('\n')}\nwrote ${relative(io.cwd, file) || file} for ${layout.description} (${layout.sourceLocale} -> ${listLocales(targets)})\n`,
  );
  // git merges the lock by taking both sides' lines (README: Working in a team).
  if (await ensureLockMergeAttribute(join(root, 'transloom.lock')))
    io.stdout.write('added transloom.lock merge=union to .gitattributes\n');
  if (layout.preset) {
    // What the site itself lacks for these locales (its own i18n configuration), said now.
    const { expandPreset } = await loadDocsTools();
    const { notes } = expandPreset(layout.preset, {
      root,
      sourceLocale: layout.sourceLocale,
      targetLocales: targets,
      options: layout.presetRoot ? { root: layout.presetRoot } : {},
    });
    for (const note of notes) io.stdout.write(`note: ${note}\n`);
  }
  return EXIT.ok;
}
