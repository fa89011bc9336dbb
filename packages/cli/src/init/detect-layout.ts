import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** What `transloom init` found in a project. */
export interface DetectedLayout {
  /** One line for the user and the config's first comment. */
  description: string;
  sourceLocale: string;
  /** Target locales found beside the source (empty: none found yet). */
  targetLocales: string[];
  /** File entries of the configuration (absent with a preset). */
  files?: Array<{ source: string; target?: string }>;
  /** A docs-site preset. */
  preset?: 'docusaurus' | 'vitepress' | 'starlight';
}

const LOCALE = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function entries(path: string): Promise<Array<{ name: string; dir: boolean }>> {
  try {
    return (await readdir(path, { withFileTypes: true })).map((e) => ({
      name: e.name,
      dir: e.isDirectory(),
    }));
  } catch {
    return [];
  }
}

async function anyOf(root: string, names: readonly string[]): Promise<string | undefined> {
  for (const name of names) if (await exists(join(root, name))) return name;
  return undefined;
}

async function dependsOn(root: string, name: string): Promise<boolean> {
  try {
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    return Boolean(pkg.dependencies?.[name] ?? pkg.devDependencies?.[name]);
  } catch {
    return false;
  }
}

// The source locale among `found`: English when present, else the first.
function split(found: readonly string[]): { sourceLocale: string; targetLocales: string[] } {
  const sourceLocale =
    found.find((l) => l === 'en') ?? found.find((l) => l.startsWith('en')) ?? found[0] ?? 'en';
  return {
    sourceLocale,
    targetLocales: found.filter((l) => l !== sourceLocale).map((l) => l.replace('_', '-')),
  };
}

const CONFIG_EXTENSIONS = ['js', 'mjs', 'cjs', 'ts', 'mts'];

/**
 * Looks at a project's files for the layouts Transloom knows: docs sites (Docusaurus,
 * VitePress, Starlight), i18next folders (`locales/<lng>/*.json`, `public/locales`), next-intl
 * (`messages/<lng>.json`), Angular XLIFF (`src/locale/messages.xlf`) and Symfony XLIFF
 * (`translations/<domain>.<lng>.xlf`). Returns undefined when none fits.
 */
export async function detectLayout(root: string): Promise<DetectedLayout | undefined> {
  if (
    await anyOf(
      root,
      CONFIG_EXTENSIONS.map((e) => `docusaurus.config.${e}`),
    )
  ) {
    const locales = (await entries(join(root, 'i18n'))).filter((e) => e.dir).map((e) => e.name);
    return { description: 'a Docusaurus site', preset: 'docusaurus', ...split(['en', ...locales]) };
  }
  for (const base of ['docs', '.']) {
    if (
      await anyOf(
        join(root, base, '.vitepress'),
        CONFIG_EXTENSIONS.map((e) => `config.${e}`),
      )
    ) {
      const locales = (await entries(join(root, base)))
        .filter((e) => e.dir && LOCALE.test(e.name))
        .map((e) => e.name);
      return { description: 'a VitePress site', preset: 'vitepress', ...split(['en', ...locales]) };
    }
  }
  if (await dependsOn(root, '@astrojs/starlight')) {
    const locales = (await entries(join(root, 'src/content/docs')))
      .filter((e) => e.dir && LOCALE.test(e.name))
      .map((e) => e.name);
    return { description: 'a Starlight site', preset: 'starlight', ...split(['en', ...locales]) };
  }
  for (const base of ['public/locales', 'locales', 'src/locales', 'static/locales']) {
    const dirs = (await entries(join(root, base))).filter((e) => e.dir && LOCALE.test(e.name));
    if (dirs.length > 0) {
      const { sourceLocale, targetLocales } = split(dirs.map((d) => d.name));
      const jsons = (await entries(join(root, base, sourceLocale))).some((e) =>
        e.name.endsWith('.json'),
      );
      if (jsons)
        return {
          description: `i18next catalogs in ${base}/<locale>/`,
          sourceLocale,
          targetLocales,
          files: [{ source: `${base}/{locale}/*.json` }],
        };
    }
  }
  for (const base of ['messages', 'src/messages', 'locales', 'src/i18n']) {
    const files = (await entries(join(root, base)))
      .filter((e) => !e.dir && e.name.endsWith('.json') && LOCALE.test(e.name.slice(0, -5)))
      .map((e) => e.name.slice(0, -5));
    if (files.length > 0)
      return {
        description: `one JSON catalog per locale in ${base}/ (next-intl, vue-i18n, ...)`,
        ...split(files),
        files: [{ source: `${base}/{locale}.json` }],
      };
  }
  const angular = await anyOf(root, ['src/locale/messages.xlf', 'src/locale/messages.xliff']);
  if (angular) {
    const dir = angular.slice(0, angular.lastIndexOf('/'));
    const ext = angular.slice(angular.lastIndexOf('.'));
    const locales = (await entries(join(root, dir)))
      .map((e) => /^messages\.([^.]+)\.xlf?f?$/.exec(e.name)?.[1])
      .filter((l): l is string => l !== undefined && LOCALE.test(l));
    return {
      description: 'Angular XLIFF messages',
      sourceLocale: 'en',
      targetLocales: locales,
      files: [{ source: angular, target: `${dir}/messages.{locale}${ext}` }],
    };
  }
  const symfony = (await entries(join(root, 'translations')))
    .map((e) => /^([\w+-]+)\.([A-Za-z_-]+)\.(xlf|xliff)$/.exec(e.name))
    .filter((m): m is RegExpExecArray => m !== null && LOCALE.test(m[2]!));
  if (symfony.length > 0) {
    const { sourceLocale, targetLocales } = split([...new Set(symfony.map((m) => m[2]!))]);
    return {
      description: 'Symfony XLIFF translations',
      sourceLocale,
      targetLocales,
      files: [{ source: `translations/*.{locale}.${symfony[0]![3]}` }],
    };
  }
  return undefined;
}
