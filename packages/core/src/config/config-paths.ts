import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { ConfigIssue } from './config-error.js';
import type { ConfigSchemaOutput } from './config-schema.js';

/** Whether `path` (absolute) is `root` or below it, by name. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

const PARENT_SEGMENT = /(^|[\\/])\.\.([\\/]|$)/;

/** The issue of a path (`value`, for `path` in the configuration) that leads out of the project. */
export function outsideIssue(path: string, value: string): ConfigIssue {
  return {
    path,
    message: `'${value}' is outside the project; every path Transloom reads or writes must be inside the project root`,
  };
}

/**
 * Every path of a configuration checked by name against the project root: files, targets,
 * lock, translation memory, glossary, extract input and output. A glob may not climb with
 * `..` at all (what it matches could not be told in advance); a template is checked with its
 * placeholders filled in. Symbolic links are checked when the paths are used.
 */
export function configPathIssues(config: ConfigSchemaOutput, root: string): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const path = (key: string, value: string | undefined) => {
    if (value !== undefined && !isInside(root, resolve(root, value)))
      issues.push(outsideIssue(key, value));
  };
  const glob = (key: string, value: string) => {
    if (PARENT_SEGMENT.test(value))
      issues.push({
        path: key,
        message: `'${value}' climbs out with '..'; globs must stay inside the project root`,
      });
    else if (!isInside(root, resolve(root, value))) issues.push(outsideIssue(key, value));
  };
  const fill = (template: string, values: Record<string, string>) =>
    Object.entries(values).reduce((t, [name, v]) => t.replaceAll(`{${name}}`, v), template);
  config.files.forEach((entry, i) => {
    glob(`files[${i}].source`, fill(entry.source, { locale: config.sourceLocale }));
    if (entry.target === undefined) return;
    for (const locale of config.targetLocales) {
      const target = fill(entry.target, { locale, path: 'file' });
      if (!isInside(root, resolve(root, target))) {
        issues.push(outsideIssue(`files[${i}].target`, entry.target));
        break;
      }
    }
  });
  path('presetOptions.root', config.presetOptions?.root);
  path('lockFile', config.lockFile);
  if (config.translationMemory) path('translationMemory.path', config.translationMemory.path);
  if (typeof config.glossary === 'string')
    path('glossary', fill(config.glossary, { locale: config.sourceLocale }));
  else
    for (const [locale, file] of Object.entries(config.glossary ?? {}))
      path(`glossary.${locale}`, file);
  if (config.extract) {
    config.extract.input.forEach((input, i) => {
      glob(`extract.input[${i}]`, input);
    });
    path('extract.output', fill(config.extract.output, { ns: 'ns', locale: config.sourceLocale }));
  }
  return issues;
}
