import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { ConfigIssue } from '@transloom/client/errors';
import type { ConfigSchemaOutput } from './config-schema.js';

/** Whether `path` (absolute) is `root` or below it, by name. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

const PARENT_SEGMENT = /(^|[\\/])\.\.([\\/]|$)/;

// `.git` as every file system may spell it: any case, trailing dots or spaces (Windows drops
// them), and its 8.3 short name (`GIT~1`), as git's own core.protectNTFS does.
const GIT_SEGMENT = /^(?:\.git[. ]*|git~\d+)$/i;
const GITHUB_SEGMENT = /^(?:\.github[. ]*|github~\d+)$/i;
const GIT_ANYWHERE = /git/i;

/** Which protected folder a path (relative to the root, or absolute) passes through, if any. */
export function protectedFolderOf(path: string): '.git' | '.github' | undefined {
  // Both names, in every spelling, hold `git`: a path without it passes through neither (a
  // run checks thousands of paths, nearly all without).
  if (!GIT_ANYWHERE.test(path)) return undefined;
  const segments = path.split(/[\\/]+/);
  if (segments.some((s) => GIT_SEGMENT.test(s))) return '.git';
  if (segments.some((s) => GITHUB_SEGMENT.test(s))) return '.github';
  return undefined;
}

const shownPath = (value: string, link: string | undefined) =>
  link === undefined ? `'${value}' is` : `'${value}' is a link to '${link}',`;

/** The issue of a path (`value`, for `path` in the configuration; through `link`) inside `.git`. */
export function gitFolderIssue(path: string, value: string, link?: string): ConfigIssue {
  return {
    path,
    message: `${shownPath(value, link)} inside .git; Transloom never reads or writes git's own files`,
  };
}

/** The issue of a path a run would write (`value`, for `path`; through `link`) inside `.github`. */
export function githubFolderIssue(path: string, value: string, link?: string): ConfigIssue {
  return {
    path,
    message: `${shownPath(value, link)} inside .github, where workflows, actions and CODEOWNERS live; ${link === undefined ? 'set allowGitHubFolder: true to write there' : 'a link may not lead there'}`,
  };
}

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
 * placeholders filled in. No path may pass through `.git` (a target there would rewrite git's
 * configuration or hooks), and no path a run writes may be in `.github` unless
 * `allowGitHubFolder` says so. Symbolic links are checked when the paths are used.
 */
export function configPathIssues(config: ConfigSchemaOutput, root: string): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  // Whether `value` (for `key`) is refused by the folder it is in: `writes` for what a run writes.
  const folder = (key: string, value: string, writes: boolean): boolean => {
    const where = protectedFolderOf(relative(root, resolve(root, value)));
    if (where === '.git') issues.push(gitFolderIssue(key, value));
    else if (where === '.github' && writes && !config.allowGitHubFolder)
      issues.push(githubFolderIssue(key, value));
    else return false;
    return true;
  };
  const path = (key: string, value: string | undefined, writes = true) => {
    if (value === undefined) return;
    if (!isInside(root, resolve(root, value))) issues.push(outsideIssue(key, value));
    else folder(key, value, writes);
  };
  const glob = (key: string, value: string) => {
    if (PARENT_SEGMENT.test(value))
      issues.push({
        path: key,
        message: `'${value}' climbs out with '..'; globs must stay inside the project root`,
      });
    else if (!isInside(root, resolve(root, value))) issues.push(outsideIssue(key, value));
    else folder(key, value, false);
  };
  const fill = (template: string, values: Record<string, string>) =>
    Object.entries(values).reduce((t, [name, v]) => t.replaceAll(`{${name}}`, v), template);
  config.files.forEach((entry, i) => {
    glob(`files[${i}].source`, fill(entry.source, { locale: config.sourceLocale }));
    if (entry.target === undefined) {
      // The targets are the source's path with the locale: in the source's folders.
      for (const locale of config.targetLocales)
        if (folder(`files[${i}].target`, fill(entry.source, { locale }), true)) break;
      return;
    }
    for (const locale of config.targetLocales) {
      const target = fill(entry.target, { locale, path: 'file' });
      if (!isInside(root, resolve(root, target))) {
        issues.push(outsideIssue(`files[${i}].target`, entry.target));
        break;
      }
      if (folder(`files[${i}].target`, target, true)) break;
    }
  });
  path('presetOptions.root', config.presetOptions?.root);
  path('lockFile', config.lockFile);
  if (config.translationMemory !== false && config.translationMemory?.path)
    path('translationMemory.path', config.translationMemory.path);
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
