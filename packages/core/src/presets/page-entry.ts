import { globSync } from 'tinyglobby';
import type { FileEntry } from '../config/config-schema.js';
import { DOCS_ATTRIBUTES, type DocsPolicy, type DocsPresetContext } from './docs-preset.js';
import type { DocsGenerator, SiteLinks } from './site-links.js';

/** Globs no preset ever reads pages from. */
export const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/.git/**'];

/** One folder of pages and where a locale's copy of it goes. */
export interface PageFolder {
  /** The source folder, relative to the root, '' or ending in `/`. */
  sourceDir: string;
  /** The target folder with `{locale}`, ending in `/`. */
  targetDir: string;
  /** URL prefix of the source locale ('' for a root locale). */
  sourcePrefix: string;
  /** Globs (relative to the root) that are not pages of this folder. */
  exclude: readonly string[];
  /** Read `.md` pages as MDX too (Docusaurus compiles them as MDX unless told otherwise). */
  mdx?: boolean;
}

/** The source pages of a folder, relative to the root, sorted. */
export function listPages(context: DocsPresetContext, folder: PageFolder): string[] {
  return globSync(`${folder.sourceDir}**/*.{md,mdx}`, {
    cwd: context.root,
    onlyFiles: true,
    expandDirectories: false,
    ignore: [...ALWAYS_EXCLUDED, ...folder.exclude, ...(context.options.exclude ?? [])],
  }).sort();
}

/**
 * The file entry of a folder of pages: Markdown and MDX to the locale's folder, read with the
 * generator's front-matter policy and anchors, and the site layout for link rewriting.
 */
export function pageEntry(
  context: DocsPresetContext,
  generator: DocsGenerator,
  policy: DocsPolicy,
  folder: PageFolder,
  pages: readonly string[],
): FileEntry {
  const site: SiteLinks = {
    generator,
    sourceDir: folder.sourceDir,
    targetDir: folder.targetDir,
    sourcePrefix: folder.sourcePrefix,
    localizeRoutes: generator !== 'docusaurus',
    pages,
    frontMatter: policy.frontMatterLinks,
  };
  const exclude = [...folder.exclude, ...(context.options.exclude ?? [])];
  return {
    source: `${folder.sourceDir}**/*.{md,mdx}`,
    target: `${folder.targetDir}{path}`,
    ...(folder.mdx ? { format: 'mdx' as const } : {}),
    ...(exclude.length > 0 ? { exclude } : {}),
    options: {
      frontMatter: [...(context.options.frontMatter ?? policy.frontMatter)],
      attributes: [...(context.options.attributes ?? DOCS_ATTRIBUTES)],
      anchors: policy.anchors,
      site,
    },
  };
}
